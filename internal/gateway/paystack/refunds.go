package paystack

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"dwa/internal/shop"
)

// refundObject is the part of Paystack's refund we read, from the Refund
// API's answers and from refund.* events (docs/decisions/0019): the API
// nests the transaction, events name its reference; the amount may come as
// a number or as a string of digits.
type refundObject struct {
	ID                   json.RawMessage `json:"id"`
	Status               string          `json:"status"`
	Amount               json.Number     `json:"amount"`
	Currency             string          `json:"currency"`
	Transaction          json.RawMessage `json:"transaction"`
	TransactionReference string          `json:"transaction_reference"`
	MerchantNote         string          `json:"merchant_note"`
}

func (o refundObject) toShop() (shop.ProviderRefund, error) {
	r := shop.ProviderRefund{ID: strings.Trim(string(o.ID), `"`), Status: o.Status, Currency: o.Currency,
		TransactionReference: o.TransactionReference}
	if r.ID == "null" {
		r.ID = ""
	}
	if r.TransactionReference == "" && len(o.Transaction) > 0 && o.Transaction[0] == '{' {
		var t struct {
			Reference string `json:"reference"`
		}
		if err := json.Unmarshal(o.Transaction, &t); err != nil {
			return r, fmt.Errorf("paystack refund: transaction: %w", err)
		}
		r.TransactionReference = t.Reference
	}
	if o.Amount != "" {
		n, err := o.Amount.Int64()
		if err != nil {
			return r, fmt.Errorf("paystack refund: amount %q is not an integer", o.Amount)
		}
		r.Amount = shop.Money(n)
	}
	return r, nil
}

func decodeRefund(raw []byte) (shop.ProviderRefund, error) {
	var o refundObject
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&o); err != nil {
		return shop.ProviderRefund{}, err
	}
	return o.toShop()
}

// Refund asks Paystack to send amount of the transaction back (POST
// /refund with transaction and amount in subunits). A refused request
// (HTTP 4xx with status false, e.g. more than is left) is a failed
// refund, not an error: Paystack was reached and said no.
func (c *Client) Refund(ctx context.Context, reference string, amount shop.Money, currency string) (shop.ProviderRefund, error) {
	body, _ := json.Marshal(map[string]any{ // strings and numbers always encode
		"transaction": reference, "amount": fmt.Sprint(int64(amount)), "currency": currency,
	})
	status, env, err := c.call(ctx, http.MethodPost, "/refund", body)
	if err != nil {
		return shop.ProviderRefund{}, err
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return shop.ProviderRefund{}, fmt.Errorf("paystack refund: HTTP %d: %s", status, env.Message)
	case status >= 400 && env.Status != nil && !*env.Status:
		return shop.ProviderRefund{TransactionReference: reference, Amount: amount, Currency: currency,
			Status: shop.RefundFailed, Reason: env.Message}, nil
	case status != http.StatusOK || env.Status == nil || !*env.Status:
		return shop.ProviderRefund{}, fmt.Errorf("paystack refund: HTTP %d: %s", status, env.Message)
	}
	r, err := decodeRefund(env.Data)
	if err != nil {
		return shop.ProviderRefund{}, err
	}
	if r.ID == "" {
		return shop.ProviderRefund{}, fmt.Errorf("paystack refund: answer without id")
	}
	return r, nil
}

// FetchRefund asks Paystack where a refund stands (GET /refund/{id}).
func (c *Client) FetchRefund(ctx context.Context, id string) (shop.ProviderRefund, error) {
	status, env, err := c.call(ctx, http.MethodGet, "/refund/"+url.PathEscape(id), nil)
	if err != nil {
		return shop.ProviderRefund{}, err
	}
	if status != http.StatusOK || env.Status == nil || !*env.Status {
		return shop.ProviderRefund{}, fmt.Errorf("paystack fetch refund: HTTP %d: %s", status, env.Message)
	}
	return decodeRefund(env.Data)
}

// ParseRefundEvent reads the refund a refund.* event reports.
func (c *Client) ParseRefundEvent(body []byte) (shop.ProviderRefund, error) {
	var ev struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		return shop.ProviderRefund{}, err
	}
	r, err := decodeRefund(ev.Data)
	if err == nil && r.Status == shop.RefundFailed {
		r.Reason = "The payment provider could not complete the refund."
	}
	return r, err
}
