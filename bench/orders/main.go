// Command orders drives order placement on a running dwa server: signed-in
// shoppers each put a product in their bag and place an order, at a fixed
// total rate of orders per second. Only POST /store/orders/ is timed. A
// share of the orders goes to one scarce product, so that shoppers race
// for its last units; afterwards its stock must equal the units it started
// with minus the units sold — zero oversold. Prints one Markdown table row
// (like bench/load) and the stock check.
//
// The server must run with DWA_RATE_LIMITS=register=off,login=off,order=off.
//
//	orders -rate 100 -duration 10s -products 1,2,3 -scarce 4 http://127.0.0.1:8080
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	rate := flag.Int("rate", 100, "orders per second")
	duration := flag.Duration("duration", 10*time.Second, "how long to place orders")
	users := flag.Int("users", 50, "shoppers (each places one order at a time)")
	products := flag.String("products", "", "comma-separated ids of products with plenty of stock")
	scarce := flag.Int("scarce", 0, "id of the scarce product")
	scarceShare := flag.Float64("scarce-share", 0.2, "share of orders for the scarce product")
	flag.Parse()
	if flag.NArg() != 1 || *products == "" || *scarce == 0 {
		fmt.Fprintln(os.Stderr, "usage: orders -products 1,2 -scarce 3 BASE_URL")
		os.Exit(2)
	}
	base := strings.TrimSuffix(flag.Arg(0), "/") + "/api"
	var plenty []int
	for _, s := range strings.Split(*products, ",") {
		id, err := strconv.Atoi(s)
		if err != nil {
			fatal("bad product id %q", s)
		}
		plenty = append(plenty, id)
	}
	startStock := inventory(base, *scarce)

	shoppers := make(chan string, *users)
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	for i := range *users {
		shoppers <- signUp(base, fmt.Sprintf("bench_%s_%d", run, i))
	}

	var mu sync.Mutex
	var lat []float64
	placed, scarcePlaced, soldOut, errs, unsent := 0, 0, 0, 0, 0
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / time.Duration(*rate))
	deadline := time.Now().Add(*duration)
	start := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	for now := range tick.C {
		if now.After(deadline) {
			break
		}
		product, isScarce := plenty[rng.IntN(len(plenty))], rng.Float64() < *scarceShare
		if isScarce {
			product = *scarce
		}
		var token string
		select {
		case token = <-shoppers:
		default:
			// Every shopper is busy: the server is not keeping up. Not
			// an error it answered: reported apart, as unfinished.
			mu.Lock()
			unsent++
			mu.Unlock()
			continue
		}
		wg.Go(func() {
			defer func() { shoppers <- token }()
			code, _ := call("POST", base+"/store/cart-items/", token, fmt.Sprintf(`{"product_id":%d}`, product))
			if code != 200 && code != 201 {
				mu.Lock()
				if isScarce && code == 400 {
					soldOut++
				} else {
					errs++
				}
				mu.Unlock()
				return
			}
			t0 := time.Now()
			code, _ = call("POST", base+"/store/orders/", token, `{"shipping_address":"12 Ring Rd, Osu, Accra","contact_info":"+233 24 123 4567"}`)
			ms := float64(time.Since(t0).Microseconds()) / 1000
			if code != 201 {
				clearBag(base, token)
			}
			mu.Lock()
			defer mu.Unlock()
			lat = append(lat, ms)
			switch {
			case code == 201:
				placed++
				if isScarce {
					scarcePlaced++
				}
			case code == 409 && isScarce:
				soldOut++
			default:
				errs++
			}
		})
	}
	tick.Stop()
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	endStock := inventory(base, *scarce)
	fmt.Printf("| order placement (bag + order, %d shoppers) | %.0f | %.2f | %.2f | %d | %d |\n",
		*users, float64(len(lat))/elapsed.Seconds(), pct(0.50), pct(0.99), errs, unsent)
	oversold := max(0, scarcePlaced-startStock)
	consistent := endStock >= 0 && endStock == startStock-scarcePlaced
	fmt.Printf("\norders placed: %d; scarce product: %d units at start, %d orders placed, %d refused, stock now %d → oversold: %d\n",
		placed, startStock, scarcePlaced, soldOut, endStock, oversold)
	if oversold > 0 || !consistent {
		fatal("stock check failed")
	}
}

func fatal(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "orders: "+format+"\n", a...)
	os.Exit(1)
}

var client = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 200}}

func call(method, url, token, body string) (int, []byte) {
	req, _ := http.NewRequest(method, url, bytes.NewBufferString(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func signUp(base, name string) string {
	const password = "Bench-Kente-2026!"
	body := fmt.Sprintf(`{"username":%q,"email":"%s@bench.example","password":%q,"re_password":%q}`, name, name, password, password)
	if code, b := call("POST", base+"/auth/users/", "", body); code != 201 {
		fatal("register %s: %d %s (run the server with DWA_RATE_LIMITS=register=off,login=off,order=off)", name, code, b)
	}
	code, b := call("POST", base+"/auth/jwt/create/", "", fmt.Sprintf(`{"username":%q,"password":%q}`, name, password))
	var t struct{ Access string }
	if code != 200 || json.Unmarshal(b, &t) != nil {
		fatal("login %s: %d %s", name, code, b)
	}
	return t.Access
}

func inventory(base string, id int) int {
	code, b := call("GET", fmt.Sprintf("%s/store/products/%d/?fields=inventory", base, id), "", "")
	var p struct{ Inventory int }
	if code != 200 || json.Unmarshal(b, &p) != nil {
		fatal("product %d: %d %s", id, code, b)
	}
	return p.Inventory
}

// clearBag empties the shopper's bag after a refused order, so the next
// order does not carry the refused line.
func clearBag(base, token string) {
	_, b := call("GET", base+"/store/cart-items/", token, "")
	var lines []struct{ ID int64 }
	_ = json.Unmarshal(b, &lines)
	for _, l := range lines {
		call("DELETE", fmt.Sprintf("%s/store/cart-items/%d/", base, l.ID), token, "")
	}
}
