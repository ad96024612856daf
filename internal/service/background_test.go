package service

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// unusedPayments satisfies New; these tests never pay.
type unusedPayments struct{ PaymentGateway }

// TestAfterAnswerDefault: without a Background runner the work runs in a
// goroutine, outlives the request's context, and Wait waits for it.
func TestAfterAnswerDefault(t *testing.T) {
	s, err := New(Deps{Payments: unusedPayments{}, OrderExpiry: time.Hour, MobileMoneyTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	var done, sawCancel atomic.Bool
	ctx, cancel := context.WithCancel(context.Background())
	s.afterAnswer(ctx, "test work", func(ctx context.Context) error {
		<-release
		sawCancel.Store(ctx.Err() != nil)
		done.Store(true)
		return errors.New("logged, not returned")
	})
	cancel() // the request is over
	if done.Load() {
		t.Fatal("the work ran before the caller went on")
	}
	close(release)
	s.Wait()
	if !done.Load() || sawCancel.Load() {
		t.Fatalf("after Wait: done %v, cancelled %v; want done, not cancelled", done.Load(), sawCancel.Load())
	}
}
