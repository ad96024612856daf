// Package paystack is the Paystack payment provider: transactions are
// initialised and verified server-side, and webhook events are checked with
// HMAC-SHA512 over the raw body. The secret key never leaves this package:
// it is sent only in the Authorization header and never logged.
package paystack

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"dwa/internal/shop"
)

// Timeout bounds every call to Paystack (contract §2.5).
const Timeout = 10 * time.Second

// maxReply bounds how much of a Paystack answer is read.
const maxReply = 1 << 20

// Client talks to the Paystack API at a base URL (https://api.paystack.co,
// or a local fake in tests).
type Client struct {
	base      string
	secret    string
	publicKey string
	timeout   time.Duration
	http      *http.Client
}

// New returns a client. base has no trailing slash.
func New(base, secretKey, publicKey string) *Client {
	return &Client{base: strings.TrimSuffix(base, "/"), secret: secretKey, publicKey: publicKey, timeout: Timeout,
		http: &http.Client{}}
}

// String never shows the secret key, whatever prints the client.
func (c *Client) String() string { return "paystack(" + c.base + ")" }

// Name is the provider recorded on payment attempts.
func (c *Client) Name() string { return "paystack" }

// PublicKey is the key for the browser's popup.
func (c *Client) PublicKey() string { return c.publicKey }

// envelope is Paystack's answer shape: an outer status of the API call and
// the data it returns.
type envelope struct {
	Status  *bool           `json:"status"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// Initialize creates the transaction (amount in pesewas, GHS, our reference,
// card and mobile money) and returns its access code for the popup.
func (c *Client) Initialize(ctx context.Context, t shop.PaymentInit) (string, error) {
	body, _ := json.Marshal(map[string]any{ // a map of strings and numbers always encodes
		"email": t.Email, "amount": fmt.Sprint(int64(t.Amount)), "currency": t.Currency,
		"reference": t.Reference, "channels": []string{"card", "mobile_money"},
	})
	status, env, err := c.call(ctx, http.MethodPost, "/transaction/initialize", body)
	if err != nil {
		return "", err
	}
	if status != http.StatusOK || env.Status == nil || !*env.Status {
		return "", fmt.Errorf("paystack initialize: HTTP %d: %s", status, env.Message)
	}
	var data struct {
		AccessCode string `json:"access_code"`
	}
	if err := json.Unmarshal(env.Data, &data); err != nil || data.AccessCode == "" {
		return "", errors.New("paystack initialize: answer without access_code")
	}
	return data.AccessCode, nil
}

// transaction is the part of Paystack's transaction object we read.
type transaction struct {
	Status          string      `json:"status"`
	Reference       string      `json:"reference"`
	Amount          json.Number `json:"amount"`
	Currency        string      `json:"currency"`
	GatewayResponse string      `json:"gateway_response"`
}

func (t transaction) toShop() (shop.ProviderTransaction, error) {
	amount, err := t.Amount.Int64()
	if err != nil {
		return shop.ProviderTransaction{}, fmt.Errorf("paystack: amount %q is not an integer", t.Amount)
	}
	return shop.ProviderTransaction{Found: true, Status: t.Status, Reference: t.Reference, Amount: shop.Money(amount),
		Currency: t.Currency, GatewayResponse: t.GatewayResponse}, nil
}

// Verify asks Paystack about a reference. An unknown reference is not an
// error: Found is false.
func (c *Client) Verify(ctx context.Context, reference string) (shop.ProviderTransaction, error) {
	status, env, err := c.call(ctx, http.MethodGet, "/transaction/verify/"+url.PathEscape(reference), nil)
	if err != nil {
		return shop.ProviderTransaction{}, err
	}
	if status == http.StatusNotFound || (status == http.StatusBadRequest && env.Status != nil && !*env.Status &&
		strings.Contains(strings.ToLower(env.Message), "not found")) {
		return shop.ProviderTransaction{Found: false, Reference: reference}, nil
	}
	if status != http.StatusOK || env.Status == nil || !*env.Status {
		return shop.ProviderTransaction{}, fmt.Errorf("paystack verify: HTTP %d: %s", status, env.Message)
	}
	var t transaction
	if err := json.Unmarshal(env.Data, &t); err != nil {
		return shop.ProviderTransaction{}, fmt.Errorf("paystack verify: data: %w", err)
	}
	return t.toShop()
}

// call sends one request and decodes the envelope. Transport failures,
// timeouts, 5xx and answers that are not JSON are errors; other statuses
// are left to the caller.
func (c *Client) call(ctx context.Context, method, path string, body []byte) (int, envelope, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, r)
	if err != nil {
		return 0, envelope{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.secret)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// The error text holds the URL, never the header with the key.
		return 0, envelope{}, fmt.Errorf("paystack %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxReply))
	if err != nil {
		return 0, envelope{}, fmt.Errorf("paystack %s %s: read: %w", method, path, err)
	}
	if resp.StatusCode >= 500 {
		return 0, envelope{}, fmt.Errorf("paystack %s %s: HTTP %d", method, path, resp.StatusCode)
	}
	var env envelope
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&env); err != nil {
		return 0, envelope{}, fmt.Errorf("paystack %s %s: HTTP %d, not JSON", method, path, resp.StatusCode)
	}
	return resp.StatusCode, env, nil
}

// Signature returns the hex HMAC-SHA512 of body keyed with the secret key:
// the x-paystack-signature Paystack sends with each event.
func Signature(secretKey string, body []byte) string {
	m := hmac.New(sha512.New, []byte(secretKey))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// ValidSignature compares the header with the expected signature in
// constant time.
func (c *Client) ValidSignature(body []byte, signature string) bool {
	got, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil {
		return false
	}
	want, _ := hex.DecodeString(Signature(c.secret, body)) // our own hex always decodes
	return hmac.Equal(got, want)
}

// ParseEvent reads a webhook event: its name and the transaction in data.
func (c *Client) ParseEvent(body []byte) (string, shop.ProviderTransaction, error) {
	var ev struct {
		Event string          `json:"event"`
		Data  json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		return "", shop.ProviderTransaction{}, err
	}
	var t transaction
	dec := json.NewDecoder(bytes.NewReader(ev.Data))
	dec.UseNumber()
	if err := dec.Decode(&t); err != nil {
		return ev.Event, shop.ProviderTransaction{}, err
	}
	if t.Amount == "" {
		// Events without an amount (not charges) still name a reference.
		return ev.Event, shop.ProviderTransaction{Reference: t.Reference}, nil
	}
	txn, err := t.toShop()
	return ev.Event, txn, err
}

// chargeData is the part of a charge answer we read: the next step
// (data.status) and what to tell the shopper.
type chargeData struct {
	Status          string `json:"status"`
	DisplayText     string `json:"display_text"`
	Message         string `json:"message"`
	GatewayResponse string `json:"gateway_response"`
}

func (d chargeData) result() shop.ChargeResult {
	gr := d.GatewayResponse
	if gr == "" {
		gr = d.Message
	}
	return shop.ChargeResult{Status: d.Status, DisplayText: d.DisplayText, GatewayResponse: gr}
}

// ChargeMobileMoney starts a mobile money charge (POST /charge) for the
// server's amount, GHS, our reference, the number and its provider code.
// A refused request (HTTP 4xx with status false) is a failed charge.
func (c *Client) ChargeMobileMoney(ctx context.Context, m shop.MobileMoneyCharge) (shop.ChargeResult, error) {
	body, _ := json.Marshal(map[string]any{ // strings and numbers always encode
		"email": m.Email, "amount": fmt.Sprint(int64(m.Amount)), "currency": m.Currency, "reference": m.Reference,
		"mobile_money": map[string]string{"phone": m.Phone, "provider": m.Network},
	})
	return c.charge(ctx, "/charge", body, false)
}

// SubmitOTP sends the code the shopper typed (POST /charge/submit_otp). A
// refused code (HTTP 4xx with status false) is Rejected: it can be typed
// again.
func (c *Client) SubmitOTP(ctx context.Context, reference, otp string) (shop.ChargeResult, error) {
	body, _ := json.Marshal(map[string]string{"otp": otp, "reference": reference})
	return c.charge(ctx, "/charge/submit_otp", body, true)
}

func (c *Client) charge(ctx context.Context, path string, body []byte, codeStep bool) (shop.ChargeResult, error) {
	status, env, err := c.call(ctx, http.MethodPost, path, body)
	if err != nil {
		return shop.ChargeResult{}, err
	}
	var d chargeData
	if len(env.Data) > 0 && string(env.Data) != "null" {
		if err := json.Unmarshal(env.Data, &d); err != nil {
			return shop.ChargeResult{}, fmt.Errorf("paystack %s: data: %w", path, err)
		}
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return shop.ChargeResult{}, fmt.Errorf("paystack %s: HTTP %d: %s", path, status, env.Message)
	case status >= 400 && env.Status != nil && !*env.Status && codeStep:
		return shop.ChargeResult{Status: shop.ChargeSendOTP, Rejected: true, GatewayResponse: env.Message}, nil
	case status >= 400 && env.Status != nil && !*env.Status:
		r := d.result()
		r.Status = "failed"
		if r.GatewayResponse == "" {
			r.GatewayResponse = env.Message
		}
		return r, nil
	case status != http.StatusOK || env.Status == nil || d.Status == "":
		return shop.ChargeResult{}, fmt.Errorf("paystack %s: HTTP %d: %s", path, status, env.Message)
	}
	return d.result(), nil
}
