package main

import "context"

// startPaymentJobs runs webhook processing, payment re-verification and
// order expiry in the background; the returned function stops them and
// waits, so no transaction is cut off by the database closing.
func (a *app) startPaymentJobs(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.shop.Service.RunPaymentJobs(ctx)
	}()
	return func() { cancel(); <-done }
}
