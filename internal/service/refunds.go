package service

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"dwa/internal/shop"
)

// RefundStore keeps refunds (docs/decisions/0019).
type RefundStore interface {
	// PaidPayment returns the successful attempt that paid the order, or nil.
	PaidPayment(ctx context.Context, orderID string) (*shop.Payment, error)
	// PaymentByID returns any attempt by id, or nil.
	PaymentByID(ctx context.Context, id int64) (*shop.Payment, error)
	// OrderRefunds lists an order's refunds, oldest first.
	OrderRefunds(ctx context.Context, orderID string) ([]*shop.Refund, error)
	// ReserveRefund, in one transaction holding the order's lock: returns
	// the payment's refund with r's idempotency key if there is one
	// (created false); else reads what may still be refunded, lets check
	// refuse, and inserts r as requested. nil when the payment is not
	// successful.
	ReserveRefund(ctx context.Context, r *shop.Refund, check func(shop.RefundRoom) error) (*shop.Refund, bool, error)
	// RecordRefundReport applies a provider's report to a refund: the one
	// with localID (our request's answer), else the one the report names
	// or waits for it, else a new one (made outside Dwa). The state only
	// moves forward; when it becomes processed, the notices are queued,
	// given the channels the buyer chose for refunds. nil when the report
	// is about no payment of ours.
	RecordRefundReport(ctx context.Context, localID int64, provider string, rep shop.ProviderRefund, at time.Time,
		notices func(*shop.Refund, shop.Channels) []shop.Mail) (*shop.Refund, error)
	// OpenRefunds lists refunds the provider has not settled, last changed
	// before the given time, oldest first.
	OpenRefunds(ctx context.Context, before time.Time, limit int) ([]*shop.Refund, error)
	// RefundQueue lists payments flagged for refund with money still to
	// give back, oldest first.
	RefundQueue(ctx context.Context, limit int) ([]shop.QueuedRefund, error)
}

// RefundGateway is a provider that refunds payments.
type RefundGateway interface {
	// Refund asks for amount of the transaction to go back.
	Refund(ctx context.Context, reference string, amount shop.Money, currency string) (shop.ProviderRefund, error)
	// FetchRefund asks where a refund stands.
	FetchRefund(ctx context.Context, id string) (shop.ProviderRefund, error)
}

// RefundEventGateway is a provider whose signed events report refunds.
type RefundEventGateway interface {
	ParseRefundEvent(body []byte) (shop.ProviderRefund, error)
}

// Refund texts.
var (
	errNotRefundable  = shop.Conflict("order_not_refundable", "This order has no payment to refund.")
	errRefundsOff     = &shop.Error{Kind: shop.KindForbidden, Code: "permission_denied", Detail: "Stores may not refund orders: ask Dwa staff."}
	errKeyRequired    = shop.InvalidDetail("idempotency_key_required", "Send an Idempotency-Key header with each refund.")
	errNoRefundGate   = &shop.Error{Kind: shop.KindBadGateway, Code: "provider_unavailable", Detail: "This payment provider cannot refund."}
	errRefundRefused  = shop.Conflict("refund_refused", "The payment provider refused this refund. Nothing was refunded.")
	errRefundProvider = &shop.Error{Kind: shop.KindBadGateway, Code: "provider_unavailable",
		Detail: "The payment provider could not be reached. Nothing was refunded; try again."}
)

// maxRefundReason bounds the note staff or a store add to a refund.
const maxRefundReason = 500

// RefundRequest is the body of a refund request as decoded, with the
// Idempotency-Key header.
type RefundRequest struct {
	AmountMinor *int64 // pesewas; nil refunds all that may still be refunded
	Reason      *string
	Key         string
}

// refundRoomError is the over-refund answer: how much may still go back.
func refundRoomError(left shop.Money) error {
	if left <= 0 {
		return shop.Conflict("refund_exceeds_paid", "Everything paid has already been refunded.")
	}
	return shop.Conflict("refund_exceeds_paid", "At most GH₵ "+left.String()+" can still be refunded.")
}

// RefundOrder refunds the payment that paid an order (staff). created is
// false for a replay of the same Idempotency-Key.
func (s *Service) RefundOrder(ctx context.Context, u *shop.User, orderID string, in RefundRequest) (*shop.Refund, bool, error) {
	id, ok := shop.ParseUUID(orderID)
	if !ok {
		return nil, false, shop.NotFound("Order")
	}
	if buyer, _, err := s.store.OrderBuyer(ctx, id); err != nil || buyer == 0 {
		if err == nil {
			err = shop.NotFound("Order")
		}
		return nil, false, err
	}
	return s.refundPaid(ctx, u, id, 0, in)
}

// RefundStorePart refunds part of an order's payment for the caller's
// store, at most its own lines, when staff let stores refund.
func (s *Service) RefundStorePart(ctx context.Context, u *shop.User, orderID string, in RefundRequest) (*shop.Refund, bool, error) {
	id, ok := shop.ParseUUID(orderID)
	if !ok {
		return nil, false, shop.NotFound("Order")
	}
	st, err := s.refundingStore(ctx, u, id)
	if err != nil {
		return nil, false, err
	}
	return s.refundPaid(ctx, u, id, st.ID, in)
}

func (s *Service) refundPaid(ctx context.Context, u *shop.User, orderID string, storeID int64, in RefundRequest) (*shop.Refund, bool, error) {
	p, err := s.store.PaidPayment(ctx, orderID)
	if err != nil {
		return nil, false, err
	}
	if p == nil {
		return nil, false, errNotRefundable
	}
	return s.refund(ctx, u, p, storeID, in)
}

// RefundPayment refunds a payment by id (staff: the queue of payments
// flagged for refund).
func (s *Service) RefundPayment(ctx context.Context, u *shop.User, paymentID int64, in RefundRequest) (*shop.Refund, bool, error) {
	p, err := s.store.PaymentByID(ctx, paymentID)
	if err != nil {
		return nil, false, err
	}
	if p == nil {
		return nil, false, shop.NotFound("Payment")
	}
	if p.Status != shop.PaymentSuccessful {
		return nil, false, errNotRefundable
	}
	return s.refund(ctx, u, p, 0, in)
}

// refundingStore is the caller's store when stores may refund and it has
// lines in the order; else the matching refusal.
func (s *Service) refundingStore(ctx context.Context, u *shop.User, orderID string) (*shop.Store, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	allowed, err := s.StoreRefundsAllowed(ctx)
	if err != nil {
		return nil, err
	}
	if !allowed {
		return nil, errRefundsOff
	}
	o, err := s.store.SellerOrder(ctx, st.ID, orderID)
	if err != nil {
		return nil, err
	}
	if o == nil {
		return nil, shop.NotFound("Order")
	}
	return st, nil
}

// refund reserves the amount under the order's lock, asks the provider
// outside any transaction, and records its answer. A provider that cannot
// be reached fails the reserved refund (nothing was refunded as far as we
// know; a refund that went through after all is learnt from its event).
func (s *Service) refund(ctx context.Context, u *shop.User, p *shop.Payment, storeID int64, in RefundRequest) (*shop.Refund, bool, error) {
	key := in.Key
	switch {
	case key == "":
		return nil, false, errKeyRequired
	case !validIdempotencyKey(key):
		return nil, false, errBadKey
	}
	fields := map[string][]string{}
	if in.AmountMinor != nil && *in.AmountMinor <= 0 {
		fields["amount_minor"] = []string{"Ensure this value is greater than or equal to 1."}
	}
	var reason string
	if in.Reason != nil {
		reason = strings.TrimSpace(*in.Reason)
		if utf8.RuneCountInString(reason) > maxRefundReason {
			fields["reason"] = []string{"Ensure this field has no more than 500 characters."}
		}
	}
	if len(fields) > 0 {
		return nil, false, shop.Invalid(fields)
	}
	rg, ok := s.pay.(RefundGateway)
	if !ok || p.Provider != s.pay.Name() {
		return nil, false, errNoRefundGate
	}
	now := s.now()
	want := &shop.Refund{PaymentID: p.ID, StoreID: storeID, Currency: p.Currency, Provider: p.Provider,
		IdempotencyKey: key, Reason: reason, RequestedBy: u.ID, CreatedAt: now}
	r, created, err := s.store.ReserveRefund(ctx, want, func(room shop.RefundRoom) error {
		left := room.Paid - room.Refunded
		if storeID != 0 {
			left = min(left, room.StorePart-room.StoreRefunded)
		}
		want.Amount = left
		if in.AmountMinor != nil {
			want.Amount = shop.Money(*in.AmountMinor)
		}
		if want.Amount > left || left <= 0 {
			return refundRoomError(left)
		}
		return nil
	})
	switch {
	case err != nil:
		return nil, false, err
	case r == nil:
		return nil, false, errNotRefundable
	case !created:
		if (in.AmountMinor != nil && r.Amount != shop.Money(*in.AmountMinor)) || r.StoreID != storeID {
			return nil, false, errKeyReused
		}
		return r, false, nil
	}
	pctx, cancel := context.WithTimeout(ctx, providerTimeout)
	rep, err := rg.Refund(pctx, p.Reference, r.Amount, r.Currency)
	cancel()
	if err != nil {
		s.log.WarnContext(ctx, "refund: provider refused or unreachable", "refund_id", r.ID, "payment_id", p.ID, "err", err)
		if _, ferr := s.recordRefund(ctx, r.ID, shop.ProviderRefund{TransactionReference: p.Reference, Status: shop.RefundFailed,
			Reason: "The payment provider could not be reached."}); ferr != nil {
			return nil, false, ferr
		}
		return nil, false, errRefundProvider
	}
	rep.TransactionReference = p.Reference
	if rep.Status == shop.RefundFailed {
		s.log.WarnContext(ctx, "refund: provider refused", "refund_id", r.ID, "payment_id", p.ID, "reason", rep.Reason)
		if _, err := s.recordRefund(ctx, r.ID, rep); err != nil {
			return nil, false, err
		}
		return nil, false, errRefundRefused
	}
	if !shop.RefundAdvances(shop.RefundRequested, rep.Status) {
		// An answer we do not know: keep waiting for its events.
		rep.Status = shop.RefundPending
	}
	r, err = s.recordRefund(ctx, r.ID, rep)
	if err == nil {
		s.log.InfoContext(ctx, "refund: asked", "refund_id", r.ID, "payment_id", p.ID, "status", r.Status)
	}
	return r, true, err
}

// recordRefund applies a provider's report (localID: our own request's
// answer; 0: an event or a poll) and mails the buyer when the money went
// back.
func (s *Service) recordRefund(ctx context.Context, localID int64, rep shop.ProviderRefund) (*shop.Refund, error) {
	return s.store.RecordRefundReport(ctx, localID, s.pay.Name(), rep, s.now(), s.refundNotices)
}

// OrderRefunds lists the refunds of one of the user's orders (404 Order
// when it is not theirs).
func (s *Service) OrderRefunds(ctx context.Context, u *shop.User, orderID string) ([]*shop.Refund, error) {
	id, ok := shop.ParseUUID(orderID)
	if !ok {
		return nil, shop.NotFound("Order")
	}
	o, err := s.store.Order(ctx, u.ID, id, true)
	if err != nil {
		return nil, err
	}
	if o == nil {
		return nil, shop.NotFound("Order")
	}
	return s.store.OrderRefunds(ctx, id)
}

// AdminOrderRefunds lists any order's refunds (staff).
func (s *Service) AdminOrderRefunds(ctx context.Context, orderID string) ([]*shop.Refund, error) {
	id, ok := shop.ParseUUID(orderID)
	if !ok {
		return nil, shop.NotFound("Order")
	}
	if buyer, _, err := s.store.OrderBuyer(ctx, id); err != nil || buyer == 0 {
		if err == nil {
			err = shop.NotFound("Order")
		}
		return nil, err
	}
	return s.store.OrderRefunds(ctx, id)
}

// SellerOrderRefunds lists the store's own refunds of an order it has
// lines in.
func (s *Service) SellerOrderRefunds(ctx context.Context, u *shop.User, orderID string) ([]*shop.Refund, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	id, ok := shop.ParseUUID(orderID)
	if !ok {
		return nil, shop.NotFound("Order")
	}
	if o, err := s.store.SellerOrder(ctx, st.ID, id); err != nil || o == nil {
		if err == nil {
			err = shop.NotFound("Order")
		}
		return nil, err
	}
	all, err := s.store.OrderRefunds(ctx, id)
	var own []*shop.Refund
	for _, r := range all {
		if r.StoreID == st.ID {
			own = append(own, r)
		}
	}
	return own, err
}

// RefundQueue lists the payments flagged for refund (staff).
func (s *Service) RefundQueue(ctx context.Context) ([]shop.QueuedRefund, error) {
	return s.store.RefundQueue(ctx, jobBatch)
}

// StoreRefundsAllowed tells whether staff let stores refund their part,
// read at each request so a switch on one instance holds on every other.
func (s *Service) StoreRefundsAllowed(ctx context.Context) (bool, error) {
	set, err := s.store.PaymentSettings(ctx)
	return set.StoreRefunds, err
}

// Refund polling: a refund the provider has not settled is asked about
// again once it has not changed for refundPollAfter — the fallback for a
// lost refund.* event.
const refundPollAfter = 30 * time.Minute

// PollRefunds asks the provider about refunds it has not settled for a
// while and records the answers; it reports how many it asked about.
func (s *Service) PollRefunds(ctx context.Context) (int, error) {
	rg, ok := s.pay.(RefundGateway)
	if !ok {
		return 0, nil
	}
	rs, err := s.store.OpenRefunds(ctx, s.now().Add(-refundPollAfter), jobBatch)
	if err != nil {
		return 0, err
	}
	for _, r := range rs {
		pctx, cancel := context.WithTimeout(ctx, providerTimeout)
		rep, err := rg.FetchRefund(pctx, r.ProviderRefundID)
		cancel()
		if err != nil {
			s.log.WarnContext(ctx, "refund: poll failed", "refund_id", r.ID, "err", err)
			continue
		}
		rep.TransactionReference = r.PaymentReference
		if _, err := s.recordRefund(ctx, r.ID, rep); err != nil {
			return 0, err
		}
	}
	return len(rs), nil
}

// applyRefundEvent records a stored refund.* event.
func (s *Service) applyRefundEvent(ctx context.Context, e shop.PaymentEvent) error {
	rg, ok := s.pay.(RefundEventGateway)
	if !ok {
		return nil
	}
	rep, err := rg.ParseRefundEvent([]byte(e.Payload))
	if err != nil {
		s.log.WarnContext(ctx, "refund webhook: stored event unreadable", "event_id", e.ID, "err", err)
		return nil
	}
	r, err := s.recordRefund(ctx, 0, rep)
	if err == nil && r == nil {
		s.log.WarnContext(ctx, "refund webhook: unknown transaction ignored", "event_id", e.ID)
	}
	return err
}

// refundNotices tells the buyer that money went back to them, by the
// channels they chose (a text only to a verified number).
func (s *Service) refundNotices(r *shop.Refund, by shop.Channels) []shop.Mail {
	ref := "order " + orderRef(r.OrderID)
	amount := "GH₵ " + r.Amount.Grouped()
	mail := func() []shop.Mail {
		c := s.orderContent(r.OrderID)
		c.Paragraphs = []string{"We have refunded " + amount + " of your payment for " + ref + ".",
			"It goes back the way you paid (card or mobile money); your bank or network may take a few days to show it."}
		return s.render(r.BuyerEmail, "Dwa refunded "+amount+" for your "+ref, c)
	}
	return s.noticesBy(by, r.BuyerPhone, mail, func() string {
		return "Dwa: we have refunded " + amount + " for " + ref + ". It goes back the way you paid. " + s.orderLink(r.OrderID)
	})
}

// refundEventKey is what a refund event is stored under: the provider's
// refund id, else the transaction and amount; "" when it names neither.
func refundEventKey(rep shop.ProviderRefund) string {
	switch {
	case rep.ID != "":
		return "refund:" + rep.ID
	case rep.TransactionReference != "":
		return "refund:" + rep.TransactionReference + ":" + rep.Amount.String()
	}
	return ""
}
