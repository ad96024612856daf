package storetest

import (
	"sync"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/store/sqldb"
)

func testTokens(t *testing.T, st *sqldb.Store) {
	u := MustUser(t, st, "ama")
	now := time.UnixMilli(time.Now().UnixMilli())
	for _, jti := range []string{"a", "b"} {
		if err := st.AddRefreshToken(ctx, shop.RefreshToken{JTI: jti, UserID: u.ID, IssuedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	active := func(jti string, user int64) bool {
		t.Helper()
		ok, err := st.RefreshTokenActive(ctx, jti, user)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !active("a", u.ID) || active("a", u.ID+1) || active("nope", u.ID) {
		t.Error("RefreshTokenActive does not match jti and user")
	}
	if err := st.RevokeRefreshToken(ctx, "a", now); err != nil || active("a", u.ID) || !active("b", u.ID) {
		t.Errorf("revoke a: %v", err)
	}

	// Reset tokens: a newer one supersedes; consuming is single-use and
	// changes the password, stamps the change and revokes every session.
	t1 := shop.ResetToken{UserID: u.ID, Hash: "h1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	t2 := shop.ResetToken{UserID: u.ID, Hash: "h2", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	mail := shop.Mail{To: "ama@example.com", Subject: "Reset", Text: "link", CreatedAt: now}
	for _, tok := range []shop.ResetToken{t1, t2} {
		if err := st.CreateResetToken(ctx, tok, mail); err != nil {
			t.Fatal(err)
		}
	}
	valid := func(hash string, at time.Time) bool {
		t.Helper()
		ok, err := st.ResetTokenValid(ctx, u.ID, hash, at)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if valid("h1", now) || !valid("h2", now) || valid("h2", now.Add(time.Hour)) {
		t.Error("reset token validity is wrong")
	}
	if ok, err := st.ChangePassword(ctx, u.ID, "new-hash", now.Add(time.Hour), "h2"); err != nil || ok {
		t.Errorf("expired token consumed: %v, %v", ok, err)
	}
	later := now.Add(time.Minute)
	if ok, err := st.ChangePassword(ctx, u.ID, "new-hash", later, "h2"); err != nil || !ok {
		t.Fatalf("ChangePassword = %v, %v", ok, err)
	}
	if ok, err := st.ChangePassword(ctx, u.ID, "other-hash", later, "h2"); err != nil || ok {
		t.Errorf("reset token used twice: %v, %v", ok, err)
	}
	got, err := st.UserByID(ctx, u.ID)
	if err != nil || got.PasswordHash != "new-hash" || !got.PasswordChangedAt.Equal(later) || active("b", u.ID) {
		t.Errorf("after the change: %+v, %v", got, err)
	}
	if missing, err := st.UserByID(ctx, u.ID+1000); missing != nil || err != nil {
		t.Errorf("unknown user = %+v, %v", missing, err)
	}
	if due, err := st.DueMails(ctx, now, 10); err != nil || len(due) != 2 {
		t.Errorf("mails queued with the tokens: %d, %v", len(due), err)
	}
}

func testOutbox(t *testing.T, st *sqldb.Store) {
	now := time.UnixMilli(time.Now().UnixMilli())
	c := &shop.Complaint{Email: "esi@example.com", Text: "Late", CreatedAt: now}
	if err := st.CreateComplaint(ctx, c,
		shop.Mail{To: "help@dwa.shop", Subject: "one", Text: "1", HTML: "<p>1</p>", CreatedAt: now},
		shop.Mail{To: "esi@example.com", Subject: "two", Text: "2", CreatedAt: now.Add(time.Millisecond)}); err != nil {
		t.Fatal(err)
	}
	if c.ID == 0 {
		t.Error("complaint without id")
	}
	// The negative checks keep the error: a failing query also returns no
	// mails, and must not pass for "nothing due".
	if due, err := st.DueMails(ctx, now.Add(-time.Second), 10); err != nil || len(due) != 0 {
		t.Errorf("mail due before it was queued: %v, %v", due, err)
	}
	due, err := st.DueMails(ctx, now.Add(time.Second), 10)
	if err != nil || len(due) != 2 || due[0].Subject != "one" || due[0].HTML != "<p>1</p>" {
		t.Fatalf("DueMails = %+v, %v", due, err)
	}
	// Racing senders (several instances): exactly one claims each mail.
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 6 {
		wg.Go(func() {
			ok, err := st.ClaimMail(ctx, due[0], now.Add(time.Hour))
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d senders claimed one mail", wins)
	}
	if err := st.MailSent(ctx, due[0].ID, now); err != nil {
		t.Fatal(err)
	}
	if err := st.MailFailed(ctx, due[1].ID, 1, now.Add(time.Minute), "451", false); err != nil {
		t.Fatal(err)
	}
	if left, err := st.DueMails(ctx, now.Add(time.Second), 10); err != nil || len(left) != 0 {
		t.Errorf("due after send/failure: %+v, %v", left, err)
	}
	left, err := st.DueMails(ctx, now.Add(2*time.Minute), 10)
	if err != nil || len(left) != 1 || left[0].Attempts != 1 {
		t.Errorf("retry = %+v, %v", left, err)
	}
}

func testRateLimitCounters(t *testing.T, st *sqldb.Store) {
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			if _, err := st.HitRateLimit(ctx, "login/1m0s", "k", 60_000); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n, err := st.RateLimitHits(ctx, "login/1m0s", "k", 60_000); err != nil || n != 10 {
		t.Fatalf("hits = %d, %v; want 10 (atomic upsert)", n, err)
	}
	if n, err := st.HitRateLimit(ctx, "login/1m0s", "k", 120_000); err != nil || n != 1 {
		t.Errorf("new window = %d, %v", n, err)
	}
	if n, err := st.RateLimitHits(ctx, "login/1m0s", "other", 60_000); err != nil || n != 0 {
		t.Errorf("unknown key = %d, %v", n, err)
	}
	if err := st.PruneRateLimits(ctx, 120_000); err != nil {
		t.Fatal(err)
	}
	if n, err := st.RateLimitHits(ctx, "login/1m0s", "k", 60_000); err != nil || n != 0 {
		t.Errorf("pruned window still counts %d, %v", n, err)
	}
	if n, err := st.RateLimitHits(ctx, "login/1m0s", "k", 120_000); err != nil || n != 1 {
		t.Errorf("current window lost: %d, %v", n, err)
	}
}
