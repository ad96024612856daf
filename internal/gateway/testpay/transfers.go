package testpay

import (
	"context"
	"strings"
	"time"

	"dwa/internal/shop"
)

// Test payouts (docs/decisions/0027). Every well-formed wallet or account
// number resolves to a test holder, except the ones below; a transfer
// stays pending for TransferAfter, then succeeds, fails or is reversed by
// its recipient's number.
const (
	// PayoutUnknown is a wallet number no account is found for.
	PayoutUnknown = "0241230000"
	// PayoutFails is a wallet whose transfers fail.
	PayoutFails = "0241230001"
	// PayoutReversed is a wallet whose transfers are reversed.
	PayoutReversed = "0241230002"
	// BankUnknown is a bank account number no account is found for.
	BankUnknown = "0000000000"
)

// TransferAfter is how long a test transfer stays pending.
const TransferAfter = 3 * time.Second

var testBanks = map[string][]shop.PayoutBank{
	"mobile_money": {{Code: "MTN", Name: "MTN Mobile Money", Type: "mobile_money"},
		{Code: "VOD", Name: "Telecel Cash", Type: "mobile_money"},
		{Code: "ATL", Name: "AirtelTigo Money", Type: "mobile_money"}},
	"bank": {{Code: "GCB", Name: "GCB Bank (test)", Type: "bank"},
		{Code: "ECO", Name: "Ecobank Ghana (test)", Type: "bank"},
		{Code: "FBL", Name: "Fidelity Bank (test)", Type: "bank"}},
}

// transfer is a test transfer and when its outcome shows.
type transfer struct {
	t      shop.ProviderTransfer
	number string
	doneAt time.Time
}

// Banks lists the test provider's banks or wallets.
func (*Provider) Banks(_ context.Context, typ string) ([]shop.PayoutBank, error) {
	return append([]shop.PayoutBank(nil), testBanks[typ]...), nil
}

// ResolveAccount names every test account but the unknown ones.
func (*Provider) ResolveAccount(_ context.Context, _, number string) (string, bool, error) {
	switch number {
	case PayoutUnknown, BankUnknown:
		return "", false, nil
	}
	return "Test Holder " + number[len(number)-4:], true, nil
}

// CreateRecipient codes the account's number into the recipient code, so
// a transfer knows its outcome.
func (*Provider) CreateRecipient(_ context.Context, a shop.PayoutAccount) (string, error) {
	return "RCP_test_" + a.BankCode + "_" + a.AccountNumber, nil
}

// Transfer records a pending test transfer; a reference already sent is
// the same transfer.
func (p *Provider) Transfer(_ context.Context, t shop.TransferRequest) (shop.ProviderTransfer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.transfers == nil {
		p.transfers = map[string]*transfer{}
	}
	if tr, ok := p.transfers[t.Reference]; ok {
		return p.stateOf(tr), nil
	}
	number := t.RecipientCode[strings.LastIndex(t.RecipientCode, "_")+1:]
	tr := &transfer{t: shop.ProviderTransfer{Found: true, Reference: t.Reference, Status: shop.TransferPending,
		TransferCode: "TRF_test_" + t.Reference, Amount: t.Amount}, number: number, doneAt: p.now().Add(TransferAfter)}
	p.transfers[t.Reference] = tr
	return tr.t, nil
}

// VerifyTransfer reports a test transfer: pending until TransferAfter,
// then its outcome.
func (p *Provider) VerifyTransfer(_ context.Context, reference string) (shop.ProviderTransfer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	tr, ok := p.transfers[reference]
	if !ok {
		return shop.ProviderTransfer{Reference: reference}, nil
	}
	return p.stateOf(tr), nil
}

func (p *Provider) stateOf(tr *transfer) shop.ProviderTransfer {
	out := tr.t
	if p.now().Before(tr.doneAt) {
		return out
	}
	switch tr.number {
	case PayoutFails:
		out.Status, out.Reason = shop.TransferFailed, "The test wallet refused the transfer."
	case PayoutReversed:
		out.Status = shop.TransferReversed
	default:
		out.Status = shop.TransferSuccess
	}
	return out
}
