package paystack

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"dwa/internal/shop"
)

// Paystack Transfers (docs/decisions/0027): Ghanaian banks are listed with
// GET /bank?currency=GHS&type=ghipss, wallets with type=mobile_money; an
// account is named with GET /bank/resolve, registered with POST
// /transferrecipient (type ghipss or mobile_money, currency GHS), paid with
// POST /transfer (our reference: a retry with it is the same transfer),
// checked with GET /transfer/verify/{reference} and settled by the
// transfer.success, transfer.failed and transfer.reversed events.

// Banks lists Paystack's Ghanaian banks (typ "bank") or mobile money
// wallets (typ "mobile_money").
func (c *Client) Banks(ctx context.Context, typ string) ([]shop.PayoutBank, error) {
	ptype := "ghipss"
	if typ == "mobile_money" {
		ptype = "mobile_money"
	}
	status, env, err := c.call(ctx, http.MethodGet, "/bank?currency=GHS&perPage=100&type="+ptype, nil)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK || env.Status == nil || !*env.Status {
		return nil, fmt.Errorf("paystack banks: HTTP %d: %s", status, env.Message)
	}
	var data []struct {
		Name   string `json:"name"`
		Code   string `json:"code"`
		Active *bool  `json:"active"`
	}
	if err := json.Unmarshal(env.Data, &data); err != nil {
		return nil, fmt.Errorf("paystack banks: data: %w", err)
	}
	out := make([]shop.PayoutBank, 0, len(data))
	for _, b := range data {
		if b.Code == "" || (b.Active != nil && !*b.Active) {
			continue
		}
		out = append(out, shop.PayoutBank{Code: b.Code, Name: b.Name, Type: typ})
	}
	return out, nil
}

// ResolveAccount asks Paystack the name on an account. Paystack answers an
// account it cannot find with HTTP 4xx and status false: found is false.
func (c *Client) ResolveAccount(ctx context.Context, bankCode, number string) (string, bool, error) {
	q := url.Values{"account_number": {number}, "bank_code": {bankCode}}
	status, env, err := c.call(ctx, http.MethodGet, "/bank/resolve?"+q.Encode(), nil)
	if err != nil {
		return "", false, err
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return "", false, fmt.Errorf("paystack resolve: HTTP %d: %s", status, env.Message)
	case status >= 400 && env.Status != nil && !*env.Status:
		return "", false, nil
	case status != http.StatusOK || env.Status == nil || !*env.Status:
		return "", false, fmt.Errorf("paystack resolve: HTTP %d: %s", status, env.Message)
	}
	var data struct {
		AccountName string `json:"account_name"`
	}
	if err := json.Unmarshal(env.Data, &data); err != nil || strings.TrimSpace(data.AccountName) == "" {
		return "", false, fmt.Errorf("paystack resolve: answer without account_name")
	}
	return strings.TrimSpace(data.AccountName), true, nil
}

// CreateRecipient registers the account as a transfer recipient (Paystack
// returns the existing one for an account it already knows).
func (c *Client) CreateRecipient(ctx context.Context, a shop.PayoutAccount) (string, error) {
	ptype := "ghipss"
	if a.Type == "mobile_money" {
		ptype = "mobile_money"
	}
	body, _ := json.Marshal(map[string]string{"type": ptype, "name": a.AccountName, "account_number": a.AccountNumber,
		"bank_code": a.BankCode, "currency": shop.Currency})
	status, env, err := c.call(ctx, http.MethodPost, "/transferrecipient", body)
	if err != nil {
		return "", err
	}
	if (status != http.StatusOK && status != http.StatusCreated) || env.Status == nil || !*env.Status {
		return "", fmt.Errorf("paystack recipient: HTTP %d: %s", status, env.Message)
	}
	var data struct {
		RecipientCode string `json:"recipient_code"`
	}
	if err := json.Unmarshal(env.Data, &data); err != nil || data.RecipientCode == "" {
		return "", fmt.Errorf("paystack recipient: answer without recipient_code")
	}
	return data.RecipientCode, nil
}

// transferObject is the part of Paystack's transfer we read.
type transferObject struct {
	Reference    string      `json:"reference"`
	Status       string      `json:"status"`
	TransferCode string      `json:"transfer_code"`
	Amount       json.Number `json:"amount"`
}

func (t transferObject) toShop() shop.ProviderTransfer {
	out := shop.ProviderTransfer{Found: true, Reference: t.Reference, Status: t.Status, TransferCode: t.TransferCode}
	if n, err := t.Amount.Int64(); err == nil {
		out.Amount = shop.Money(n)
	}
	return out
}

// Transfer sends a payout from the Paystack balance. A refusal (HTTP 4xx
// with status false: a balance too low, a bad recipient) is a failed
// transfer, not an error — except a reference Paystack already has, which
// is our own retry: its state is then asked with verify.
func (c *Client) Transfer(ctx context.Context, t shop.TransferRequest) (shop.ProviderTransfer, error) {
	body, _ := json.Marshal(map[string]any{"source": "balance", "amount": int64(t.Amount), "recipient": t.RecipientCode,
		"reference": t.Reference, "reason": t.Reason, "currency": shop.Currency})
	status, env, err := c.call(ctx, http.MethodPost, "/transfer", body)
	if err != nil {
		return shop.ProviderTransfer{}, err
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return shop.ProviderTransfer{}, fmt.Errorf("paystack transfer: HTTP %d: %s", status, env.Message)
	case status >= 400 && env.Status != nil && !*env.Status:
		if strings.Contains(strings.ToLower(env.Message), "reference") {
			return c.VerifyTransfer(ctx, t.Reference)
		}
		return shop.ProviderTransfer{Found: true, Reference: t.Reference, Status: shop.TransferFailed, Amount: t.Amount,
			Reason: "The payment provider refused the transfer: " + env.Message}, nil
	case (status != http.StatusOK && status != http.StatusCreated) || env.Status == nil || !*env.Status:
		return shop.ProviderTransfer{}, fmt.Errorf("paystack transfer: HTTP %d: %s", status, env.Message)
	}
	var o transferObject
	if err := json.Unmarshal(env.Data, &o); err != nil || o.Status == "" {
		return shop.ProviderTransfer{}, fmt.Errorf("paystack transfer: answer without status")
	}
	if o.Reference == "" {
		o.Reference = t.Reference
	}
	return o.toShop(), nil
}

// VerifyTransfer asks Paystack about a transfer by our reference; an
// unknown reference is Found false.
func (c *Client) VerifyTransfer(ctx context.Context, reference string) (shop.ProviderTransfer, error) {
	status, env, err := c.call(ctx, http.MethodGet, "/transfer/verify/"+url.PathEscape(reference), nil)
	if err != nil {
		return shop.ProviderTransfer{}, err
	}
	if status == http.StatusNotFound || (status == http.StatusBadRequest && env.Status != nil && !*env.Status &&
		strings.Contains(strings.ToLower(env.Message), "not found")) {
		return shop.ProviderTransfer{Reference: reference}, nil
	}
	if status != http.StatusOK || env.Status == nil || !*env.Status {
		return shop.ProviderTransfer{}, fmt.Errorf("paystack verify transfer: HTTP %d: %s", status, env.Message)
	}
	var o transferObject
	if err := json.Unmarshal(env.Data, &o); err != nil || o.Status == "" {
		return shop.ProviderTransfer{}, fmt.Errorf("paystack verify transfer: answer without status")
	}
	return o.toShop(), nil
}
