// Package testpay is the built-in test payment provider, active when no
// Paystack keys are configured: the storefront's TEST MODE dialog "charges"
// one of three test cards, then the normal verify path asks this provider
// about the reference. Charges live in memory: test mode is for one
// development instance, and a reference never charged is simply unknown.
package testpay

import (
	"context"
	"strings"
	"sync"

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

// Provider records test charges per reference.
type Provider struct {
	mu      sync.Mutex
	charges map[string]shop.ProviderTransaction
}

// New returns an empty test provider.
func New() *Provider { return &Provider{charges: map[string]shop.ProviderTransaction{}} }

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
