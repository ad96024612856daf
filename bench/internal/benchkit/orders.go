package benchkit

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"
)

// Orders describes order placement: signed-in shoppers each put a product
// in their bag and place an order, at Rate orders per second; a share goes
// to one scarce product so that shoppers race for its last units.
type Orders struct {
	API         string // base URL ending in /api
	Rate        int
	Duration    time.Duration
	Plenty      []int // products with plenty of stock
	Scarce      int
	ScarceShare float64
	Tokens      []string // one per shopper; each places one order at a time
}

// OrdersResult: only POST /store/orders/ is timed (Lat, ms). Unsent are
// orders skipped because every shopper was still busy (the server not
// keeping up), reported apart from errors.
type OrdersResult struct {
	Lat                                           []float64
	Placed, ScarcePlaced, SoldOut, Errors, Unsent int
	Elapsed                                       time.Duration
}

// RegisterShoppers signs up n shoppers named after run.
func RegisterShoppers(api, run string, n int) ([]string, error) {
	tokens := make([]string, n)
	for i := range tokens {
		t, err := SignUp(api, fmt.Sprintf("bench_%s_%d", run, i))
		if err != nil {
			return nil, err
		}
		tokens[i] = t
	}
	return tokens, nil
}

// RunName is a per-run suffix for account names.
func RunName() string { return strconv.FormatInt(time.Now().UnixNano(), 36) }

// Run places orders until the duration is over and every placed order has
// its answer.
func (o Orders) Run() OrdersResult {
	shoppers := make(chan string, len(o.Tokens))
	for _, t := range o.Tokens {
		shoppers <- t
	}
	var mu sync.Mutex
	var r OrdersResult
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / time.Duration(o.Rate))
	deadline := time.Now().Add(o.Duration)
	start := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	for now := range tick.C {
		if now.After(deadline) {
			break
		}
		product, isScarce := o.Plenty[rng.IntN(len(o.Plenty))], rng.Float64() < o.ScarceShare
		if isScarce {
			product = o.Scarce
		}
		var token string
		select {
		case token = <-shoppers:
		default:
			mu.Lock()
			r.Unsent++
			mu.Unlock()
			continue
		}
		wg.Go(func() {
			defer func() { shoppers <- token }()
			code, _ := Call("POST", o.API+"/store/cart-items/", token, fmt.Sprintf(`{"product_id":%d}`, product))
			if code != 200 && code != 201 {
				mu.Lock()
				if isScarce && code == 400 {
					r.SoldOut++
				} else {
					r.Errors++
				}
				mu.Unlock()
				return
			}
			t0 := time.Now()
			code, _ = Call("POST", o.API+"/store/orders/", token, `{"shipping_address":"12 Ring Rd, Osu, Accra","contact_info":"+233 24 123 4567"}`)
			ms := float64(time.Since(t0).Microseconds()) / 1000
			if code != 201 {
				ClearBag(o.API, token)
			}
			mu.Lock()
			defer mu.Unlock()
			r.Lat = append(r.Lat, ms)
			switch {
			case code == 201:
				r.Placed++
				if isScarce {
					r.ScarcePlaced++
				}
			case code == 409 && isScarce:
				r.SoldOut++
			default:
				r.Errors++
			}
		})
	}
	tick.Stop()
	wg.Wait()
	r.Elapsed = time.Since(start)
	return r
}
