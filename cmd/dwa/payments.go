package main

import (
	"context"

	"dwa/internal/config"
	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/testpay"
	"dwa/internal/service"
)

// paymentGateway picks Paystack when its keys are configured, else the
// built-in test provider (config refuses that in production unless allowed).
func paymentGateway(cfg config.Config) service.PaymentGateway {
	if cfg.TestPayments() {
		return testpay.New()
	}
	return paystack.New(cfg.PaystackBaseURL, cfg.PaystackSecretKey, cfg.PaystackPublicKey)
}

// startPaymentJobs runs webhook processing, payment re-verification and
// order expiry in the background; the returned function stops them and
// waits, so no transaction is cut off by the database closing.
func (a *app) startPaymentJobs(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.svc.RunPaymentJobs(ctx)
	}()
	return func() { cancel(); <-done }
}
