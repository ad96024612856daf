package service_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestOutboxRetries: a failed mail is retried with growing waits, never
// sent twice, and given up after ten attempts; the request that queued it
// was answered long before.
func TestOutboxRetries(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ctx := context.Background()
		w := a.Do("POST", "/api/store/api/send_complaint/", `{"email":"esi@example.com","complaint":"Late parcel."}`)
		if w.Code != 200 {
			t.Fatalf("complaint: %d %s", w.Code, w.Body)
		}
		down := &shoptest.MailBox{Fail: errors.New("451 try later")}
		waits := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute}
		for i, wait := range waits {
			if n, err := a.Svc.DeliverMail(ctx, down); err != nil || n != 0 {
				t.Fatalf("pass %d: %d, %v", i, n, err)
			}
			// Not due again before the backoff has passed.
			a.Clock.Advance(wait - time.Second)
			if got := a.DeliverMail(); len(got) != 0 {
				t.Fatalf("retried after %s: %v", wait-time.Second, got)
			}
			a.Clock.Advance(time.Second)
		}
		var attempts int
		var lastErr string
		if err := st.DB().R.QueryRow(`SELECT MAX(attempts), MAX(last_error) FROM outbox`).Scan(&attempts, &lastErr); err != nil ||
			attempts != 3 || lastErr != "451 try later" {
			t.Fatalf("attempts %d, last error %q, %v", attempts, lastErr, err)
		}
		if got := a.DeliverMail(); len(got) != 2 {
			t.Fatalf("delivered %d mails once the server is back; want 2", len(got))
		}
		if got := a.DeliverMail(); len(got) != 0 {
			t.Fatalf("delivered again: %v", got)
		}

		// A mail that never goes through is marked failed after ten attempts.
		a.Do("POST", "/api/store/api/send_complaint/", `{"email":"kojo@example.com","complaint":"Broken."}`)
		for range 10 {
			if _, err := a.Svc.DeliverMail(ctx, down); err != nil {
				t.Fatal(err)
			}
			a.Clock.Advance(3 * time.Hour)
		}
		var failed int
		if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM outbox WHERE status = 'failed'`).Scan(&failed); err != nil || failed != 2 {
			t.Fatalf("failed mails = %d, %v", failed, err)
		}
		if got := a.DeliverMail(); len(got) != 0 {
			t.Errorf("a failed mail was sent: %v", got)
		}
	})
}

// TestRunOutboxDeliversAtOnce: the background sender wakes up when this
// process queues mail, without waiting for its poll.
func TestRunOutboxDeliversAtOnce(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	ctx, cancel := context.WithCancel(context.Background())
	box := &shoptest.MailBox{}
	done := make(chan struct{})
	go func() { defer close(done); a.Svc.RunOutbox(ctx, box) }()
	defer func() { cancel(); <-done }()
	a.Do("POST", "/api/auth/users/", `{"email":"ama@example.com","username":"ama","password":"Tro-tro to Kaneshie 7","re_password":"Tro-tro to Kaneshie 7"}`)
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if sent := box.Sent(); len(sent) > 0 {
			if !strings.Contains(sent[0].Subject, "Welcome to Dwa") {
				t.Errorf("subject %q", sent[0].Subject)
			}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the welcome mail was not sent within 3 s")
}
