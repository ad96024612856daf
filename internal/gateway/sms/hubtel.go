// Package sms delivers the outbox's text messages: through Hubtel's SMS API
// when it is configured, else into files in the data directory.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"dwa/internal/shop"
)

// Hubtel sends one message per request through Hubtel's SMS API. It
// authenticates with the API key pair as HTTP Basic credentials, so the
// secret never appears in a URL (the API's GET form takes it in the query).
type Hubtel struct {
	URL          string
	ClientID     string
	ClientSecret string
	Sender       string // the sender ID Hubtel approved, at most 11 characters
	Client       *http.Client
}

// hubtelTimeout bounds one request: the outbox retries a message that
// timed out, so waiting longer only holds the sender up.
const hubtelTimeout = 15 * time.Second

// NewHubtel is a sender for the given endpoint and credentials.
func NewHubtel(url, clientID, clientSecret, sender string) *Hubtel {
	return &Hubtel{URL: url, ClientID: clientID, ClientSecret: clientSecret, Sender: sender,
		Client: &http.Client{Timeout: hubtelTimeout}}
}

type hubtelRequest struct {
	From    string `json:"From"`
	To      string `json:"To"`
	Content string `json:"Content"`
}

// hubtelResponse is the answer to a send: status 0 means accepted for
// delivery; errors carry a message instead.
type hubtelResponse struct {
	Status            *int   `json:"status"`
	MessageID         string `json:"messageId"`
	StatusDescription string `json:"statusDescription"`
	Message           string `json:"message"`
}

// Send posts m and reports whether Hubtel accepted it. A refusal of the
// message itself (400 invalid number or content, 403 recipient opted out)
// wraps shop.ErrUndeliverable so that the outbox gives it up; credentials,
// credit (401, 402), throttling and server errors are retried.
func (h *Hubtel) Send(ctx context.Context, m shop.Mail) error {
	body, err := json.Marshal(hubtelRequest{From: h.Sender, To: m.To, Content: m.Text})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.SetBasicAuth(h.ClientID, h.ClientSecret)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := h.Client.Do(req)
	if err != nil {
		return fmt.Errorf("hubtel: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return fmt.Errorf("hubtel: reading the answer: %w", err)
	}
	var r hubtelResponse
	_ = json.Unmarshal(raw, &r) // error bodies are not always JSON; the status code decides
	switch {
	case resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusCreated:
		if r.Status == nil || *r.Status != 0 {
			return fmt.Errorf("hubtel: accepted with status %v: %s", statusText(r.Status), describe(r, raw))
		}
		return nil
	case resp.StatusCode == http.StatusBadRequest || resp.StatusCode == http.StatusForbidden:
		return fmt.Errorf("hubtel: %d %s: %w", resp.StatusCode, describe(r, raw), shop.ErrUndeliverable)
	default:
		return fmt.Errorf("hubtel: %d %s", resp.StatusCode, describe(r, raw))
	}
}

func statusText(s *int) string {
	if s == nil {
		return "missing"
	}
	return fmt.Sprint(*s)
}

// describe is the provider's own explanation, for the outbox's last_error.
func describe(r hubtelResponse, raw []byte) string {
	switch {
	case r.StatusDescription != "":
		return r.StatusDescription
	case r.Message != "":
		return r.Message
	}
	const most = 200
	if len(raw) > most {
		raw = raw[:most]
	}
	return string(raw)
}
