package service

import (
	"context"
	"errors"
	"time"

	"dwa/internal/shop"
)

// OutboxStore is the mail queue. Mails enter it with the write that causes
// them (see AccountStore, ComplaintStore); the sender drains it.
type OutboxStore interface {
	// DueMails lists pending mails whose next attempt is due, oldest first.
	DueMails(ctx context.Context, now time.Time, limit int) ([]shop.Mail, error)
	// ClaimMail moves a due mail's next attempt to leaseUntil, provided it
	// is still m.NextAttemptAt: of several instances exactly one wins.
	ClaimMail(ctx context.Context, m shop.Mail, leaseUntil time.Time) (bool, error)
	MailSent(ctx context.Context, id int64, at time.Time) error
	// MailFailed records a failed attempt; final marks the mail failed for good.
	MailFailed(ctx context.Context, id int64, attempts int, next time.Time, lastErr string, final bool) error
	// MailBacklog counts the mails not sent, by status ("pending", "failed").
	MailBacklog(ctx context.Context) (map[string]int64, error)
}

// MailSender delivers one mail (SMTP, or a file when no server is set).
// An error wrapping shop.ErrUndeliverable gives the message up at once.
type MailSender interface {
	Send(ctx context.Context, m shop.Mail) error
}

// Senders delivers each queued message by its channel: e-mail or SMS.
type Senders struct {
	Mail MailSender
	SMS  MailSender
}

// Send hands m to the sender of its channel.
func (s Senders) Send(ctx context.Context, m shop.Mail) error {
	if m.ChannelOf() == shop.ChannelSMS {
		return s.SMS.Send(ctx, m)
	}
	return s.Mail.Send(ctx, m)
}

// Outbox timings: a claimed mail is left alone for mailLease (longer than
// any SMTP exchange); failures back off from mailBackoff, doubling up to
// mailMaxBackoff, and a mail is given up after mailMaxAttempts.
const (
	mailLease       = 10 * time.Minute
	mailBackoff     = 30 * time.Second
	mailMaxBackoff  = 2 * time.Hour
	mailMaxAttempts = 10
	mailPoll        = 5 * time.Second
	mailBatch       = 20
)

// RunOutbox delivers queued mail until ctx ends: at once when this process
// queued some, else every few seconds (other instances' mail, retries).
func (s *Service) RunOutbox(ctx context.Context, sender MailSender) {
	t := time.NewTicker(mailPoll)
	defer t.Stop()
	for {
		if _, err := s.DeliverMail(ctx, sender); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "outbox: delivery pass failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.mailWake:
		}
	}
}

// DeliverMail makes one pass over the due mails and reports how many were
// sent. A failed mail is retried later with exponential backoff; its error
// is logged and kept in the outbox, never shown to a client.
func (s *Service) DeliverMail(ctx context.Context, sender MailSender) (int, error) {
	mails, err := s.store.DueMails(ctx, s.now(), mailBatch)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, m := range mails {
		now := s.now()
		won, err := s.store.ClaimMail(ctx, m, now.Add(mailLease))
		if err != nil {
			return sent, err
		}
		if !won {
			continue
		}
		if err := sender.Send(ctx, m); err != nil {
			attempts := m.Attempts + 1
			final := attempts >= mailMaxAttempts || errors.Is(err, shop.ErrUndeliverable)
			next := now.Add(backoff(attempts))
			s.log.WarnContext(ctx, "outbox: send failed", "mail_id", m.ID, "attempt", attempts, "final", final, "err", err)
			if err := s.store.MailFailed(ctx, m.ID, attempts, next, truncate(err.Error(), 500), final); err != nil {
				return sent, err
			}
			continue
		}
		if err := s.store.MailSent(ctx, m.ID, s.now()); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

// MailBacklog counts unsent mail by status, for /metrics.
func (s *Service) MailBacklog(ctx context.Context) (map[string]int64, error) {
	return s.store.MailBacklog(ctx)
}

// backoff is the wait before a mail's attempt n+1 after n failures.
func backoff(n int) time.Duration { return expBackoff(mailBackoff, mailMaxBackoff, n) }

// expBackoff is the wait before attempt n+1 after n failures: first, then
// doubling, never more than most (the outbox and the payment jobs).
func expBackoff(first, most time.Duration, n int) time.Duration {
	d := first
	for i := 1; i < n && d < most; i++ {
		d *= 2
	}
	return min(d, most)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// wakeMailer tells this process's sender that mail is waiting.
func (s *Service) wakeMailer() {
	select {
	case s.mailWake <- struct{}{}:
	default:
	}
}
