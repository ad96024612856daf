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
	"sync"
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
	// One hey Work per connection, each at its share of the rate, started a
	// share of the tick apart: arrivals are spread evenly over time (open
	// loop at the stated rate) instead of all connections firing at once
	// each tick, which would measure bursts of 50, not 1,000 req/s.
	perWorker := *rate * int(duration.Seconds()) / *workers
	tick := time.Duration(float64(time.Second) * float64(*workers) / float64(*rate))
	var sent atomic.Int64
	works := make([]*requester.Work, *workers)
	outs := make([]bytes.Buffer, *workers)
	for i := range works {
		rng := rand.New(rand.NewPCG(1, uint64(i)))
		next := i
		works[i] = &requester.Work{
			N:       perWorker,
			C:       1,
			QPS:     float64(*rate) / float64(*workers),
			Timeout: 10,
			Output:  "csv",
			Writer:  &outs[i],
			// hey calls RequestFunc once per request it sends.
			RequestFunc: func() *http.Request {
				sent.Add(1)
				next++
				u := strings.ReplaceAll(urls[next%len(urls)], "{id}", strconv.Itoa(1+rng.IntN(*ids)))
				req, _ := http.NewRequest(http.MethodGet, u, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				return req
			},
		}
		// hey reads Request for its transport settings even with RequestFunc.
		works[i].Request, _ = http.NewRequest(http.MethodGet, urls[0], nil)
		works[i].Init()
	}
	start := time.Now()
	stop := time.AfterFunc(*duration+5*time.Second, func() {
		for _, w := range works {
			w.Stop()
		}
	})
	var wg sync.WaitGroup
	for i, w := range works {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(tick * time.Duration(i) / time.Duration(len(works)))
			w.Run()
		}()
	}
	wg.Wait()
	stop.Stop()
	elapsed := time.Since(start)

	var rows [][]string
	for i := range outs {
		r, err := csv.NewReader(&outs[i]).ReadAll()
		if err != nil || len(r) == 0 {
			fmt.Fprintln(os.Stderr, "load: unreadable results:", err)
			os.Exit(1)
		}
		rows = append(rows, r[1:]...) // each without its header row
	}
	// hey writes a row per answer; Run returns once every sent request
	// has an answer or a transport error.
	answered := int64(len(rows))
	errors := sent.Load() - answered
	unfinished := int64(perWorker*len(works)) - sent.Load()
	var lat []float64
	for _, r := range rows {
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
