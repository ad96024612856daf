package service

import (
	"context"
	"testing"
	"time"

	"dwa/internal/shop"
)

func TestLimiterFixedWindows(t *testing.T) {
	now := time.UnixMilli(1_780_000_000_000).Truncate(time.Minute).Add(10 * time.Second)
	counter := NewMemoryCounter()
	l := newLimiter(counter, map[string][]shop.Rate{
		"two": {{N: 2, Per: time.Minute}},
		"msg": {{N: 3, Per: time.Minute}, {N: 4, Per: time.Hour}},
	}, func() time.Time { return now })
	ctx := context.Background()
	for i := range 2 {
		if err := l.hit(ctx, "two", "k"); err != nil {
			t.Fatalf("hit %d: %v", i+1, err)
		}
	}
	err := l.hit(ctx, "two", "k")
	var e *shop.Error
	if shop.KindOf(err) != shop.KindRateLimited || !asErr(err, &e) || e.RetryAfter != 50 ||
		e.Detail != "Request was throttled. Expected available in 50 seconds." {
		t.Fatalf("third hit = %+v", err)
	}
	if err := l.hit(ctx, "two", "other"); err != nil {
		t.Errorf("another key shares the counter: %v", err)
	}
	if err := l.hit(ctx, "unlisted", "k"); err != nil {
		t.Errorf("a bucket without rates is limited: %v", err)
	}
	now = now.Add(50 * time.Second) // next window
	if err := l.hit(ctx, "two", "k"); err != nil {
		t.Errorf("new window: %v", err)
	}
	// Both rates of a bucket apply; the longer wait wins.
	for range 3 {
		_ = l.hit(ctx, "msg", "u")
	}
	now = now.Add(time.Minute)
	_ = l.hit(ctx, "msg", "u")
	err = l.hit(ctx, "msg", "u")
	if !asErr(err, &e) || e.RetryAfter <= 60 {
		t.Errorf("hourly rate = %+v", err)
	}
	// exceeded peeks without counting.
	if err := l.exceeded(ctx, "two", "peek"); err != nil {
		t.Error(err)
	}
	if n, _ := counter.RateLimitHits(ctx, "two/1m0s", hashKey("peek"), now.UnixMilli()/60000*60000); n != 0 {
		t.Errorf("exceeded counted: %d", n)
	}
	// Old windows are pruned.
	now = now.Add(2 * time.Hour)
	_ = l.hit(ctx, "two", "k")
	if len(counter.counts) != 1 {
		t.Errorf("%d counters after pruning; want 1", len(counter.counts))
	}
}

func asErr(err error, e **shop.Error) bool {
	x, ok := err.(*shop.Error)
	*e = x
	return ok
}

func TestThrottledWording(t *testing.T) {
	if d := shop.Throttled(1).Detail; d != "Request was throttled. Expected available in 1 second." {
		t.Error(d)
	}
	if e := shop.Throttled(0); e.RetryAfter != 1 {
		t.Errorf("RetryAfter = %d", e.RetryAfter)
	}
}

func TestBackoffDoublesUpToACap(t *testing.T) {
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute}
	for i, w := range want {
		if got := backoff(i + 1); got != w {
			t.Errorf("backoff(%d) = %s; want %s", i+1, got, w)
		}
	}
	if backoff(50) != mailMaxBackoff {
		t.Errorf("backoff(50) = %s", backoff(50))
	}
}

// TestLimiterExcessAndCount: count adds without deciding, excess reads how
// far over the tightest rate a key is; together they make the sign-in
// slow-down, whose delay grows per failure up to a cap.
func TestLimiterExcessAndCount(t *testing.T) {
	now := time.UnixMilli(1_780_000_000_000).Truncate(time.Hour).Add(time.Minute)
	l := newLimiter(NewMemoryCounter(), map[string][]shop.Rate{"slow": {{N: 2, Per: time.Hour}, {N: 3, Per: 24 * time.Hour}}},
		func() time.Time { return now })
	ctx := context.Background()
	for i, want := range []int64{0, 0, 0, 1, 2} {
		if got, err := l.excess(ctx, "slow", "k"); err != nil || got != want {
			t.Fatalf("after %d events: excess = %d, %v; want %d", i, got, err, want)
		}
		if err := l.count(ctx, "slow", "k"); err != nil {
			t.Fatal(err)
		}
	}
	// Counting never refuses, so it never shows as a throttle.
	l.throttled.Range(func(k, _ any) bool { t.Errorf("count recorded a throttle in %v", k); return true })
	for over, want := range map[int64]time.Duration{1: 500 * time.Millisecond, 6: 3 * time.Second, 1000: 10 * time.Second} {
		if got := loginDelay(over); got != want {
			t.Errorf("loginDelay(%d) = %s; want %s", over, got, want)
		}
	}
}
