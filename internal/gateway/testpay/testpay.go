// Package testpay is the built-in test payment provider, active when no
// Paystack keys are configured: the storefront's TEST MODE dialog "charges"
// one of three test cards, or one of the test mobile money numbers below,
// then the normal verify path asks this provider about the reference. Charges live in memory: test mode is for one
// development instance, and a reference never charged is simply unknown.
package testpay

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"dwa/internal/shop"
)

// The contract's test cards (§2.5).
const (
	CardSuccess      = "4084084084084081"
	CardDeclined     = "4000000000000002"
	CardInsufficient = "4000000000009995"
)

var cards = map[string]struct{ status, response string }{
	CardSuccess:      {"success", "Approved"},
	CardDeclined:     {"failed", "Declined"},
	CardInsufficient: {"failed", "Insufficient Funds"},
}

var errUnknownCard = shop.Invalid(map[string][]string{"card_number": {"Unknown test card."}})

// Test mobile money numbers (docs/decisions/0017). The approving, declining
// and insufficient-funds numbers answer ApproveAfter after the charge, as a
// shopper approving the prompt would; the silent one never answers, so the
// attempt times out; the Telecel one first asks for a voucher code.
const (
	MoMoApprove      = "0551234987"
	MoMoDecline      = "0551234988"
	MoMoInsufficient = "0551234989"
	MoMoSilent       = "0551234990"
	MoMoVoucher      = "0201234567"
	MoMoAirtelTigo   = "0261234567"
	// VoucherCode is the voucher MoMoVoucher accepts; any other is refused.
	VoucherCode = "123456"
)

// ApproveAfter is how long a test prompt takes to be "approved".
const ApproveAfter = 3 * time.Second

// momoOutcome is what a test number's prompt ends in; "" never ends.
var momoOutcome = map[string]struct{ status, response string }{
	MoMoApprove:      {"success", "Approved"},
	MoMoAirtelTigo:   {"success", "Approved"},
	MoMoVoucher:      {"success", "Approved"},
	MoMoDecline:      {"failed", "Declined by the customer"},
	MoMoInsufficient: {"failed", "Insufficient funds"},
	MoMoSilent:       {"", ""},
}

var errUnknownNumber = shop.Invalid(map[string][]string{"phone": {"Unknown test number: use one listed on the page."}})

// prompt is a test mobile money charge waiting for its "approval".
type prompt struct {
	txn        shop.ProviderTransaction // the final answer
	needsCode  bool
	approvedAt time.Time // zero until the prompt is out
}

// Provider records test charges per reference.
type Provider struct {
	mu      sync.Mutex
	now     func() time.Time
	charges map[string]shop.ProviderTransaction
	prompts map[string]*prompt
	refunds []shop.ProviderRefund // by id - 1
	// transfers are the test payouts by reference (transfers.go).
	transfers map[string]*transfer
}

// New returns an empty test provider that tells time by now.
func New(now func() time.Time) *Provider {
	return &Provider{now: now, charges: map[string]shop.ProviderTransaction{}, prompts: map[string]*prompt{}}
}

// Name is the provider recorded on payment attempts.
func (*Provider) Name() string { return "test" }

// PublicKey is empty: the test dialog needs no key.
func (*Provider) PublicKey() string { return "" }

// Initialize has nothing to register; there is no access code.
func (*Provider) Initialize(context.Context, shop.PaymentInit) (string, error) { return "", nil }

// Verify reports the charge recorded for the reference, if any.
func (p *Provider) Verify(_ context.Context, reference string) (shop.ProviderTransaction, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t, ok := p.charges[reference]; ok {
		return t, nil
	}
	if pr, ok := p.prompts[reference]; ok {
		if pr.txn.Status == "" || pr.approvedAt.IsZero() || p.now().Before(pr.approvedAt) {
			return shop.ProviderTransaction{Found: true, Status: "pending", Reference: reference, Amount: pr.txn.Amount,
				Currency: pr.txn.Currency}, nil
		}
		return pr.txn, nil
	}
	return shop.ProviderTransaction{Reference: reference}, nil
}

// Charge records a charge of the card for the exact amount and currency of
// the attempt. After a successful charge the reference cannot be charged
// again; a declined one may be retried with another card.
func (p *Provider) Charge(_ context.Context, reference string, amount shop.Money, currency, cardNumber string) (shop.ProviderTransaction, error) {
	card, ok := cards[strings.ReplaceAll(cardNumber, " ", "")]
	if !ok {
		return shop.ProviderTransaction{}, errUnknownCard
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if prev, ok := p.charges[reference]; ok && prev.Status == "success" {
		return shop.ProviderTransaction{}, shop.ErrAlreadyCharged
	}
	t := shop.ProviderTransaction{Found: true, Status: card.status, Reference: reference, Amount: amount,
		Currency: currency, GatewayResponse: card.response}
	p.charges[reference] = t
	return t, nil
}

// ChargeMobileMoney sends a test prompt to one of the test numbers.
func (p *Provider) ChargeMobileMoney(_ context.Context, m shop.MobileMoneyCharge) (shop.ChargeResult, error) {
	out, ok := momoOutcome[m.Phone]
	if !ok {
		return shop.ChargeResult{}, errUnknownNumber
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	pr := &prompt{txn: shop.ProviderTransaction{Found: true, Status: out.status, Reference: m.Reference, Amount: m.Amount,
		Currency: m.Currency, GatewayResponse: out.response}, needsCode: m.Phone == MoMoVoucher}
	p.prompts[m.Reference] = pr
	if pr.needsCode {
		return shop.ChargeResult{Status: shop.ChargeSendOTP, DisplayText: "Dial *110#, choose Generate voucher and enter the code."}, nil
	}
	pr.approvedAt = p.now().Add(ApproveAfter)
	return shop.ChargeResult{Status: shop.ChargePayOffline, DisplayText: "Approve the prompt on your phone."}, nil
}

// SubmitOTP accepts VoucherCode for a charge waiting for one.
func (p *Provider) SubmitOTP(_ context.Context, reference, otp string) (shop.ChargeResult, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pr, ok := p.prompts[reference]
	if !ok || !pr.needsCode {
		return shop.ChargeResult{Status: "failed", GatewayResponse: "No code expected"}, nil
	}
	if strings.TrimSpace(otp) != VoucherCode {
		return shop.ChargeResult{Status: shop.ChargeSendOTP, Rejected: true, GatewayResponse: "Invalid voucher code"}, nil
	}
	pr.needsCode = false
	pr.approvedAt = p.now().Add(ApproveAfter)
	return shop.ChargeResult{Status: shop.ChargePayOffline, DisplayText: "Approve the prompt on your phone."}, nil
}

// Refund "refunds" a successful test charge at once: the refund is
// processed in the answer itself, so test mode sends no refund events. More
// than is left of the charge is refused, as Paystack does.
func (p *Provider) Refund(ctx context.Context, reference string, amount shop.Money, currency string) (shop.ProviderRefund, error) {
	t, _ := p.Verify(ctx, reference)
	p.mu.Lock()
	defer p.mu.Unlock()
	left := t.Amount
	for _, r := range p.refunds {
		if r.TransactionReference == reference {
			left -= r.Amount
		}
	}
	r := shop.ProviderRefund{TransactionReference: reference, Amount: amount, Currency: currency, Status: shop.RefundProcessed}
	if t.Status != "success" || amount > left {
		r.Status, r.Reason = shop.RefundFailed, "Refund amount is more than what is left of the transaction"
		return r, nil
	}
	r.ID = "test-" + strconv.Itoa(len(p.refunds)+1)
	p.refunds = append(p.refunds, r)
	return r, nil
}

// FetchRefund reports a test refund.
func (p *Provider) FetchRefund(_ context.Context, id string) (shop.ProviderRefund, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n, err := strconv.Atoi(strings.TrimPrefix(id, "test-"))
	if err != nil || n < 1 || n > len(p.refunds) {
		return shop.ProviderRefund{ID: id, Status: shop.RefundFailed, Reason: "Unknown refund"}, nil
	}
	return p.refunds[n-1], nil
}
