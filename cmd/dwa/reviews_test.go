package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/shoptest/poll"
)

func TestReviewsCommand(t *testing.T) {
	vars := map[string]string{"DWA_DATA_DIR": t.TempDir(), "DWA_DEMO": "0"}
	ctx := context.Background()
	e, _ := testEnv(t, vars, "")
	a, err := openApp(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	u, err := a.shop.Service.CreateUser(ctx, service.NewUser{Username: "ama_k", Email: "ama@example.com", Password: shoptest.Password})
	if err != nil {
		t.Fatal(err)
	}
	p := shoptest.NewProduct("Kente Stole", 25000)
	if err := a.shop.Service.CreateProducts(ctx, []*shop.Product{p}); err != nil {
		t.Fatal(err)
	}
	var reviewID, ratingID int64
	db := a.store.DB().W
	if err := db.QueryRow(`INSERT INTO reviews (product_id, user_id, review, date_created) VALUES (?, ?, 'Lovely weave.', 0) RETURNING id`,
		p.ID, u.ID).Scan(&reviewID); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`INSERT INTO ratings (product_id, user_id, rating, date_created) VALUES (?, ?, 4, 0) RETURNING id`,
		p.ID, u.ID).Scan(&ratingID); err != nil {
		t.Fatal(err)
	}
	a.close()

	for _, tc := range []struct {
		args []string
		want string // output prefix, or the error's text after "ERR "
	}{
		{[]string{"reviews", "pending"}, fmt.Sprintf("%d\t1970-01-01T00:00:00.000Z\tama_k\tKente Stole\t\"Lovely weave.\"\n1 pending review(s)\n", reviewID)},
		{[]string{"reviews", "--ratings", "pending"}, fmt.Sprintf("%d\t1970-01-01T00:00:00.000Z\tama_k\t4/5\tKente Stole\n1 pending rating(s)\n", ratingID)},
		{[]string{"reviews", "approve", fmt.Sprint(reviewID)}, fmt.Sprintf("Review %d by ama_k is now approved.\n", reviewID)},
		{[]string{"reviews", "approve", fmt.Sprint(reviewID)}, fmt.Sprintf("Review %d by ama_k is now approved.\n", reviewID)},
		{[]string{"reviews", "pending"}, "0 pending review(s)\n"},
		{[]string{"reviews", "--ratings", "reject", fmt.Sprint(ratingID)}, fmt.Sprintf("Rating %d by ama_k is now rejected.\n", ratingID)},
		{[]string{"reviews", "reject", "99999"}, "ERR No Review matches the given query."},
		{[]string{"reviews", "approve"}, "ERR usage: dwa reviews approve ID (a positive number)"},
		{[]string{"reviews", "approve", "x"}, "ERR usage: dwa reviews approve ID (a positive number)"},
		{[]string{"reviews", "delete", "1"}, "ERR usage: dwa reviews [--ratings] pending | approve ID | reject ID"},
	} {
		e, out := testEnv(t, vars, "")
		err := run(ctx, tc.args, e)
		got := out.String()
		if err != nil {
			got = "ERR " + err.Error()
		}
		if got != tc.want {
			t.Errorf("%v:\n got %q\nwant %q", tc.args, got, tc.want)
		}
	}
}

// TestServeEndsStreams: shutting down does not wait for open message
// streams; they end at once and the server stops well within its timeout.
func TestServeEndsStreams(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	vars := map[string]string{"DWA_DATA_DIR": t.TempDir(), "DWA_ADDR": addr, "DWA_DEMO": "0", "DWA_SHUTDOWN_TIMEOUT": "10s"}
	e, _ := testEnv(t, vars, shoptest.Password+"\n")
	if err := run(context.Background(), []string{"user", "create", "--username", "esi", "--email", "esi@example.com", "--password-stdin"}, e); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e, _ = testEnv(t, vars, "")
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	base := "http://" + addr + "/api"
	var resp *http.Response
	poll.Within(5*time.Second, func() bool {
		resp, err = http.Post(base+"/auth/jwt/create/", "application/json",
			strings.NewReader(`{"username":"esi","password":"`+shoptest.Password+`"}`))
		return err == nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	access := strings.Split(strings.Split(string(b), `"access":"`)[1], `"`)[0]
	req, _ := http.NewRequest("GET", base+"/store/messages/stream/", nil)
	req.Header.Set("Authorization", "Bearer "+access)
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	events := bufio.NewReader(stream.Body)
	if line, _ := events.ReadString('\n'); line != "retry: 5000\n" {
		t.Fatalf("stream began with %q", line)
	}
	cancel()
	// Had shutdown waited for the stream, it would have run out of its
	// 10 s and serve would return that error: no stopwatch needed.
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
	if rest, err := io.ReadAll(events); err != nil {
		t.Errorf("the stream was cut off instead of ended: %v (after %q)", err, rest)
	}
}
