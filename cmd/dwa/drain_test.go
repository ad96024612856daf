package main

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDrainDelay: on SIGTERM with DWA_DRAIN_DELAY, /readyz fails at once
// while new requests are still answered (on connections closed after the
// answer), so a load balancer moves traffic away before the listener
// closes; then the server stops as usual.
func TestDrainDelay(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	out := &syncBuffer{}
	vars := map[string]string{"DWA_DATA_DIR": t.TempDir(), "DWA_ADDR": addr, "DWA_DEMO": "0", "DWA_DRAIN_DELAY": "3s"}
	e := env{getenv: func(k string) string { return vars[k] }, stdin: strings.NewReader(""), stdout: out, stderr: out}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	base := "http://" + addr
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	status := func(path string) int {
		resp, err := client.Get(base + path)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	waitUntil(t, func() bool { return status("/readyz") == 200 })

	cancel()
	waitUntil(t, func() bool { return status("/readyz") == 503 })
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatalf("a request while draining: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !resp.Close {
		t.Errorf("while draining: %d, Connection: close %t; want 200 on a closed connection", resp.StatusCode, resp.Close)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop after the drain delay")
	}
	if !strings.Contains(out.String(), `"msg":"draining: /readyz fails, still serving"`) {
		t.Errorf("no drain line in the log:\n%s", out)
	}
}

func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 30 s")
		}
	}
}
