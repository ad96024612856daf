package httpapi

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	runtimemetrics "runtime/metrics"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"
)

// The standard go_* and process_* series, under the names and meanings the
// Prometheus client library gives them, so stock dashboards and alerts
// work; decision 0003 says why they are written here and not by the library.

// processStart is when this process began, to within its start-up: the
// package is initialised before main runs.
var processStart = time.Now()

// runtimeSamples are read from runtime/metrics, which needs no pause of
// the program.
var runtimeSamples = []struct{ source, name, help string }{
	{"/sched/goroutines:goroutines", "go_goroutines", "Number of goroutines that currently exist."},
	{"/sched/gomaxprocs:threads", "go_sched_gomaxprocs_threads", "The current runtime.GOMAXPROCS setting: how many OS threads can run Go code at once."},
	{"/gc/gogc:percent", "go_gc_gogc_percent", "Heap size target percentage configured by GOGC."},
	{"/gc/gomemlimit:bytes", "go_gc_gomemlimit_bytes", "Go runtime memory limit configured by GOMEMLIMIT."},
}

func writeRuntimeMetrics(w io.Writer) {
	gauge := func(name, help string, v float64) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s gauge\n%s %s\n", name, help, name, name, num(v))
	}
	counter := func(name, help string, v float64) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s counter\n%s %s\n", name, help, name, name, num(v))
	}
	fmt.Fprintf(w, "# HELP go_info Information about the Go environment.\n# TYPE go_info gauge\ngo_info{version=%q} 1\n", runtime.Version())

	samples := make([]runtimemetrics.Sample, len(runtimeSamples))
	for i, s := range runtimeSamples {
		samples[i].Name = s.source
	}
	runtimemetrics.Read(samples)
	for i, s := range runtimeSamples {
		if samples[i].Value.Kind() == runtimemetrics.KindUint64 {
			gauge(s.name, s.help, float64(samples[i].Value.Uint64()))
		}
	}
	gauge("go_threads", "Number of OS threads created.", float64(pprof.Lookup("threadcreate").Count()))

	gc := debug.GCStats{PauseQuantiles: make([]time.Duration, 5)}
	debug.ReadGCStats(&gc)
	fmt.Fprintln(w, "# HELP go_gc_duration_seconds A summary of the wall-time pause (stop-the-world) duration in garbage collection cycles.")
	fmt.Fprintln(w, "# TYPE go_gc_duration_seconds summary")
	for i, q := range []string{"0", "0.25", "0.5", "0.75", "1"} {
		fmt.Fprintf(w, "go_gc_duration_seconds{quantile=%q} %s\n", q, num(gc.PauseQuantiles[i].Seconds()))
	}
	fmt.Fprintf(w, "go_gc_duration_seconds_sum %s\ngo_gc_duration_seconds_count %d\n", num(gc.PauseTotal.Seconds()), gc.NumGC)

	// ReadMemStats stops the world for microseconds; once per scrape.
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	gauge("go_memstats_alloc_bytes", "Number of heap bytes allocated and currently in use.", float64(m.Alloc))
	counter("go_memstats_alloc_bytes_total", "Total number of heap bytes allocated, even if freed.", float64(m.TotalAlloc))
	gauge("go_memstats_sys_bytes", "Number of bytes obtained from the system.", float64(m.Sys))
	counter("go_memstats_mallocs_total", "Total number of heap objects allocated.", float64(m.Mallocs))
	counter("go_memstats_frees_total", "Total number of heap objects freed.", float64(m.Frees))
	gauge("go_memstats_heap_alloc_bytes", "Number of heap bytes allocated and currently in use.", float64(m.HeapAlloc))
	gauge("go_memstats_heap_sys_bytes", "Number of heap bytes obtained from the system.", float64(m.HeapSys))
	gauge("go_memstats_heap_idle_bytes", "Number of heap bytes waiting to be used.", float64(m.HeapIdle))
	gauge("go_memstats_heap_inuse_bytes", "Number of heap bytes that are in use.", float64(m.HeapInuse))
	gauge("go_memstats_heap_released_bytes", "Number of heap bytes released to the OS.", float64(m.HeapReleased))
	gauge("go_memstats_heap_objects", "Number of currently allocated objects.", float64(m.HeapObjects))
	gauge("go_memstats_stack_inuse_bytes", "Number of bytes obtained from the system for stack allocator.", float64(m.StackInuse))
	gauge("go_memstats_gc_sys_bytes", "Number of bytes used for garbage collection system metadata.", float64(m.GCSys))
	gauge("go_memstats_next_gc_bytes", "Number of heap bytes when next garbage collection will take place.", float64(m.NextGC))
	gauge("go_memstats_last_gc_time_seconds", "Number of seconds since 1970 of last garbage collection.", float64(m.LastGC)/1e9)

	writeProcessMetrics(gauge, counter)
}

// writeProcessMetrics reports CPU, memory and file descriptors. Memory and
// descriptors come from /proc (Linux); elsewhere those series are left out.
func writeProcessMetrics(gauge, counter func(name, help string, v float64)) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		counter("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", cpu.Seconds())
	}
	if rss, vsize, ok := procStat(); ok {
		gauge("process_resident_memory_bytes", "Resident memory size in bytes.", rss)
		gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", vsize)
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		gauge("process_open_fds", "Number of open file descriptors.", float64(len(fds)))
	}
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil {
		gauge("process_max_fds", "Maximum number of open file descriptors.", float64(lim.Cur))
	}
	gauge("process_start_time_seconds", "Start time of the process since unix epoch in seconds.",
		float64(processStart.UnixNano())/1e9)
}

// procStat reads the resident and virtual size from /proc/self/stat
// (fields 23 and 24 of proc(5); the command name in field 2 may hold
// spaces, so fields are counted after its closing parenthesis).
func procStat() (rss, vsize float64, ok bool) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, 0, false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(b[i+1:]) // f[0] is field 3 (state)
	if len(f) < 22 {
		return 0, 0, false
	}
	vs, err1 := strconv.ParseFloat(string(f[20]), 64)
	pages, err2 := strconv.ParseFloat(string(f[21]), 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return pages * float64(os.Getpagesize()), vs, true
}

// num formats a sample value as Prometheus expects (Go's shortest form).
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
