package service

import (
	"context"
	"time"

	"dwa/internal/shop"
)

// Pay on delivery (issue 20, docs/decisions/0020): staff switch it on and
// set its ceiling, stores opt in, and a shopper with a delivered order or a
// verified phone may choose it for an order of such stores; the order then
// goes to processing unpaid, and each store marks its part paid on
// delivery when the rider hands it over, or cancels it unpaid.

// CODStore keeps the pay-on-delivery settings and choices.
type CODStore interface {
	// PaymentSettings returns staff's payment switches.
	PaymentSettings(ctx context.Context) (shop.PaymentSettings, error)
	// UpdatePaymentSettings changes the sent switches, and only those.
	UpdatePaymentSettings(ctx context.Context, enabled *bool, max *shop.Money, storeRefunds *bool, at time.Time) error
	// CODFacts returns the stores of the order's lines and what is known
	// of its buyer.
	CODFacts(ctx context.Context, orderID string, userID int64) ([]shop.CODStore, shop.CODBuyer, error)
	// ChooseCOD turns the user's pending order into a pay-on-delivery one
	// if check allows it on the locked order (momoWaiting refuses while a
	// mobile money prompt waits); done is false when it already was one.
	// The order is nil when the user has no such order.
	ChooseCOD(ctx context.Context, orderID string, userID int64, at time.Time,
		check func(*shop.Order) error, momoWaiting error) (o *shop.Order, done bool, err error)
}

// PaymentSettingsInput is a decoded change of the staff's switches.
type PaymentSettingsInput struct {
	CODEnabled   *bool
	CODMax       *string // cedis, decimal text
	StoreRefunds *bool
}

// PaymentSettings returns staff's payment switches.
func (s *Service) PaymentSettings(ctx context.Context) (shop.PaymentSettings, error) {
	return s.store.PaymentSettings(ctx)
}

// maxCODCeiling bounds the ceiling staff may set: GH₵ 1,000,000.
const maxCODCeiling shop.Money = 100_000_000

// UpdatePaymentSettings changes the sent switches (staff only).
func (s *Service) UpdatePaymentSettings(ctx context.Context, in PaymentSettingsInput) (shop.PaymentSettings, error) {
	var max *shop.Money
	if in.CODMax != nil {
		m, err := shop.ParseCedis(*in.CODMax)
		switch {
		case err != nil:
			return shop.PaymentSettings{}, shop.Invalid(map[string][]string{"cod_max_amount": {"Enter an amount in cedis, such as 2000.00."}})
		case m <= 0 || m > maxCODCeiling:
			return shop.PaymentSettings{}, shop.Invalid(map[string][]string{"cod_max_amount": {
				"Enter an amount above GH₵ 0 and at most GH₵ " + maxCODCeiling.Grouped() + "."}})
		}
		max = &m
	}
	if err := s.store.UpdatePaymentSettings(ctx, in.CODEnabled, max, in.StoreRefunds, s.now()); err != nil {
		return shop.PaymentSettings{}, err
	}
	return s.store.PaymentSettings(ctx)
}

// CODOption is whether the user's order may be paid on delivery and, when
// not, why (in words for the shopper).
type CODOption struct {
	Available bool
	Reason    string
	Amount    shop.Money
	Max       shop.Money
	Chosen    bool
}

// CODOption tells the payment page whether to offer pay on delivery.
func (s *Service) CODOption(ctx context.Context, u *shop.User, id string) (CODOption, error) {
	o, err := s.Order(ctx, u, id)
	if err != nil {
		return CODOption{}, err
	}
	check, set, err := s.codCheck(ctx, u, o.ID)
	if err != nil {
		return CODOption{}, err
	}
	out := CODOption{Amount: o.Amount, Max: set.CODMax, Chosen: o.PayOnDelivery()}
	if err := check(o); err != nil {
		out.Reason = err.(*shop.Error).Detail
	} else {
		out.Available = true
	}
	return out, nil
}

// codCheck reads what decides pay on delivery for the order and returns
// the rule to apply to the order as it then is.
func (s *Service) codCheck(ctx context.Context, u *shop.User, orderID string) (func(*shop.Order) error, shop.PaymentSettings, error) {
	set, err := s.store.PaymentSettings(ctx)
	if err != nil {
		return nil, set, err
	}
	stores, buyer, err := s.store.CODFacts(ctx, orderID, u.ID)
	if err != nil {
		return nil, set, err
	}
	buyer.PhoneVerified = u.Phone != ""
	return func(o *shop.Order) error {
		if e := shop.CODRefusal(set, o, stores, buyer); e != nil {
			return e
		}
		return nil
	}, set, nil
}

// ChooseCOD makes the user's pending order a pay-on-delivery one when it
// may be (the server decides; the client only asks). Asking again for an
// order already paid on delivery returns it unchanged (done false).
func (s *Service) ChooseCOD(ctx context.Context, u *shop.User, id string) (*shop.Order, bool, error) {
	id, ok := shop.ParseUUID(id)
	if !ok {
		return nil, false, shop.ErrNotFoundPlain
	}
	check, _, err := s.codCheck(ctx, u, id)
	if err != nil {
		return nil, false, err
	}
	o, done, err := s.store.ChooseCOD(ctx, id, u.ID, s.now(), check, errMoMoInProgress)
	switch {
	case err != nil:
		return nil, false, err
	case o == nil:
		return nil, false, shop.NotFound("Order")
	}
	if done {
		s.log.InfoContext(ctx, "order: pay on delivery chosen", "order_id", o.ID)
	}
	return o, done, nil
}
