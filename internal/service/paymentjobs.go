package service

import (
	"context"
	"time"

	"dwa/internal/shop"
)

// Background timings: provider events are applied as soon as they arrive
// (and polled for, in case another instance stored them); attempts still
// pending after reverifyAfter are re-checked every reverifyEvery (contract
// §2.5); expired orders are looked for every expireEvery.
//
// A failed provider check of an attempt (re-verify or expiry job) waits
// checkBackoff, doubling up to checkMaxBackoff, before the next; after
// checkMaxAttempts (about a day and a half) the attempt is flagged for
// review and its order is left pending for staff. A stored event that
// cannot be applied backs off the same way from eventBackoff. Each job
// picks only rows that are due, so failing ones never hold up newer ones.
const (
	eventPoll     = 5 * time.Second
	reverifyAfter = 15 * time.Minute
	reverifyEvery = 10 * time.Minute
	expireEvery   = time.Minute
	jobBatch      = 100

	checkBackoff     = 10 * time.Minute
	checkMaxBackoff  = 6 * time.Hour
	checkMaxAttempts = 10
	eventBackoff     = 30 * time.Second
	eventMaxBackoff  = time.Hour
	eventMaxAttempts = 10
)

// RunPaymentJobs runs the payment and order background work until ctx ends.
// Every step is idempotent, so several instances may run it at once.
func (s *Service) RunPaymentJobs(ctx context.Context) {
	events := time.NewTicker(eventPoll)
	defer events.Stop()
	reverify := time.NewTicker(reverifyEvery)
	defer reverify.Stop()
	expire := time.NewTicker(expireEvery)
	defer expire.Stop()
	logErr := func(what string, err error) {
		if err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, what, "err", err)
		}
	}
	// Balances are right from the start: orders paid before the ledger
	// existed are posted, and due earnings released, before the first tick.
	logErr("payouts: pass failed", s.PayoutPass(ctx))
	for {
		select {
		case <-ctx.Done():
			return
		case <-events.C:
		case <-s.payWake:
		case <-reverify.C:
			_, err := s.ReverifyPayments(ctx)
			logErr("payments: re-verify pass failed", err)
			_, err = s.PollRefunds(ctx)
			logErr("refunds: poll pass failed", err)
		case <-expire.C:
			_, err := s.ExpireMobileMoney(ctx)
			logErr("payments: mobile money timeout pass failed", err)
			_, err = s.ExpireOrders(ctx)
			logErr("orders: expiry pass failed", err)
			logErr("payouts: pass failed", s.PayoutPass(ctx))
		}
		_, err := s.ProcessPaymentEvents(ctx)
		logErr("payments: event pass failed", err)
	}
}

// ReverifyPayments asks the provider again about attempts pending for longer
// than reverifyAfter whose order still waits, and applies the answers. It
// reports how many attempts it asked about.
func (s *Service) ReverifyPayments(ctx context.Context) (int, error) {
	now := s.now()
	ps, err := s.store.StalePayments(ctx, now.Add(-reverifyAfter), now, jobBatch)
	if err != nil {
		return 0, err
	}
	for _, p := range ps {
		if _, err := s.recheck(ctx, p); err != nil && !isContractOutcome(err) {
			return 0, err
		}
	}
	return len(ps), nil
}

// recheck asks the provider about a pending attempt and applies the answer
// (fulfil's outcome is returned for the caller to judge). checked is false
// when the provider could not be asked: the attempt's next check is then
// scheduled by checkFailed and nothing else changed.
func (s *Service) recheck(ctx context.Context, p *shop.Payment) (checked bool, err error) {
	txn, err := s.askProvider(ctx, p)
	if err != nil {
		return false, s.checkFailed(ctx, p)
	}
	_, err = s.fulfil(ctx, p, txn)
	return true, err
}

// ExpireOrders cancels orders pending for longer than the configured expiry,
// releasing their stock — after re-verifying their open payment attempts, so
// that an order paid at the last moment is fulfilled instead. It also
// forgets idempotency keys older than 24 h. It reports how many orders it
// cancelled.
func (s *Service) ExpireOrders(ctx context.Context) (int, error) {
	now := s.now()
	if err := s.store.PruneIdempotencyKeys(ctx, now.Add(-idemTTL)); err != nil {
		return 0, err
	}
	ids, err := s.store.ExpiredOrders(ctx, now.Add(-s.orderExpiry), now, jobBatch)
	if err != nil {
		return 0, err
	}
	cancelled := 0
	for _, id := range ids {
		p, err := s.store.PendingPayment(ctx, id, s.pay.Name())
		if err != nil {
			return cancelled, err
		}
		if p != nil {
			checked, err := s.recheck(ctx, p)
			if err != nil && !isContractOutcome(err) {
				return cancelled, err
			}
			if !checked {
				// Never cancel an order whose payment could not be
				// checked; ExpiredOrders leaves it out until it is due.
				continue
			}
		}
		ok, err := s.store.ExpireOrder(ctx, id, s.now())
		if err != nil {
			return cancelled, err
		}
		if ok {
			cancelled++
			s.log.InfoContext(ctx, "orders: unpaid order expired", "order_id", id)
		}
	}
	return cancelled, nil
}

// checkFailed schedules the next provider check of an attempt the provider
// could not be asked about, or flags it for review after checkMaxAttempts
// (logged and counted as gave_up).
func (s *Service) checkFailed(ctx context.Context, p *shop.Payment) error {
	attempts := p.Attempts + 1
	final := attempts >= checkMaxAttempts
	next := s.now().Add(expBackoff(checkBackoff, checkMaxBackoff, attempts))
	if final {
		s.log.ErrorContext(ctx, "payments: provider check failed too often, attempt flagged for review",
			"payment_id", p.ID, "order_id", p.OrderID, "attempts", attempts)
		s.payStats.add(outcomeGaveUp)
	} else {
		s.log.WarnContext(ctx, "payments: provider check failed, will ask again", "payment_id", p.ID,
			"attempt", attempts, "next_attempt_at", next)
	}
	return s.store.PaymentCheckFailed(ctx, p.Reference, attempts, next, final)
}
