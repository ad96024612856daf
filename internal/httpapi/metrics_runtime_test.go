package httpapi_test

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"dwa/internal/shoptest"
)

// TestRuntimeMetrics: /metrics carries the standard go_* and process_*
// series under their usual names, with plausible values, in a text format
// where every sample belongs to a family declared once.
func TestRuntimeMetrics(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	body := a.Do("GET", "/metrics", "").Body.String()
	samples, err := parseExposition(body)
	if err != nil {
		t.Fatal(err)
	}
	now := float64(time.Now().Unix())
	for _, c := range []struct {
		series   string
		min, max float64
	}{
		{fmt.Sprintf("go_info{version=%q}", runtime.Version()), 1, 1},
		{"go_goroutines", 1, 1e6},
		{"go_threads", 1, 1e5},
		{"go_sched_gomaxprocs_threads", float64(runtime.GOMAXPROCS(0)), float64(runtime.GOMAXPROCS(0))},
		{"go_gc_gogc_percent", 1, 1e4},
		{"go_gc_duration_seconds_count", 0, 1e9},
		{`go_gc_duration_seconds{quantile="0.5"}`, 0, 10},
		{"go_memstats_heap_alloc_bytes", 1 << 10, 64 << 30},
		{"go_memstats_alloc_bytes_total", 1 << 10, 1 << 50},
		{"go_memstats_sys_bytes", 1 << 20, 64 << 30},
		{"go_memstats_next_gc_bytes", 1 << 10, 64 << 30},
		{"process_cpu_seconds_total", 1e-6, 1e7},
		{"process_resident_memory_bytes", 1 << 20, 64 << 30},
		{"process_virtual_memory_bytes", 1 << 20, 1 << 50},
		{"process_open_fds", 3, 1 << 20},
		{"process_max_fds", 3, 1 << 40},
		{"process_start_time_seconds", now - 3600, now},
	} {
		v, ok := samples[c.series]
		if !ok {
			t.Errorf("/metrics lacks %s", c.series)
			continue
		}
		if v < c.min || v > c.max {
			t.Errorf("%s = %g; want between %g and %g", c.series, v, c.min, c.max)
		}
	}
	if samples["go_memstats_alloc_bytes_total"] < samples["go_memstats_heap_alloc_bytes"] {
		t.Errorf("allocated in total %g < allocated now %g", samples["go_memstats_alloc_bytes_total"], samples["go_memstats_heap_alloc_bytes"])
	}
	if samples["process_open_fds"] > samples["process_max_fds"] {
		t.Errorf("open fds %g > max fds %g", samples["process_open_fds"], samples["process_max_fds"])
	}
}

// parseExposition reads Prometheus text: it returns each sample by its
// series (name and labels as written) and fails on a sample of a family
// without a TYPE line, a family declared twice, or a malformed value.
func parseExposition(text string) (map[string]float64, error) {
	types := map[string]string{}
	samples := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if rest, ok := strings.CutPrefix(line, "# TYPE "); ok {
			name, typ, _ := strings.Cut(rest, " ")
			if _, dup := types[name]; dup {
				return nil, fmt.Errorf("family %s declared twice", name)
			}
			types[name] = typ
			continue
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			return nil, fmt.Errorf("malformed line %q", line)
		}
		series, value := line[:i], line[i+1:]
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return nil, fmt.Errorf("line %q: %v", line, err)
		}
		name, _, _ := strings.Cut(series, "{")
		family := name
		for _, suffix := range []string{"_bucket", "_sum", "_count"} {
			if base, ok := strings.CutSuffix(name, suffix); ok && (types[base] == "histogram" || types[base] == "summary") {
				family = base
			}
		}
		if types[family] == "" {
			return nil, fmt.Errorf("sample %s has no TYPE line", series)
		}
		samples[series] = v
	}
	return samples, nil
}
