package httpapi

import (
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// latencyBuckets are the upper bounds, in seconds, of the latency histogram.
var latencyBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

type seriesKey struct {
	route, method string
	status        int
}

type series struct {
	count   uint64
	sum     float64
	buckets []uint64 // cumulative counts per latencyBuckets entry
}

// metrics keeps request counters and latency histograms in memory and
// renders them in the Prometheus text format; no client library needed.
type metrics struct {
	mu     sync.Mutex
	series map[seriesKey]*series
	pools  func() map[string]sql.DBStats
}

func newMetrics(pools func() map[string]sql.DBStats) *metrics {
	return &metrics{series: map[seriesKey]*series{}, pools: pools}
}

func (m *metrics) observe(route, method string, status int, d time.Duration) {
	if status == 0 {
		status = http.StatusOK
	}
	secs := d.Seconds()
	k := seriesKey{route, methodLabel(method), status}
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.series[k]
	if s == nil {
		s = &series{buckets: make([]uint64, len(latencyBuckets))}
		m.series[k] = s
	}
	s.count++
	s.sum += secs
	for i, b := range latencyBuckets {
		if secs <= b {
			s.buckets[i]++
		}
	}
}

func (m *metrics) write(w io.Writer) {
	m.mu.Lock()
	keys := make([]seriesKey, 0, len(m.series))
	for k := range m.series {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b seriesKey) int {
		if a.route != b.route {
			return strings.Compare(a.route, b.route)
		}
		if a.method != b.method {
			return strings.Compare(a.method, b.method)
		}
		return a.status - b.status
	})
	fmt.Fprintln(w, "# HELP dwa_http_requests_total HTTP requests served, by route pattern, method and status.")
	fmt.Fprintln(w, "# TYPE dwa_http_requests_total counter")
	for _, k := range keys {
		fmt.Fprintf(w, "dwa_http_requests_total{%s} %d\n", labels(k), m.series[k].count)
	}
	fmt.Fprintln(w, "# HELP dwa_http_request_duration_seconds Time to serve HTTP requests.")
	fmt.Fprintln(w, "# TYPE dwa_http_request_duration_seconds histogram")
	for _, k := range keys {
		s := m.series[k]
		for i, b := range latencyBuckets {
			fmt.Fprintf(w, "dwa_http_request_duration_seconds_bucket{%s,le=\"%s\"} %d\n", labels(k),
				strconv.FormatFloat(b, 'g', -1, 64), s.buckets[i])
		}
		fmt.Fprintf(w, "dwa_http_request_duration_seconds_bucket{%s,le=\"+Inf\"} %d\n", labels(k), s.count)
		fmt.Fprintf(w, "dwa_http_request_duration_seconds_sum{%s} %g\n", labels(k), s.sum)
		fmt.Fprintf(w, "dwa_http_request_duration_seconds_count{%s} %d\n", labels(k), s.count)
	}
	m.mu.Unlock()
	m.writePools(w)
	writeRuntimeMetrics(w)
}

func (m *metrics) writePools(w io.Writer) {
	if m.pools == nil {
		return
	}
	pools := m.pools()
	names := make([]string, 0, len(pools))
	for n := range pools {
		names = append(names, n)
	}
	slices.Sort(names)
	gauges := []struct {
		name, help string
		get        func(sql.DBStats) float64
	}{
		{"dwa_db_open_connections", "Open database connections.", func(s sql.DBStats) float64 { return float64(s.OpenConnections) }},
		{"dwa_db_in_use_connections", "Database connections in use.", func(s sql.DBStats) float64 { return float64(s.InUse) }},
		{"dwa_db_idle_connections", "Idle database connections.", func(s sql.DBStats) float64 { return float64(s.Idle) }},
		{"dwa_db_max_open_connections", "Pool size limit.", func(s sql.DBStats) float64 { return float64(s.MaxOpenConnections) }},
		{"dwa_db_wait_count_total", "Connections waited for.", func(s sql.DBStats) float64 { return float64(s.WaitCount) }},
		{"dwa_db_wait_seconds_total", "Time spent waiting for a connection.", func(s sql.DBStats) float64 { return s.WaitDuration.Seconds() }},
	}
	for _, g := range gauges {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s gauge\n", g.name, g.help, g.name)
		for _, n := range names {
			fmt.Fprintf(w, "%s{pool=%q} %g\n", g.name, n, g.get(pools[n]))
		}
	}
}

// methodLabel maps a request method to a fixed set: Go accepts any token
// as a method, and one series per made-up method would let any client grow
// /metrics without bound.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return method
	}
	return "other"
}

func labels(k seriesKey) string {
	return fmt.Sprintf("route=%q,method=%q,status=\"%d\"", k.route, k.method, k.status)
}

// metricsClientAllowed reports whether the client of r may read /metrics:
// its address, resolved through the trusted proxies like every client
// address (clientIP), must be inside one of nets. A request that names a
// forwarded client but comes from a peer that is not a trusted proxy is
// refused: behind a proxy we were not told about (on the same host, say),
// the peer is the proxy and says nothing about the client.
func metricsClientAllowed(r *http.Request, nets, trusted []netip.Prefix) bool {
	peer := peerAddr(r.RemoteAddr)
	if !peer.IsValid() {
		return false
	}
	if !isTrusted(peer, trusted) && forwarded(r) {
		return false
	}
	client, err := netip.ParseAddr(clientIP(r, trusted))
	return err == nil && isTrusted(client, nets)
}

// forwarded reports whether r carries any of the headers proxies add.
func forwarded(r *http.Request) bool {
	for _, h := range []string{"X-Forwarded-For", "Forwarded", "X-Real-Ip"} {
		if len(r.Header.Values(h)) > 0 {
			return true
		}
	}
	return false
}
