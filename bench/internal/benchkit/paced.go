// Package benchkit holds the pieces the bench drivers share: the paced
// requester (hey, one paced connection per worker), the JSON API client
// and order placement.
package benchkit

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rakyll/hey/requester"
)

// Paced describes one open-loop run over URLs used in turn; "{id}" in a
// URL is replaced by a pseudo-random number in [1, IDs].
type Paced struct {
	URLs     []string
	Rate     int // requests per second, all workers together; 0: as fast as the workers go
	Workers  int
	Duration time.Duration
	IDs      int
	Seed     uint64 // varies the pseudo-random ids between runs
}

// Result is what a run measured. Errors are non-2xx answers and transport
// failures; Unfinished are requests never sent because the time bound
// stopped the run first (a server too slow for the rate).
type Result struct {
	Requests, Errors, Unfinished int64
	PerSecond, P50, P99          float64 // P50/P99 in ms
	Elapsed                      time.Duration
}

// Warm fetches each URL once, so that caches filled on first use
// (category tree, search index) are not what the percentiles measure.
func Warm(urls []string) error {
	for _, u := range urls {
		res, err := http.Get(strings.ReplaceAll(u, "{id}", "1"))
		if err != nil {
			return err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	return nil
}

// Run drives the URLs. One hey Work per connection, each at its share of
// the rate, started a share of the tick apart: arrivals are spread evenly
// over time (open loop at the stated rate) instead of all connections
// firing at once each tick, which would measure bursts, not the rate.
func (p Paced) Run() (Result, error) {
	perWorker := 1 << 30 // unpaced: bounded by time only
	if p.Rate > 0 {
		perWorker = max(1, p.Rate*int(p.Duration.Seconds())/p.Workers)
	}
	tick := time.Duration(0)
	if p.Rate > 0 {
		tick = time.Duration(float64(time.Second) * float64(p.Workers) / float64(p.Rate))
	}
	var sent atomic.Int64
	works := make([]*requester.Work, p.Workers)
	outs := make([]bytes.Buffer, p.Workers)
	for i := range works {
		rng := rand.New(rand.NewPCG(p.Seed, uint64(i)))
		next := i
		works[i] = &requester.Work{
			N:       perWorker,
			C:       1,
			Timeout: 10,
			Output:  "csv",
			Writer:  &outs[i],
			// hey calls RequestFunc once per request it sends.
			RequestFunc: func() *http.Request {
				sent.Add(1)
				next++
				u := strings.ReplaceAll(p.URLs[next%len(p.URLs)], "{id}", strconv.Itoa(1+rng.IntN(p.IDs)))
				req, _ := http.NewRequest(http.MethodGet, u, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				return req
			},
		}
		if p.Rate > 0 {
			works[i].QPS = float64(p.Rate) / float64(p.Workers)
		}
		// hey reads Request for its transport settings even with RequestFunc.
		works[i].Request, _ = http.NewRequest(http.MethodGet, p.URLs[0], nil)
		works[i].Init()
	}
	start := time.Now()
	// Paced runs get 5 s of grace to finish their last requests; an
	// unpaced run stops at its duration.
	grace := 5 * time.Second
	if p.Rate == 0 {
		grace = 0
	}
	stop := time.AfterFunc(p.Duration+grace, func() {
		for _, w := range works {
			w.Stop()
		}
	})
	var wg sync.WaitGroup
	for i, w := range works {
		wg.Go(func() {
			time.Sleep(tick * time.Duration(i) / time.Duration(len(works)))
			w.Run()
		})
	}
	wg.Wait()
	stop.Stop()
	elapsed := time.Since(start)

	var rows [][]string
	for i := range outs {
		r, err := csv.NewReader(&outs[i]).ReadAll()
		if err != nil || len(r) == 0 {
			return Result{}, fmt.Errorf("unreadable results: %v", err)
		}
		rows = append(rows, r[1:]...) // each without its header row
	}
	// hey writes a row per answer; Run returns once every sent request
	// has an answer or a transport error.
	res := Result{Requests: int64(len(rows)), Elapsed: elapsed}
	res.Errors = sent.Load() - res.Requests
	if p.Rate > 0 {
		res.Unfinished = int64(perWorker*len(works)) - sent.Load()
	}
	var lat []float64
	for _, r := range rows {
		sec, _ := strconv.ParseFloat(r[0], 64)
		lat = append(lat, sec*1000)
		if code, _ := strconv.Atoi(r[6]); code < 200 || code > 299 {
			res.Errors++
		}
	}
	res.P50, res.P99 = Pct(lat, 0.50), Pct(lat, 0.99)
	res.PerSecond = float64(len(lat)) / elapsed.Seconds()
	return res, nil
}

// Pct is the p-th quantile (0..1) of the latencies; it sorts them.
func Pct(lat []float64, p float64) float64 {
	if len(lat) == 0 {
		return 0
	}
	slices.Sort(lat)
	return lat[min(len(lat)-1, int(p*float64(len(lat))))]
}
