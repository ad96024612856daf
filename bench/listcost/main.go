// Command listcost measures the uncached product list: the storefront's
// first page (24, storefront fields) shuffled with a random seed per
// request, so no answer can come from a cache, over 32 connections as fast
// as they go. Prints one Markdown row: size, req/s, p50, p99, errors and
// server CPU per request (utime+stime of -pid from /proc over the run,
// divided by the requests answered). With -baseline (CPU ms per request of
// a smaller catalogue) it marks the budget CPU ≤ 2× baseline.
//
// With -facets it measures the whole catalogue's facets instead, each
// request with another price floor (GH₵ 1–1,000,000), so that neither the
// answer cache nor the index's kept facets answer it: a full counting pass
// each time, the worst a facet request costs.
//
//	listcost -name 1k -pid 123 -duration 10s http://127.0.0.1:8001
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

// clockTicks is USER_HZ, the unit of utime and stime in /proc/PID/stat:
// 100 on every Linux architecture Go supports.
const clockTicks = 100

func main() {
	name := flag.String("name", "list", "row label (catalogue size)")
	pid := flag.Int("pid", 0, "pid of the dwa server")
	conns := flag.Int("c", 32, "connections")
	duration := flag.Duration("duration", 10*time.Second, "how long")
	baseline := flag.Float64("baseline", 0, "CPU ms per request to compare with (budget: at most 2×)")
	out := flag.String("out", "", "also write the CPU ms per request to this file")
	header := flag.Bool("header", false, "print the table header first")
	facets := flag.Bool("facets", false, "measure the whole catalogue's facets, uncounted, instead of the list")
	flag.Parse()
	if flag.NArg() != 1 || *pid == 0 {
		fmt.Fprintln(os.Stderr, "usage: listcost [-facets] -pid PID BASE_URL")
		os.Exit(2)
	}
	base := strings.TrimSuffix(flag.Arg(0), "/")
	u, ids := base+"/api/store/products/?page_size=24&fields=id,name,unit_price,images,inventory,average_rating,description&seed={id}",
		2147483646
	if *facets {
		u, ids = base+"/api/store/products/facets/?unit_price__gt={id}", 1_000_000
	}
	if *header {
		fmt.Println("| uncached list (random seed) or facets (random price floor), 32 connections | req/s | p50 ms | p99 ms | errors | CPU ms/request | budget |")
		fmt.Println("|---|---:|---:|---:|---:|---:|---|")
	}
	check(benchkit.Warm([]string{u}))
	cpu0 := cpuTicks(*pid)
	r, err := benchkit.Paced{URLs: []string{u}, Workers: *conns, Duration: *duration, IDs: ids,
		Seed: uint64(time.Now().UnixNano())}.Run()
	check(err)
	total := float64(cpuTicks(*pid)-cpu0) * 1000 / clockTicks
	if r.Requests == 0 {
		// Nothing answered in time: the CPU per request is more than all
		// the CPU the run used, which is what can be said.
		fmt.Printf("| %s | 0 | — | — (none answered in %s) | %d | > %.0f (all the run used) | **FAIL** |\n", *name, *duration, r.Errors, total)
		return
	}
	cpu := total / float64(r.Requests)
	budget := ""
	if *baseline > 0 {
		verdict := "PASS"
		if cpu > 2**baseline {
			verdict = "**FAIL**"
		}
		budget = fmt.Sprintf("≤ 2× %.2f: %s", *baseline, verdict)
	}
	fmt.Printf("| %s | %.0f | %.2f | %.2f | %d | %.2f | %s |\n", *name, r.PerSecond, r.P50, r.P99, r.Errors, cpu, budget)
	if *out != "" {
		check(os.WriteFile(*out, []byte(strconv.FormatFloat(cpu, 'f', 3, 64)+"\n"), 0o644))
	}
}

// cpuTicks is utime+stime of the process: fields 14 and 15 of
// /proc/PID/stat, counted after the command name, which may hold spaces.
func cpuTicks(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	check(err)
	n, err := parseCPU(string(b))
	check(err)
	return n
}

func parseCPU(stat string) (int64, error) {
	f := strings.Fields(stat[strings.LastIndexByte(stat, ')')+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("short /proc stat line %q", stat)
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("bad utime/stime in %q", stat)
	}
	return ut + st, nil
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "listcost:", err)
		os.Exit(1)
	}
}
