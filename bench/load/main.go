// Command load drives one endpoint of a running dwa server at a fixed rate
// for a bounded time and number of requests, with the open-source hey
// requester (one paced connection per worker, so arrivals are even), and
// prints one Markdown table row: endpoint, achieved
// requests/s, p50, p99, errors (non-2xx answers and transport failures:
// refused, reset, timed out) and unfinished (requests never sent because
// the time bound stopped the run first — a server too slow for the rate,
// not an error it returned). Each URL is fetched once before the run, so
// that caches filled on first use (category tree, search index) are not
// what the percentiles measure.
//
//	load -name "product list" -rate 1000 -duration 10s http://127.0.0.1:8080/api/store/products/?page_size=24
//
// Several URLs are used in turn (search-as-you-type mixes); "{id}" in a URL
// is replaced by a pseudo-random id in [1, -ids].
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"dwa/bench/internal/benchkit"
)

func main() {
	name := flag.String("name", "endpoint", "row label")
	rate := flag.Int("rate", 1000, "requests per second (all workers together)")
	workers := flag.Int("c", 50, "concurrent connections")
	duration := flag.Duration("duration", 10*time.Second, "stop after this long")
	ids := flag.Int("ids", 10000, "upper bound for {id}")
	header := flag.Bool("header", false, "print the table header first")
	flag.Parse()
	if *header {
		fmt.Println("| endpoint | req/s | p50 ms | p99 ms | errors | unfinished |")
		fmt.Println("|---|---:|---:|---:|---:|---:|")
	}
	urls := flag.Args()
	if len(urls) == 0 {
		fmt.Fprintln(os.Stderr, "load: no URL")
		os.Exit(2)
	}
	if err := benchkit.Warm(urls); err != nil {
		fmt.Fprintln(os.Stderr, "load: warm-up:", err)
		os.Exit(1)
	}
	r, err := benchkit.Paced{URLs: urls, Rate: *rate, Workers: *workers, Duration: *duration, IDs: *ids, Seed: 1}.Run()
	if err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
	fmt.Printf("| %s | %.0f | %.2f | %.2f | %d | %d |\n", *name, r.PerSecond, r.P50, r.P99, r.Errors, r.Unfinished)
}
