package service_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"dwa/internal/gateway/testpay"
	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
)

// TestCreateUsersHashesEachPasswordOnce: accounts created together that
// share a password cost one hash at the service's parameters (the demo
// seed's shoppers), each can sign in with it, and one invalid account
// stores none of them.
func TestCreateUsersHashesEachPasswordOnce(t *testing.T) {
	svc, hasher := newCountedHashing(t)
	ctx := context.Background()
	const shared, own = "shared secret 1", "own secret 22"
	_, err := svc.CreateUsers(ctx, []service.NewUser{{Username: "ama", Email: "ama@example.com", Password: shared},
		{Username: "kofi", Email: "not an address", Password: shared}})
	var e *shop.Error
	if !errors.As(err, &e) || e.Kind != shop.KindInvalid || len(e.Fields["email"]) == 0 {
		t.Fatalf("an invalid e-mail address: %v; want a field error on email", err)
	}
	name, pw := "ama", shared
	if _, err := svc.Login(ctx, service.Credentials{Username: &name, Password: &pw}); err == nil {
		t.Fatal("ama was stored although the batch had an invalid account")
	}
	before := service.HashWork(hasher)
	users, err := svc.CreateUsers(ctx, []service.NewUser{{Username: "ama", Email: "ama@example.com", Password: shared},
		{Username: "kofi", Email: "kofi@example.com", Password: shared}, {Username: "esi", Email: "esi@example.com", Password: own}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := service.HashWork(hasher)-before, uint64(2*64*3); got != want {
		t.Errorf("three accounts with two passwords cost %d KiB×passes of argon2id; want %d, two hashes", got, want)
	}
	if len(users) != 3 || users[0].Username != "ama" || users[2].Username != "esi" || users[0].PasswordHash != users[1].PasswordHash {
		t.Fatalf("users = %+v; want ama, kofi and esi in order, ama and kofi with one hash", users)
	}
	for name, pw := range map[string]string{"ama": shared, "kofi": shared, "esi": own} {
		if _, err := svc.Login(ctx, service.Credentials{Username: &name, Password: &pw}); err != nil {
			t.Errorf("%s cannot sign in: %v", name, err)
		}
	}
}

// TestCreateUsersOutlastsThePoolsWait: accounts created together wait for
// a free hashing worker themselves, so a batch larger than the pool never
// runs into the wait a request gets in its queue (which made a demo start
// on a loaded machine fail with "Service temporarily unavailable").
func TestCreateUsersOutlastsThePoolsWait(t *testing.T) {
	pool := service.NewWorkPool(service.PoolSize{Workers: 1, Queue: 16, MaxWait: time.Millisecond})
	svc, err := service.New(service.Deps{Store: shoptest.OpenSQLite(t), Payments: testpay.New(time.Now), OrderExpiry: time.Hour,
		MobileMoneyTimeout: time.Minute, HashPool: pool, Accounts: service.AccountOptions{
			Secret: []byte(shoptest.TestSecret), AccessTTL: time.Minute, RefreshTTL: time.Hour, Hasher: shoptest.FastHasher(),
		}})
	if err != nil {
		t.Fatal(err)
	}
	var batch []service.NewUser
	for i := range 8 {
		name := fmt.Sprintf("shopper%d", i)
		batch = append(batch, service.NewUser{Username: name, Email: name + "@example.com", Password: "own secret " + name})
	}
	if _, err := svc.CreateUsers(context.Background(), batch); err != nil {
		t.Fatalf("eight accounts with their own passwords on a one-worker pool: %v", err)
	}
}
