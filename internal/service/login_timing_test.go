package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"dwa/internal/gateway/testpay"
	"dwa/internal/service"
	"dwa/internal/shoptest"
)

// TestLoginTimingDoesNotRevealAccounts: signing in as nobody costs a
// password verification, like a wrong password for a real account. With
// a hasher that takes milliseconds, skipping the dummy check would make
// unknown accounts many times faster.
func TestLoginTimingDoesNotRevealAccounts(t *testing.T) {
	st := shoptest.OpenSQLite(t)
	svc, err := service.New(service.Deps{Store: st, Payments: testpay.New(), OrderExpiry: time.Hour,
		Accounts: service.AccountOptions{
			Secret: []byte(shoptest.TestSecret), AccessTTL: time.Minute, RefreshTTL: time.Hour,
			Hasher: &service.Hasher{MemoryKiB: 4 * 1024, Time: 2, Threads: 1},
		}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := svc.CreateUser(ctx, service.NewUser{Username: "ama", Email: "ama@example.com", Password: shoptest.Password}); err != nil {
		t.Fatal(err)
	}
	attempt := func(username string) time.Duration {
		u, p := username, "wrong password"
		start := time.Now()
		if _, err := svc.Login(ctx, service.Credentials{Username: &u, Password: &p}); err == nil {
			t.Fatal("signed in with a wrong password")
		}
		return time.Since(start)
	}
	// Alternate the two kinds of attempt and keep each one's fastest, so
	// that load from other tests on the machine falls on both alike.
	var knownTimes, unknownTimes []time.Duration
	for range 9 {
		knownTimes = append(knownTimes, attempt("ama"))
		unknownTimes = append(unknownTimes, attempt("nobody@example.com"))
	}
	known, unknown := slices.Min(knownTimes), slices.Min(unknownTimes)
	if unknown < known/2 || unknown > known*2 {
		t.Errorf("wrong password for an account: %s; unknown account: %s", known, unknown)
	}
}
