// Command loadcheck sends requests to a shop through its load balancer
// until it is interrupted (SIGINT/SIGTERM) and then prints how many were
// answered and how many failed, by reason. deploy/local-cluster.sh runs it
// across a rolling restart, where any failure is a dropped request.
//
//	loadcheck -c 16 -cacert cert.pem -post https://…/api/analytics/pageviews/ -body '{"path":"/"}' \
//		https://localhost:18443/api/store/products/ https://…/api/store/categories/
//
// Each worker sends one request at a time over its own keep-alive
// connection, taking the GET URLs and the POST in turn. Every answer other
// than 2xx, and every transport error, counts as failed. The POSTs
// answered 2xx are counted apart, so a caller can check that the server
// stored each exactly once.
package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	workers := flag.Int("c", 16, "concurrent workers")
	caFile := flag.String("cacert", "", "PEM file of the certificate authority to trust (a self-signed proxy certificate)")
	postURL := flag.String("post", "", "a URL to POST to, in turn with the GETs")
	postBody := flag.String("body", "{}", "the JSON body of the POST")
	flag.Parse()
	var reqs []request
	for _, u := range flag.Args() {
		reqs = append(reqs, request{method: "GET", url: u})
	}
	if *postURL != "" {
		reqs = append(reqs, request{method: "POST", url: *postURL, body: *postBody})
	}
	if len(reqs) == 0 {
		fmt.Fprintln(os.Stderr, "loadcheck: no URL")
		os.Exit(2)
	}
	tr := &http.Transport{MaxIdleConnsPerHost: *workers, ForceAttemptHTTP2: true}
	if *caFile != "" {
		pem, err := os.ReadFile(*caFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadcheck:", err)
			os.Exit(2)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			fmt.Fprintln(os.Stderr, "loadcheck: no certificate in", *caFile)
			os.Exit(2)
		}
		tr.TLSClientConfig = &tls.Config{RootCAs: pool}
	}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var (
		mu         sync.Mutex
		ok, posted int
		failures   = map[string]int{}
		latencies  []time.Duration
	)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; ctx.Err() == nil; i++ {
				t0 := time.Now()
				req := reqs[i%len(reqs)]
				reason := req.send(client)
				d := time.Since(t0)
				mu.Lock()
				if reason == "" {
					ok++
					if req.method == "POST" {
						posted++
					}
					latencies = append(latencies, d)
				} else {
					failures[reason]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	failed := 0
	for _, n := range failures {
		failed += n
	}
	fmt.Printf("requests %d, answered 2xx %d (POST %d), failed %d, %.0f req/s, p50 %s, p99 %s over %s\n", ok+failed, ok, posted, failed,
		float64(ok+failed)/elapsed.Seconds(), pct(latencies, 50), pct(latencies, 99), elapsed.Round(time.Millisecond))
	reasons := make([]string, 0, len(failures))
	for r := range failures {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		fmt.Printf("  failed: %d × %s\n", failures[r], r)
	}
	if failed > 0 {
		os.Exit(1)
	}
}

type request struct{ method, url, body string }

// send makes the request and returns why it failed, or "" for a 2xx
// answer read whole.
func (r request) send(client *http.Client) string {
	var body io.Reader
	if r.method == "POST" {
		body = strings.NewReader(r.body)
	}
	req, err := http.NewRequest(r.method, r.url, body)
	if err != nil {
		return "request: " + err.Error()
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return "transport: " + err.Error()
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return "body: " + err.Error()
	}
	if resp.StatusCode/100 != 2 {
		return r.method + " status " + resp.Status
	}
	return ""
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[(len(sorted)-1)*p/100].Round(10 * time.Microsecond)
}
