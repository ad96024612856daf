package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest/poll"
)

func assertBusy(t *testing.T, err error, retryAfter int) {
	t.Helper()
	var e *shop.Error
	if !errors.As(err, &e) || e.Kind != shop.KindUnavailable || e.Code != "service_unavailable" || e.RetryAfter != retryAfter {
		t.Fatalf("err = %#v; want busy with Retry-After %d", err, retryAfter)
	}
}

func TestWorkPool(t *testing.T) {
	ctx := context.Background()
	t.Run("refuses at once beyond workers and queue", func(t *testing.T) {
		p := NewWorkPool(PoolSize{Workers: 1, Queue: 1, MaxWait: time.Hour, RetryAfter: 7})
		running, _ := p.Admit()
		if err := running.Start(ctx); err != nil {
			t.Fatal(err)
		}
		waiting, err := p.Admit()
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Admit()
		assertBusy(t, err, 7)
		waiting.Done() // a place given back is taken again
		if _, err := p.Admit(); err != nil {
			t.Fatalf("after Done: %v", err)
		}
	})
	t.Run("a waiting job runs when a worker is free", func(t *testing.T) {
		p := NewWorkPool(PoolSize{Workers: 1, Queue: 1, MaxWait: time.Hour, RetryAfter: 1})
		first, _ := p.Admit()
		_ = first.Start(ctx)
		ran := make(chan error)
		go func() { ran <- p.Run(ctx, func() {}) }()
		poll.Until(t, "the second job to queue", func() bool { return p.Waiting() == 1 })
		first.Done()
		if err := <-ran; err != nil {
			t.Fatal(err)
		}
		if p.Waiting() != 0 || len(p.admitted) != 0 {
			t.Fatalf("places not given back: %d admitted", len(p.admitted))
		}
	})
	t.Run("a wait longer than MaxWait is refused", func(t *testing.T) {
		p := NewWorkPool(PoolSize{Workers: 1, Queue: 4, MaxWait: 10 * time.Millisecond, RetryAfter: 2})
		held, _ := p.Admit()
		_ = held.Start(ctx)
		assertBusy(t, p.Run(ctx, func() { t.Error("ran without a worker") }), 2)
	})
	t.Run("a client that leaves stops waiting", func(t *testing.T) {
		p := NewWorkPool(PoolSize{Workers: 1, Queue: 4, MaxWait: time.Hour, RetryAfter: 1})
		held, _ := p.Admit()
		_ = held.Start(ctx)
		gone, cancel := context.WithCancel(ctx)
		cancel()
		if err := p.Run(gone, func() {}); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v; want context.Canceled", err)
		}
	})
	t.Run("Stop frees the worker, not the place", func(t *testing.T) {
		p := NewWorkPool(PoolSize{Workers: 1, Queue: 0, MaxWait: time.Hour, RetryAfter: 1})
		tk, _ := p.Admit()
		_ = tk.Start(ctx)
		tk.Stop()
		if len(p.running) != 0 || len(p.admitted) != 1 {
			t.Fatalf("running %d, admitted %d after Stop", len(p.running), len(p.admitted))
		}
		tk.Done()
		if len(p.admitted) != 0 {
			t.Fatal("place kept after Done")
		}
	})
}
