package service

import (
	"context"
	"errors"
	"strings"

	"dwa/internal/shop"
)

// MobileMoneyGateway is a provider that charges mobile money wallets
// through its charge API (docs/decisions/0017).
type MobileMoneyGateway interface {
	// ChargeMobileMoney starts a charge; the answer names the next step.
	ChargeMobileMoney(ctx context.Context, m shop.MobileMoneyCharge) (shop.ChargeResult, error)
	// SubmitOTP sends the code the shopper typed for a send_otp charge.
	SubmitOTP(ctx context.Context, reference, otp string) (shop.ChargeResult, error)
}

// Mobile money texts.
var (
	errMoMoInProgress = shop.Conflict("payment_in_progress",
		"A mobile money payment for this order is waiting for approval. Approve it, or wait until it times out to pay another way.")
	errCardInProgress = shop.Conflict("payment_in_progress",
		"A card payment for this order is being set up in another window. Finish it there, or try again.")
	errCodeNotExpected = shop.Conflict("otp_not_expected", "This payment is not waiting for a code.")
	errCodeRejected    = shop.Invalid(map[string][]string{"otp": {
		"That code was not accepted. Dial *110#, choose Generate voucher and type the new code."}})
	errPromptTimedOut = shop.InvalidDetail("payment_failed",
		"The prompt was not approved in time. Try again, or pay another way.")
)

// gwPromptTimedOut is the gateway response recorded on an attempt that
// timed out; gwReplaced on a card attempt a mobile money charge replaced.
const (
	gwPromptTimedOut = "Timed out: the prompt was not approved in time"
	gwReplaced       = "Replaced by a mobile money charge"
	gwUnreachable    = "The provider could not be reached"
)

// chargeFailed is the answer to a charge the provider refused or the
// shopper declined, with the provider's reason.
func chargeFailed(reason string) error {
	if reason == "" {
		return errPaymentFailed
	}
	return shop.InvalidDetail("payment_failed", "Mobile money payment was not successful: "+reason+".")
}

// MobileMoneyRequest is the body of POST /store/payments/mobile-money/.
type MobileMoneyRequest struct {
	Order   *string
	Phone   *string
	Network *string // a provider code; empty or missing: from the prefix
}

func (in MobileMoneyRequest) number() (phone, network string, err error) {
	fields := map[string][]string{}
	switch {
	case in.Phone == nil:
		fields["phone"] = []string{msgRequired}
	case strings.TrimSpace(*in.Phone) == "":
		fields["phone"] = []string{msgBlank}
	default:
		var ok bool
		if phone, ok = shop.MoMoNumber(*in.Phone); !ok {
			fields["phone"] = []string{"Enter a Ghana mobile number, like 024 123 4567."}
		}
	}
	if in.Network != nil && *in.Network != "" {
		if _, ok := shop.Networks[*in.Network]; !ok {
			fields["network"] = []string{"Choose MTN (mtn), Telecel (vod) or AirtelTigo (atl)."}
		}
		network = *in.Network
	} else {
		network = shop.NetworkOf(phone)
	}
	if len(fields) > 0 {
		return "", "", shop.Invalid(fields)
	}
	return phone, network, nil
}

// PayMobileMoney charges the user's pending order to a mobile money wallet
// and returns the attempt; created is false when a charge of the order is
// already waiting (another tab, a retry): the shopper gets that one, never
// a second prompt. A pending card attempt is asked about first and, unless
// it was paid, replaced (a late success of it is flagged for refund by
// fulfil, as for any attempt whose order was paid meanwhile).
func (s *Service) PayMobileMoney(ctx context.Context, u *shop.User, in MobileMoneyRequest) (*shop.Payment, bool, error) {
	mg, ok := s.pay.(MobileMoneyGateway)
	if !ok {
		return nil, false, shop.ErrNotFoundPlain
	}
	o, err := s.payableOrder(ctx, u, in.Order)
	if err != nil {
		return nil, false, err
	}
	phone, network, err := in.number()
	if err != nil {
		return nil, false, err
	}
	now := s.now()
	p := &shop.Payment{OrderID: o.ID, UserID: u.ID, Email: u.Email, Reference: shop.NewPaymentReference(),
		Amount: o.Amount, Currency: shop.Currency, Status: shop.PaymentPending, Provider: s.pay.Name(),
		Channel: shop.ChannelMobileMoney, Phone: phone, Network: network, CreatedAt: now, UpdatedAt: now}
	// A card attempt created by another tab between making room and
	// creating is made room for once more; a third party is not expected.
	for try := 0; ; try++ {
		if err := s.makeRoomForMobileMoney(ctx, o.ID); err != nil {
			return nil, false, err
		}
		created, err := s.store.CreatePayment(ctx, p)
		if err != nil {
			return nil, false, err
		}
		if created {
			break
		}
		// Another tab got there first, or the order stopped being pending.
		switch other, err := s.store.PendingPayment(ctx, o.ID, s.pay.Name()); {
		case err != nil:
			return nil, false, err
		case other == nil:
			return nil, false, errOrderNotPending
		case other.Channel == shop.ChannelMobileMoney:
			return other, false, nil
		case try > 0:
			return nil, false, errCardInProgress
		}
	}
	pctx, cancel := context.WithTimeout(ctx, providerTimeout)
	res, err := mg.ChargeMobileMoney(pctx, shop.MobileMoneyCharge{Reference: p.Reference, Email: u.Email,
		Amount: p.Amount, Currency: p.Currency, Phone: phone, Network: network})
	cancel()
	if err != nil {
		// Whether a prompt went out is unknown; a late success of this
		// attempt is still fulfilled (or flagged) by the webhook.
		var se *shop.Error
		reason := gwUnreachable
		if errors.As(err, &se) && se.Kind == shop.KindInvalid {
			reason = se.Error()
		} else {
			s.log.WarnContext(ctx, "payment provider: mobile money charge failed", "provider", s.pay.Name(), "err", err)
			err = errProvider
		}
		if _, ferr := s.store.FailPayment(ctx, p.Reference, reason, "", s.now()); ferr != nil {
			return nil, false, ferr
		}
		return nil, false, err
	}
	p, err = s.applyCharge(ctx, p, res)
	return p, true, err
}

// payableOrder is the user's order named by the request, if it is pending.
func (s *Service) payableOrder(ctx context.Context, u *shop.User, order *string) (*shop.Order, error) {
	switch {
	case order == nil:
		return nil, shop.Invalid(map[string][]string{"order": {msgRequired}})
	case *order == "":
		return nil, shop.Invalid(map[string][]string{"order": {msgBlank}})
	}
	id, ok := shop.ParseUUID(*order)
	if !ok {
		return nil, shop.Invalid(map[string][]string{"order": {"Must be a valid UUID."}})
	}
	o, err := s.store.Order(ctx, u.ID, id, false)
	switch {
	case err != nil:
		return nil, err
	case o == nil:
		return nil, shop.NotFound("Order")
	case o.PayOnDelivery():
		return nil, shop.ErrCODTaken
	case o.Status != shop.OrderPending:
		return nil, errOrderNotPending
	}
	return o, nil
}

// makeRoomForMobileMoney ends the order's pending card attempt, if any,
// after asking the provider that it was not paid: a paid one fulfils the
// order instead. A pending mobile money attempt is left alone and reported
// by CreatePayment's conflict.
func (s *Service) makeRoomForMobileMoney(ctx context.Context, orderID string) error {
	old, err := s.store.PendingPayment(ctx, orderID, s.pay.Name())
	if err != nil || old == nil || old.Channel == shop.ChannelMobileMoney {
		return err
	}
	txn, err := s.askProvider(ctx, old)
	if err != nil {
		return err
	}
	if txn.Found && txn.Status == "success" {
		if _, err := s.fulfil(ctx, old, txn); err != nil && !isContractOutcome(err) {
			return err
		}
		return errOrderNotPending
	}
	if ok, err := s.store.FailPayment(ctx, old.Reference, gwReplaced, "", s.now()); err != nil {
		return err
	} else if !ok {
		return errOrderNotPending
	}
	return nil
}

// applyCharge records what a charge or a submitted code led to and returns
// the attempt as it now stands.
func (s *Service) applyCharge(ctx context.Context, p *shop.Payment, res shop.ChargeResult) (*shop.Payment, error) {
	var outcome error
	switch res.Status {
	case "success":
		// The charge's answer is not proof: ask the provider.
		txn, err := s.askProvider(ctx, p)
		if err != nil {
			return nil, err
		}
		if _, err := s.fulfil(ctx, p, txn); err != nil && !errors.Is(err, errPaymentIncomplete) {
			return nil, err
		}
	case "failed":
		if _, err := s.store.FailPayment(ctx, p.Reference, res.GatewayResponse, "", s.now()); err != nil {
			return nil, err
		}
		s.payStats.add(outcomeFailed)
		outcome = chargeFailed(res.GatewayResponse)
	default:
		if _, err := s.store.SetChargeState(ctx, p.Reference, res.Status, res.DisplayText, s.now()); err != nil {
			return nil, err
		}
	}
	if outcome != nil {
		return nil, outcome
	}
	now, err := s.store.PaymentByReference(ctx, p.Reference)
	if err == nil && now == nil {
		err = errPaymentNotFound
	}
	return now, err
}

// SubmitMobileMoneyCode sends the voucher code the shopper typed for the
// attempt; a refused code leaves the attempt waiting for another.
func (s *Service) SubmitMobileMoneyCode(ctx context.Context, u *shop.User, reference, otp *string) (*shop.Payment, error) {
	mg, ok := s.pay.(MobileMoneyGateway)
	if !ok {
		return nil, shop.ErrNotFoundPlain
	}
	p, err := s.ownPayment(ctx, u, reference)
	if err != nil {
		return nil, err
	}
	code := ""
	if otp != nil {
		code = strings.TrimSpace(*otp)
	}
	switch {
	case otp == nil:
		return nil, shop.Invalid(map[string][]string{"otp": {msgRequired}})
	case code == "":
		return nil, shop.Invalid(map[string][]string{"otp": {msgBlank}})
	case len(code) > 12:
		return nil, errCodeRejected
	case p.Status != shop.PaymentPending || p.Channel != shop.ChannelMobileMoney || p.ChargeState != shop.ChargeSendOTP:
		return nil, errCodeNotExpected
	}
	pctx, cancel := context.WithTimeout(ctx, providerTimeout)
	res, err := mg.SubmitOTP(pctx, p.Reference, code)
	cancel()
	if err != nil {
		s.log.WarnContext(ctx, "payment provider: submit code failed", "provider", s.pay.Name(), "payment_id", p.ID, "err", err)
		return nil, errProvider
	}
	if res.Rejected {
		return nil, errCodeRejected
	}
	return s.applyCharge(ctx, p, res)
}

// promptExpired fails a mobile money attempt whose prompt outlived the
// timeout while the provider still has no answer; false when it did not
// (not mobile money, not old enough, or no longer pending).
func (s *Service) promptExpired(ctx context.Context, p *shop.Payment) (bool, error) {
	if p.Channel != shop.ChannelMobileMoney || s.now().Sub(p.CreatedAt) < s.momoTimeout {
		return false, nil
	}
	ok, err := s.store.FailPayment(ctx, p.Reference, gwPromptTimedOut, "", s.now())
	if ok {
		s.log.InfoContext(ctx, "payments: mobile money prompt timed out", "payment_id", p.ID, "order_id", p.OrderID)
	}
	return ok, err
}

// ExpireMobileMoney asks the provider about mobile money attempts still
// pending after the prompt timeout, applies a final answer and fails the
// others as timed out, so the shopper can pay again. Checks that fail back
// off as the re-verify job's do. It reports how many attempts it asked about.
func (s *Service) ExpireMobileMoney(ctx context.Context) (int, error) {
	now := s.now()
	ps, err := s.store.PendingMobileMoney(ctx, now.Add(-s.momoTimeout), now, jobBatch)
	if err != nil {
		return 0, err
	}
	for _, p := range ps {
		_, err := s.recheck(ctx, p)
		switch {
		case errors.Is(err, errPaymentIncomplete):
			if _, err := s.promptExpired(ctx, p); err != nil {
				return 0, err
			}
		case err != nil && !isContractOutcome(err):
			return 0, err
		}
	}
	return len(ps), nil
}
