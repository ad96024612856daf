package service

import (
	"context"
	"errors"
	"strings"
	"time"

	"dwa/internal/shop"
)

// PaymentStore keeps payment attempts and provider events.
type PaymentStore interface {
	// PendingPayment returns the order's pending attempt with the provider, or nil.
	PendingPayment(ctx context.Context, orderID, provider string) (*shop.Payment, error)
	// CreatePayment inserts p if its order is still pending and has no
	// pending attempt with the same provider; false when it did not.
	CreatePayment(ctx context.Context, p *shop.Payment) (bool, error)
	// Payments returns limit of the user's attempts from offset, newest
	// first, and how many there are.
	// Payments lists the user's attempts, newest first; orderID, when not
	// empty, keeps those of one order.
	Payments(ctx context.Context, userID int64, orderID string, offset, limit int) ([]*shop.Payment, int, error)
	// FlaggedPayments counts the attempts flagged for staff, by flag.
	FlaggedPayments(ctx context.Context) (map[string]int64, error)
	// Payment returns the user's attempt with that id, or nil.
	Payment(ctx context.Context, userID, id int64) (*shop.Payment, error)
	// PaymentByReference returns the attempt with that reference, or nil.
	PaymentByReference(ctx context.Context, reference string) (*shop.Payment, error)
	// FailPayment moves an attempt that is not successful to failed with
	// the provider's response and a flag ("" keeps none); false when the
	// attempt is successful or unknown.
	FailPayment(ctx context.Context, reference, gatewayResponse, flag string, at time.Time) (bool, error)
	// FulfilPayment, in one transaction: marks the attempt successful
	// (paid_at = at) unless it already is, then moves its order from
	// pending to processing (paid_at = at); if the order is no longer
	// pending the attempt is flagged for refund. Only when it moves the
	// order does it queue the mails made from the paid order.
	FulfilPayment(ctx context.Context, reference, gatewayResponse string, at time.Time,
		mails func(*shop.Order) []shop.Mail) (shop.Fulfilment, error)
	// StalePayments lists pending, unflagged attempts created before the
	// given time whose order is still pending and whose next provider check
	// is due at now, by that due time, then oldest first.
	StalePayments(ctx context.Context, before, now time.Time, limit int) ([]*shop.Payment, error)
	// PaymentCheckFailed records a failed background provider check of a
	// pending attempt: its number and when to ask again; final flags the
	// attempt for staff review, and the jobs stop asking.
	PaymentCheckFailed(ctx context.Context, reference string, attempts int, next time.Time, final bool) error
	// SetChargeState records the next step a provider asked for on a
	// pending attempt; false when it is no longer pending.
	SetChargeState(ctx context.Context, reference, state, displayText string, at time.Time) (bool, error)
	// PendingMobileMoney lists pending, unflagged mobile money attempts
	// created before the given time whose next provider check is due at
	// now, oldest first.
	PendingMobileMoney(ctx context.Context, before, now time.Time, limit int) ([]*shop.Payment, error)
	// SavePaymentEvent stores a provider event unless the same event for
	// the same reference is stored already; false for a duplicate.
	SavePaymentEvent(ctx context.Context, e shop.PaymentEvent) (bool, error)
	// PendingPaymentEvents lists stored events not processed yet that are
	// due at now, by due time, then oldest first.
	PendingPaymentEvents(ctx context.Context, now time.Time, limit int) ([]shop.PaymentEvent, error)
	PaymentEventProcessed(ctx context.Context, id int64, at time.Time) error
	// PaymentEventFailed records a failed application of an event: its
	// number, the error and when to try again; final sets it aside for good.
	PaymentEventFailed(ctx context.Context, id int64, attempts int, next time.Time, lastErr string, final bool) error
}

// PaymentGateway is a payment provider: Paystack, or the built-in test
// provider. Errors mean the provider could not be asked (network, timeout,
// 5xx, malformed answer, bad credentials).
type PaymentGateway interface {
	// Name is the provider recorded on attempts: "paystack" or "test".
	Name() string
	// PublicKey is the key the browser's popup needs ("" for none).
	PublicKey() string
	// Initialize registers a transaction with the provider and returns its
	// access code ("" when the provider has none).
	Initialize(ctx context.Context, t shop.PaymentInit) (string, error)
	// Verify asks the provider about a reference.
	Verify(ctx context.Context, reference string) (shop.ProviderTransaction, error)
}

// WebhookGateway is a provider that sends signed events.
type WebhookGateway interface {
	// ValidSignature checks the signature header against the raw body.
	ValidSignature(body []byte, signature string) bool
	// ParseEvent reads an event's name, reference and, for charge events,
	// the transaction it reports.
	ParseEvent(body []byte) (event string, txn shop.ProviderTransaction, err error)
}

// TestCharger is the built-in test provider's card charge.
type TestCharger interface {
	Charge(ctx context.Context, reference string, amount shop.Money, currency, cardNumber string) (shop.ProviderTransaction, error)
}

// Payment texts (contract §2.5).
var (
	errOrderNotPending   = shop.Conflict("order_not_pending", "Only pending orders can be paid.")
	errPaymentNotFound   = &shop.Error{Kind: shop.KindNotFound, Code: "not_found", Detail: "Payment not found."}
	errProvider          = &shop.Error{Kind: shop.KindBadGateway, Code: "provider_unavailable", Detail: "Error contacting the payment provider."}
	errPaymentFailed     = shop.InvalidDetail("payment_failed", "Payment was not successful.")
	errPaymentIncomplete = shop.InvalidDetail("payment_failed", "Payment is not complete yet.")
	errPaymentMismatch   = shop.InvalidDetail("payment_failed", "Payment amount or currency does not match the order.")
	errOrderNotPayable   = shop.Conflict("order_not_payable", "This order is no longer awaiting payment. The payment will be refunded.")
	errInvalidSignature  = &shop.Error{Kind: shop.KindUnauthenticated, Code: "invalid_signature", Detail: "Invalid signature."}
)

// Verify messages (contract §2.5).
const (
	MsgPaymentVerified        = "Payment verified successfully."
	MsgPaymentAlreadyVerified = "Payment already verified."
)

// providerTimeout bounds every call to a payment provider.
const providerTimeout = 10 * time.Second

// PaymentRequest is the body of POST /store/payments/ as decoded.
type PaymentRequest struct {
	Order       *string
	Amount      *string // cedis, decimal text
	AmountMinor *int64
}

// CreatePayment returns the pending attempt of the user's pending order with
// the active provider, creating (and, for Paystack, initialising) one when
// there is none; created tells which. The amount is always the order's.
func (s *Service) CreatePayment(ctx context.Context, u *shop.User, in PaymentRequest) (*shop.Payment, bool, error) {
	o, err := s.payableOrder(ctx, u, in.Order)
	if err != nil {
		return nil, false, err
	}
	mismatch := map[string][]string{}
	if in.Amount != nil {
		if m, err := shop.ParseCedis(*in.Amount); err != nil || m != o.Amount {
			mismatch["amount"] = []string{"Amount does not match the order total."}
		}
	}
	if in.AmountMinor != nil && shop.Money(*in.AmountMinor) != o.Amount {
		mismatch["amount_minor"] = []string{"Amount does not match the order total."}
	}
	if len(mismatch) > 0 {
		return nil, false, shop.Invalid(mismatch)
	}
	if p, err := s.store.PendingPayment(ctx, o.ID, s.pay.Name()); err != nil || p != nil {
		if p != nil && p.Channel == shop.ChannelMobileMoney {
			// Its prompt may be on the shopper's phone: no card popup
			// until it is answered or timed out.
			return nil, false, errMoMoInProgress
		}
		return p, false, err
	}
	now := s.now()
	p := &shop.Payment{OrderID: o.ID, UserID: u.ID, Email: u.Email, Reference: shop.NewPaymentReference(),
		Amount: o.Amount, Currency: shop.Currency, Status: shop.PaymentPending, Provider: s.pay.Name(),
		Channel: shop.ChannelCard, CreatedAt: now, UpdatedAt: now}
	pctx, cancel := context.WithTimeout(ctx, providerTimeout)
	p.AccessCode, err = s.pay.Initialize(pctx, shop.PaymentInit{Reference: p.Reference, Email: u.Email, Amount: p.Amount, Currency: p.Currency})
	cancel()
	if err != nil {
		s.log.WarnContext(ctx, "payment provider: initialize failed", "provider", s.pay.Name(), "err", err)
		return nil, false, errProvider
	}
	created, err := s.store.CreatePayment(ctx, p)
	if err != nil || created {
		return p, created, err
	}
	// A concurrent request created the attempt, or the order stopped being
	// pending meanwhile.
	switch p, err := s.store.PendingPayment(ctx, o.ID, s.pay.Name()); {
	case err != nil:
		return nil, false, err
	case p != nil && p.Channel == shop.ChannelMobileMoney:
		return nil, false, errMoMoInProgress
	case p != nil:
		return p, false, nil
	}
	return nil, false, errOrderNotPending
}

// Payments returns a page of the user's attempts, newest first (those of
// one order when orderID is set), and how many there are.
func (s *Service) Payments(ctx context.Context, u *shop.User, orderID string, offset, limit int) ([]*shop.Payment, int, error) {
	if orderID != "" {
		id, ok := shop.ParseUUID(orderID)
		if !ok {
			return nil, 0, shop.Invalid(map[string][]string{"order": {"Must be a valid UUID."}})
		}
		orderID = id
	}
	return s.store.Payments(ctx, u.ID, orderID, offset, limit)
}

// Payment returns one of the user's attempts, else 404 (Payment).
func (s *Service) Payment(ctx context.Context, u *shop.User, id int64) (*shop.Payment, error) {
	p, err := s.store.Payment(ctx, u.ID, id)
	if err == nil && p == nil {
		err = shop.NotFound("Payment")
	}
	return p, err
}

// ownPayment returns the user's attempt with that reference, else the
// contract's "Payment not found." — also for malformed references, so the
// provider is never asked about them.
func (s *Service) ownPayment(ctx context.Context, u *shop.User, reference *string) (*shop.Payment, error) {
	switch {
	case reference == nil:
		return nil, shop.Invalid(map[string][]string{"reference": {msgRequired}})
	case *reference == "":
		return nil, shop.Invalid(map[string][]string{"reference": {msgBlank}})
	case !shop.ValidPaymentReference(*reference):
		return nil, errPaymentNotFound
	}
	p, err := s.store.PaymentByReference(ctx, *reference)
	if err != nil {
		return nil, err
	}
	if p == nil || p.UserID != u.ID {
		return nil, errPaymentNotFound
	}
	return p, nil
}

// VerifyPayment asks the attempt's provider about it and applies the
// fulfilment rules; it returns the success message.
func (s *Service) VerifyPayment(ctx context.Context, u *shop.User, reference *string) (string, error) {
	p, err := s.ownPayment(ctx, u, reference)
	if err != nil {
		return "", err
	}
	switch p.ShownStatus() {
	case shop.PaymentRefundPending:
		// Verified before, but it paid no order: say so again.
		return "", errOrderNotPayable
	case shop.PaymentSuccessful:
		return MsgPaymentAlreadyVerified, nil
	}
	txn, err := s.askProvider(ctx, p)
	if err != nil {
		return "", err
	}
	switch res, err := s.fulfil(ctx, p, txn); {
	case errors.Is(err, errPaymentIncomplete):
		if expired, err := s.promptExpired(ctx, p); err != nil {
			return "", err
		} else if expired {
			return "", errPromptTimedOut
		}
		return "", errPaymentIncomplete
	case err != nil:
		if p.Channel == shop.ChannelMobileMoney && errors.Is(err, errPaymentFailed) {
			return "", chargeFailed(txn.GatewayResponse)
		}
		return "", err
	case res == shop.FulfilAlreadyDone:
		// Another path (webhook, job) got there first; it may have found the
		// order no longer payable.
		if now, err := s.store.PaymentByReference(ctx, p.Reference); err != nil {
			return "", err
		} else if now != nil && now.ShownStatus() == shop.PaymentRefundPending {
			return "", errOrderNotPayable
		}
		return MsgPaymentAlreadyVerified, nil
	default:
		return MsgPaymentVerified, nil
	}
}

func (s *Service) askProvider(ctx context.Context, p *shop.Payment) (shop.ProviderTransaction, error) {
	if p.Provider != s.pay.Name() {
		s.log.WarnContext(ctx, "payment provider: attempt made with another provider", "provider", p.Provider, "payment_id", p.ID)
		return shop.ProviderTransaction{}, errProvider
	}
	pctx, cancel := context.WithTimeout(ctx, providerTimeout)
	defer cancel()
	txn, err := s.pay.Verify(pctx, p.Reference)
	if err != nil {
		s.log.WarnContext(ctx, "payment provider: verify failed", "provider", p.Provider, "payment_id", p.ID, "err", err)
		s.payStats.add(outcomeProviderError)
		return txn, errProvider
	}
	return txn, nil
}

// Provider transaction statuses that mean the money will not come.
var failedStatuses = map[string]bool{"failed": true, "abandoned": true, "reversed": true}

// fulfil is the one place that decides what a provider's report means for an
// attempt (verify, webhook and jobs alike). A payment counts only when the
// provider says success AND the amount AND the currency AND the reference
// match; the transition is transactional and idempotent in the store. The
// error is the contract's answer for outcomes other than fulfilment.
func (s *Service) fulfil(ctx context.Context, p *shop.Payment, txn shop.ProviderTransaction) (shop.Fulfilment, error) {
	now := s.now()
	switch {
	case !txn.Found || !(txn.Status == "success" || failedStatuses[txn.Status]):
		s.payStats.add(outcomeIncomplete)
		return 0, errPaymentIncomplete
	case failedStatuses[txn.Status]:
		if _, err := s.store.FailPayment(ctx, p.Reference, txn.GatewayResponse, "", now); err != nil {
			return 0, err
		}
		s.payStats.add(outcomeFailed)
		return 0, errPaymentFailed
	case txn.Reference != p.Reference || txn.Amount != p.Amount || txn.Currency != shop.Currency:
		s.log.WarnContext(ctx, "payment: provider reports success that does not match the attempt", "payment_id", p.ID,
			"provider_amount", int64(txn.Amount), "amount", int64(p.Amount), "provider_currency", txn.Currency)
		if _, err := s.store.FailPayment(ctx, p.Reference, txn.GatewayResponse, shop.FlagReview, now); err != nil {
			return 0, err
		}
		s.payStats.add(outcomeMismatch)
		return 0, errPaymentMismatch
	}
	notice, err := s.paidNotice(ctx, p.OrderID)
	if err != nil {
		return 0, err
	}
	res, err := s.store.FulfilPayment(ctx, p.Reference, txn.GatewayResponse, now, notice)
	if err != nil {
		return 0, err
	}
	switch res {
	case shop.FulfilNotPayable:
		s.log.WarnContext(ctx, "payment: success for an order no longer pending, flagged for refund", "payment_id", p.ID, "order_id", p.OrderID)
		s.payStats.add(outcomeNotPayable)
		return res, errOrderNotPayable
	case shop.FulfilDone:
		s.log.InfoContext(ctx, "payment: order paid", "payment_id", p.ID, "order_id", p.OrderID)
		s.payStats.add(outcomeFulfilled)
		s.wakeMailer()
	case shop.FulfilAlreadyDone:
		s.payStats.add(outcomeAlreadyFulfilled)
	}
	return res, nil
}

// paidNotice makes the "order paid" notices of the order's buyer, by the
// channels they chose; the store queues them only with the transition to
// paid, so duplicate reports of one payment give one notice.
func (s *Service) paidNotice(ctx context.Context, orderID string) (func(*shop.Order) []shop.Mail, error) {
	buyer, phone, err := s.store.OrderBuyer(ctx, orderID)
	if err != nil {
		return nil, err
	}
	prefs, err := s.store.NoticePrefs(ctx, buyer)
	if err != nil {
		return nil, err
	}
	return func(o *shop.Order) []shop.Mail {
		return s.orderNotices(shop.NoticePaid, prefs[shop.NoticePaid], phone, o)
	}, nil
}

// TestPayments reports whether the payment provider takes test cards
// (TestCharge), as the demo seed's purchases need.
func (s *Service) TestPayments() bool {
	_, ok := s.pay.(TestCharger)
	return ok
}

// TestCharge "charges" a test card for the user's pending test attempt
// (test mode only; else 404).
func (s *Service) TestCharge(ctx context.Context, u *shop.User, reference, cardNumber *string) (shop.ProviderTransaction, error) {
	tc, ok := s.pay.(TestCharger)
	if !ok {
		return shop.ProviderTransaction{}, shop.ErrNotFoundPlain
	}
	p, err := s.ownPayment(ctx, u, reference)
	if err != nil {
		return shop.ProviderTransaction{}, err
	}
	if cardNumber == nil {
		return shop.ProviderTransaction{}, shop.Invalid(map[string][]string{"card_number": {msgRequired}})
	}
	if p.Status == shop.PaymentSuccessful {
		return shop.ProviderTransaction{}, shop.ErrAlreadyCharged
	}
	if p.Status != shop.PaymentPending || p.Provider != s.pay.Name() {
		return shop.ProviderTransaction{}, errPaymentNotFound
	}
	return tc.Charge(ctx, p.Reference, p.Amount, p.Currency, *cardNumber)
}

// ReceiveWebhook checks a provider event's signature over the raw body and
// stores it durably (de-duplicated); processing happens in the background.
// Events that cannot be read are logged and ignored.
func (s *Service) ReceiveWebhook(ctx context.Context, body []byte, signature string) error {
	wg, ok := s.pay.(WebhookGateway)
	if !ok {
		return shop.ErrNotFoundPlain
	}
	if !wg.ValidSignature(body, signature) {
		return errInvalidSignature
	}
	event, txn, err := wg.ParseEvent(body)
	ref := txn.Reference
	if rg, ok := s.pay.(RefundEventGateway); ok && strings.HasPrefix(event, "refund.") {
		// Stored per refund: one payment may have several, each with
		// its own events (docs/decisions/0019).
		var rep shop.ProviderRefund
		rep, err = rg.ParseRefundEvent(body)
		ref = refundEventKey(rep)
	}
	if err != nil || event == "" || ref == "" {
		s.log.WarnContext(ctx, "payment webhook: unreadable event ignored", "err", err, "event", event)
		return nil
	}
	saved, err := s.store.SavePaymentEvent(ctx, shop.PaymentEvent{Provider: s.pay.Name(), Event: event,
		Reference: ref, Payload: string(body), ReceivedAt: s.now()})
	if err != nil {
		return err
	}
	if saved {
		select {
		case s.payWake <- struct{}{}:
		default:
		}
	}
	return nil
}

// ProcessPaymentEvents applies the stored, unprocessed provider events that
// are due and reports how many it applied. Only charge.success changes
// anything, besides refund.* events (refunds.go). An event that cannot be applied is retried later with backoff
// and set aside after eventMaxAttempts, so it never holds up newer ones;
// an unreachable database ends the pass instead (no event is to blame).
func (s *Service) ProcessPaymentEvents(ctx context.Context) (int, error) {
	wg, ok := s.pay.(WebhookGateway)
	if !ok {
		return 0, nil
	}
	events, err := s.store.PendingPaymentEvents(ctx, s.now(), eventBatch)
	if err != nil {
		return 0, err
	}
	applied := 0
	for _, e := range events {
		if err := s.applyEvent(ctx, wg, e); err != nil {
			if ctx.Err() != nil || shop.KindOf(err) == shop.KindUnavailable {
				return applied, err
			}
			if err := s.eventFailed(ctx, e, err); err != nil {
				return applied, err
			}
			continue
		}
		if err := s.store.PaymentEventProcessed(ctx, e.ID, s.now()); err != nil {
			return applied, err
		}
		applied++
	}
	return applied, nil
}

// eventFailed schedules the next application of an event that failed, or
// sets it aside after eventMaxAttempts (logged and counted).
func (s *Service) eventFailed(ctx context.Context, e shop.PaymentEvent, cause error) error {
	attempts := e.Attempts + 1
	final := attempts >= eventMaxAttempts
	next := s.now().Add(expBackoff(eventBackoff, eventMaxBackoff, attempts))
	if final {
		s.log.ErrorContext(ctx, "payment webhook: event failed too often, set aside", "event_id", e.ID,
			"attempts", attempts, "err", cause)
		s.payStats.add(outcomeEventGaveUp)
	} else {
		s.log.WarnContext(ctx, "payment webhook: event failed, will retry", "event_id", e.ID, "attempt", attempts,
			"next_attempt_at", next, "err", cause)
	}
	return s.store.PaymentEventFailed(ctx, e.ID, attempts, next, truncate(cause.Error(), 500), final)
}

const eventBatch = 50

func (s *Service) applyEvent(ctx context.Context, wg WebhookGateway, e shop.PaymentEvent) error {
	if strings.HasPrefix(e.Event, "refund.") {
		return s.applyRefundEvent(ctx, e)
	}
	if strings.HasPrefix(e.Event, "transfer.") {
		return s.applyTransferEvent(ctx, e)
	}
	if e.Event != "charge.success" {
		return nil
	}
	_, txn, err := wg.ParseEvent([]byte(e.Payload))
	if err != nil {
		s.log.WarnContext(ctx, "payment webhook: stored event unreadable", "event_id", e.ID, "err", err)
		return nil
	}
	p, err := s.store.PaymentByReference(ctx, txn.Reference)
	if err != nil {
		return err
	}
	if p == nil {
		s.log.WarnContext(ctx, "payment webhook: unknown reference ignored", "event_id", e.ID)
		return nil
	}
	if _, err := s.fulfil(ctx, p, txn); err != nil && !isContractOutcome(err) {
		return err
	}
	return nil
}

// isContractOutcome reports whether err is one of fulfil's answers rather
// than a failure to apply it.
func isContractOutcome(err error) bool {
	var e *shop.Error
	return errors.As(err, &e) && e.Kind != shop.KindInternal && e.Kind != shop.KindUnavailable
}
