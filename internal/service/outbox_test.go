package service_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/shoptest/poll"
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
	if !poll.Within(3*time.Second, func() bool { return len(box.Sent()) > 0 }) {
		t.Fatal("the welcome mail was not sent within 3 s")
	}
	if sent := box.Sent(); !strings.Contains(sent[0].Subject, "Welcome to Dwa") {
		t.Errorf("subject %q", sent[0].Subject)
	}
}

// TestOutboxChannels: text messages share the outbox; each message goes to
// its channel's sender, and one the provider refuses for good is given up
// at once instead of being retried ten times.
func TestOutboxChannels(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ctx := context.Background()
		now := a.Clock.Now()
		c := &shop.Complaint{Email: "esi@example.com", Text: "Late", CreatedAt: now}
		if err := st.CreateComplaint(ctx, c,
			shop.Mail{To: "esi@example.com", Subject: "Received", Text: "We read it.", CreatedAt: now},
			shop.SMS("+233241234567", "Your parcel is on its way.", now)); err != nil {
			t.Fatal(err)
		}
		mails, texts := &shoptest.MailBox{}, &shoptest.MailBox{}
		if n, err := a.Svc.DeliverMail(ctx, service.Senders{Mail: mails, SMS: texts}); err != nil || n != 2 {
			t.Fatalf("DeliverMail = %d, %v", n, err)
		}
		if got := mails.Sent(); len(got) != 1 || got[0].To != "esi@example.com" || got[0].ChannelOf() != shop.ChannelMail {
			t.Errorf("mails sent: %+v", got)
		}
		if got := texts.Sent(); len(got) != 1 || got[0].To != "+233241234567" || got[0].Channel != shop.ChannelSMS ||
			got[0].Text != "Your parcel is on its way." {
			t.Errorf("texts sent: %+v", got)
		}

		if err := st.CreateComplaint(ctx, &shop.Complaint{Email: "kojo@example.com", Text: "Broken", CreatedAt: now},
			shop.SMS("+233200000000", "Hello", now)); err != nil {
			t.Fatal(err)
		}
		refused := &shoptest.MailBox{Fail: fmt.Errorf("hubtel: 400 Invalid Destination address: %w", shop.ErrUndeliverable)}
		if _, err := a.Svc.DeliverMail(ctx, service.Senders{Mail: mails, SMS: refused}); err != nil {
			t.Fatal(err)
		}
		var status string
		var attempts int
		if err := st.DB().R.QueryRow(`SELECT status, attempts FROM outbox WHERE to_addr = '+233200000000'`).Scan(&status, &attempts); err != nil ||
			status != "failed" || attempts != 1 {
			t.Fatalf("refused text: status %q after %d attempts, %v", status, attempts, err)
		}
	})
}
