package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"dwa/internal/config"
	"dwa/internal/demo"
	"dwa/internal/seed"
)

func runSeed(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "seed", "seed [--products N] [--reset]")
	products := fs.Int("products", 0, "add N synthetic products for load tests (seeds the demo catalogue first if the shop is empty)")
	reset := fs.Bool("reset", false, "delete ALL data (accounts, orders, everything) before seeding")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *products < 0 {
		return errors.New("--products must not be negative")
	}
	a, err := openApp(ctx, e)
	if err != nil {
		return err
	}
	defer a.close()
	if *reset {
		if err := a.shop.Service.ResetData(ctx); err != nil {
			return fmt.Errorf("reset: %w", err)
		}
		fmt.Fprintln(e.stdout, "All data deleted.")
	}
	seeded, err := seed.DemoIfEmpty(ctx, a.shop.Service, a.shop.MediaDir, demoPasswords(a.cfg), e.stdout)
	if err != nil {
		return err
	}
	if !seeded && *products == 0 {
		fmt.Fprintln(e.stdout, "The catalogue is not empty; nothing to do (use --reset to start over).")
	}
	if seeded {
		printDemoAccounts(e.stdout, a.cfg)
	}
	if *products > 0 {
		return seed.Synthetic(ctx, a.shop.Service, *products, e.stdout)
	}
	return nil
}

// demoPasswords keeps the published demo passwords for development only:
// in production they would let anyone sign in, staff included.
func demoPasswords(cfg config.Config) seed.Passwords {
	return seed.Passwords{Published: cfg.Env != "production", Staff: cfg.DemoStaffPassword}
}

// printDemoAccounts lists the demo sign-ins in development (they are public
// demo data, printed so a newcomer can log in straight away). Production
// prints no password: its demo accounts have random ones.
func printDemoAccounts(w io.Writer, cfg config.Config) {
	cat, err := demo.Load()
	if err != nil {
		return
	}
	pws := demoPasswords(cfg)
	if !pws.Published {
		fmt.Fprintln(w, "Demo accounts: random passwords, not shown (DWA_ENV=production).")
		for _, acc := range cat.Accounts {
			if acc.Staff && pws.Staff != "" {
				fmt.Fprintf(w, "  staff        %-20s / (DWA_DEMO_STAFF_PASSWORD)\n", acc.Username)
			}
		}
		if pws.Staff == "" {
			fmt.Fprintln(w, "  No demo staff account: set DWA_DEMO_STAFF_PASSWORD to have one.")
		}
		return
	}
	fmt.Fprintln(w, "Demo accounts (username / password):")
	for _, acc := range cat.Accounts {
		role, pw := "shopper", acc.Password
		switch {
		case acc.Staff:
			role = "staff"
			if pws.Staff != "" {
				pw = "(DWA_DEMO_STAFF_PASSWORD)"
			}
		case acc.Store != "":
			role = "store owner"
		}
		fmt.Fprintf(w, "  %-12s %-20s / %s\n", role, acc.Username, pw)
	}
}
