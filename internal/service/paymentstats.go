package service

import (
	"context"
	"sync/atomic"

	"dwa/internal/shop"
)

// payOutcome is what one look at a payment attempt's provider report ended
// in, counted for /metrics (contract §2.11).
type payOutcome int

const (
	outcomeFulfilled payOutcome = iota
	outcomeAlreadyFulfilled
	outcomeNotPayable
	outcomeFailed
	outcomeMismatch
	outcomeIncomplete
	outcomeProviderError
	outcomeGaveUp
	outcomeEventGaveUp
	numOutcomes
)

// outcomeNames are the metric labels, indexed by payOutcome.
var outcomeNames = [numOutcomes]string{"fulfilled", "already_fulfilled", "not_payable", "failed", "mismatch",
	"incomplete", "provider_error", "gave_up", "event_gave_up"}

// paymentStats counts outcomes since the process started; the zero value
// is ready and safe for concurrent use.
type paymentStats struct {
	n [numOutcomes]atomic.Int64
}

func (ps *paymentStats) add(o payOutcome) { ps.n[o].Add(1) }

// PaymentOutcomes counts, by outcome, the provider reports this process
// applied (verify, webhook and jobs alike) and the provider calls that
// failed. Every outcome is listed, zero or not.
func (s *Service) PaymentOutcomes() map[string]int64 {
	out := make(map[string]int64, numOutcomes)
	for i, name := range outcomeNames {
		out[name] = s.payStats.n[i].Load()
	}
	return out
}

// FlaggedPayments counts the attempts flagged for staff, by flag: every
// flag is listed, zero or not.
func (s *Service) FlaggedPayments(ctx context.Context) (map[string]int64, error) {
	n, err := s.store.FlaggedPayments(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{shop.FlagReview: 0, shop.FlagRefund: 0}
	for flag, c := range n {
		out[flag] = c
	}
	return out, nil
}
