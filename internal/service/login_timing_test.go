package service_test

import (
	"context"
	"testing"
	"time"

	"dwa/internal/gateway/testpay"
	"dwa/internal/service"
	"dwa/internal/shoptest"
)

// TestLoginCostDoesNotRevealAccounts: signing in as nobody costs one
// password verification with the production parameters, like a wrong
// password for a real account, so the answer's timing does not tell which
// accounts exist. The cost is counted (argon2id memory × passes), not timed:
// a stopwatch on a shared machine measures the neighbours as well.
func TestLoginCostDoesNotRevealAccounts(t *testing.T) {
	svc, hasher := newCountedHashing(t)
	ctx := context.Background()
	if _, err := svc.CreateUser(ctx, service.NewUser{Username: "ama", Email: "ama@example.com", Password: shoptest.Password}); err != nil {
		t.Fatal(err)
	}
	cost := func(username string) uint64 {
		t.Helper()
		u, p := username, "wrong password"
		before := service.HashWork(hasher)
		if _, err := svc.Login(ctx, service.Credentials{Username: &u, Password: &p}); err == nil {
			t.Fatal("signed in with a wrong password")
		}
		return service.HashWork(hasher) - before
	}
	// The first unknown sign-in also makes the dummy hash, once per process.
	cost("warm-up")
	const oneVerification = 64 * 3
	for _, username := range []string{"ama", "ama@example.com", "nobody", "nobody@example.com"} {
		if got := cost(username); got != oneVerification {
			t.Errorf("sign-in as %q cost %d KiB×passes of argon2id; want %d, one verification", username, got, oneVerification)
		}
	}
}

// newCountedHashing is a service on SQLite whose hasher's work a test reads
// (service.HashWork): argon2id with 64 KiB × 3 passes.
func newCountedHashing(t *testing.T) (*service.Service, *service.Hasher) {
	t.Helper()
	hasher := &service.Hasher{MemoryKiB: 64, Time: 3, Threads: 1}
	svc, err := service.New(service.Deps{Store: shoptest.OpenSQLite(t), Payments: testpay.New(time.Now), OrderExpiry: time.Hour,
		MobileMoneyTimeout: time.Minute, Accounts: service.AccountOptions{
			Secret: []byte(shoptest.TestSecret), AccessTTL: time.Minute, RefreshTTL: time.Hour, Hasher: hasher,
		}})
	if err != nil {
		t.Fatal(err)
	}
	return svc, hasher
}
