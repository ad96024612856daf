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
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"dwa/bench/internal/benchkit"
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
	api := strings.TrimSuffix(flag.Arg(0), "/") + "/api"
	var plenty []int
	for _, s := range strings.Split(*products, ",") {
		id, err := strconv.Atoi(s)
		if err != nil {
			fatal("bad product id %q", s)
		}
		plenty = append(plenty, id)
	}
	startStock, err := benchkit.Inventory(api, *scarce)
	check(err)
	tokens, err := benchkit.RegisterShoppers(api, benchkit.RunName(), *users)
	check(err)
	r := benchkit.Orders{API: api, Rate: *rate, Duration: *duration, Plenty: plenty, Scarce: *scarce,
		ScarceShare: *scarceShare, Tokens: tokens}.Run()
	endStock, err := benchkit.Inventory(api, *scarce)
	check(err)
	fmt.Printf("| order placement (bag + order, %d shoppers) | %.0f | %.2f | %.2f | %d | %d |\n",
		*users, float64(len(r.Lat))/r.Elapsed.Seconds(), benchkit.Pct(r.Lat, 0.50), benchkit.Pct(r.Lat, 0.99), r.Errors, r.Unsent)
	oversold := max(0, r.ScarcePlaced-startStock)
	consistent := endStock >= 0 && endStock == startStock-r.ScarcePlaced
	fmt.Printf("\norders placed: %d; scarce product: %d units at start, %d orders placed, %d refused, stock now %d → oversold: %d\n",
		r.Placed, startStock, r.ScarcePlaced, r.SoldOut, endStock, oversold)
	if oversold > 0 || !consistent {
		fatal("stock check failed")
	}
}

func check(err error) {
	if err != nil {
		fatal("%v", err)
	}
}

func fatal(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "orders: "+format+"\n", a...)
	os.Exit(1)
}
