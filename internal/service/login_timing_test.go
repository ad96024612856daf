package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"dwa/internal/service"
	"dwa/internal/shoptest"
)

// TestLoginTimingDoesNotRevealAccounts: signing in as nobody costs a
// password verification, like a wrong password for a real account. With
// a hasher that takes milliseconds, skipping the dummy check would make
// unknown accounts many times faster.
func TestLoginTimingDoesNotRevealAccounts(t *testing.T) {
	st := shoptest.OpenSQLite(t)
	svc := service.New(service.Deps{Store: st, Accounts: service.AccountOptions{
		Secret: []byte(shoptest.TestSecret), AccessTTL: time.Minute, RefreshTTL: time.Hour,
		Hasher: &service.Hasher{MemoryKiB: 4 * 1024, Time: 2, Threads: 1},
	}})
	ctx := context.Background()
	if _, err := svc.CreateUser(ctx, service.NewUser{Username: "ama", Email: "ama@example.com", Password: shoptest.Password}); err != nil {
		t.Fatal(err)
	}
	fastest := func(username string) time.Duration {
		var ds []time.Duration
		for range 5 {
			u, p := username, "wrong password"
			start := time.Now()
			if _, err := svc.Login(ctx, service.Credentials{Username: &u, Password: &p}); err == nil {
				t.Fatal("signed in with a wrong password")
			}
			ds = append(ds, time.Since(start))
		}
		return slices.Min(ds)
	}
	known, unknown := fastest("ama"), fastest("nobody@example.com")
	if unknown < known/2 || unknown > known*2 {
		t.Errorf("wrong password for an account: %s; unknown account: %s", known, unknown)
	}
}
