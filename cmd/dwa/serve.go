package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"dwa/internal/seed"
)

func runServe(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "serve", "serve   (configuration from the environment; see .env.example)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	a, err := openApp(ctx, e)
	if err != nil {
		return err
	}
	defer a.close()
	// Built in the background: /readyz fails until it is.
	a.store.StartCatalogue()
	if a.cfg.DatabaseURL != "" {
		if err := a.store.Warm(ctx, a.cfg.DBMaxConns); err != nil {
			return fmt.Errorf("open PostgreSQL connections: %w", err)
		}
	}

	if err := a.checkUploads(ctx); err != nil {
		return err
	}

	seeded := false
	if a.cfg.Demo {
		if seeded, err = seed.DemoIfEmpty(ctx, a.shop.Service, a.shop.MediaDir, demoPasswords(a.cfg), e.stdout); err != nil {
			return fmt.Errorf("seed demo data: %w", err)
		}
		if err := a.store.CatchUpCatalogue(ctx); err != nil {
			return fmt.Errorf("seed demo data: %w", err)
		}
	}
	stopOutbox, err := a.startOutbox(ctx)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	defer stopOutbox()
	defer a.startPaymentJobs(ctx)()
	h := a.shop.API
	ln, err := net.Listen("tcp", a.cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	// Shutdown waits for handlers to return; message streams never would
	// on their own, so they end as soon as it starts.
	srv.RegisterOnShutdown(a.shop.Close)
	a.log.Info("dwa started", "version", version, "config", a.cfg.String())
	printBanner(e.stdout, a, seeded)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	h.ShuttingDown()
	if d := a.cfg.DrainDelay; d > 0 {
		// Load balancers see /readyz fail within their check interval and
		// stop sending; until then new requests are still served, each on
		// a connection closed after its answer so none is reused later.
		a.log.Info("draining: /readyz fails, still serving", "delay", d.String())
		srv.SetKeepAlivesEnabled(false)
		select {
		case <-time.After(d):
		case err := <-errc:
			return err
		}
	}
	a.log.Info("shutting down: finishing in-flight requests", "timeout", a.cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	a.shop.Service.Wait() // reset links asked for just before the end
	a.log.Info("stopped")
	return nil
}

// checkUploads refuses to start with a configured bucket that cannot be
// reached: every upload and every uploaded image shown would fail.
func (a *app) checkUploads(ctx context.Context) error {
	if a.shop.Uploads == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := a.shop.Uploads.Check(ctx); err != nil {
		return fmt.Errorf("S3 media storage (DWA_S3_*): %w", err)
	}
	return nil
}

func printBanner(w interface{ Write([]byte) (int, error) }, a *app, seeded bool) {
	fmt.Fprintf(w, "\nDwa is open at %s\n", a.cfg.PublicURL)
	if a.cfg.TestPayments() {
		fmt.Fprintln(w, "Payments: TEST MODE (built-in test provider; no card is charged)")
	}
	if a.cfg.SMTPURL == "" {
		fmt.Fprintf(w, "Mail: written to %s/mail (no SMTP_URL set)\n", a.cfg.DataDir)
	}
	if !a.cfg.SMS.Enabled() {
		fmt.Fprintf(w, "Text messages: written to %s/sms (no HUBTEL_SMS_CLIENT_ID set)\n", a.cfg.DataDir)
	}
	// Development lists the sign-ins on every start; production says what
	// it did only when it seeded just now.
	if a.cfg.Demo && (seeded || demoPasswords(a.cfg).Published) {
		printDemoAccounts(w, a.cfg)
	}
	fmt.Fprintln(w, "Press Ctrl-C to stop.")
}
