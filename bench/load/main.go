// Command load drives one endpoint of a running dwa server at a fixed rate
// for a bounded time and number of requests, with the open-source hey
// requester, and prints one Markdown table row: endpoint, achieved
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
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rakyll/hey/requester"
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
	for _, u := range urls {
		res, err := http.Get(strings.ReplaceAll(u, "{id}", "1"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "load: warm-up:", err)
			os.Exit(1)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	total := *rate * int(duration.Seconds())
	var next, sent atomic.Int64
	rng := rand.New(rand.NewPCG(1, 2))
	var out bytes.Buffer
	w := &requester.Work{
		N:       total - total%*workers,
		C:       *workers,
		QPS:     float64(*rate) / float64(*workers), // hey's rate is per worker
		Timeout: 10,
		Output:  "csv",
		Writer:  &out,
		// hey calls RequestFunc once per request it sends.
		RequestFunc: func() *http.Request {
			sent.Add(1)
			u := urls[int(next.Add(1))%len(urls)]
			u = strings.ReplaceAll(u, "{id}", strconv.Itoa(1+rng.IntN(*ids)))
			req, _ := http.NewRequest(http.MethodGet, u, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			return req
		},
	}
	// hey reads Request for its transport settings even with RequestFunc.
	w.Request, _ = http.NewRequest(http.MethodGet, urls[0], nil)
	w.Init()
	start := time.Now()
	stop := time.AfterFunc(*duration+5*time.Second, w.Stop)
	w.Run()
	stop.Stop()
	elapsed := time.Since(start)

	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(rows) == 0 {
		fmt.Fprintln(os.Stderr, "load: unreadable results:", err)
		os.Exit(1)
	}
	// hey writes a row per answer; Run returns once every sent request
	// has an answer or a transport error.
	answered := int64(len(rows) - 1)
	errors := sent.Load() - answered
	unfinished := int64(w.N) - sent.Load()
	var lat []float64
	for _, r := range rows[1:] {
		sec, _ := strconv.ParseFloat(r[0], 64)
		lat = append(lat, sec*1000)
		if code, _ := strconv.Atoi(r[6]); code < 200 || code > 299 {
			errors++
		}
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	fmt.Printf("| %s | %.0f | %.2f | %.2f | %d | %d |\n", *name, float64(len(lat))/elapsed.Seconds(), pct(0.50), pct(0.99),
		errors, unfinished)
}
