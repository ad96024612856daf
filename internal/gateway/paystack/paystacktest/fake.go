// Package paystacktest is a local fake of the Paystack API for tests.
package paystacktest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Test keys for apps wired to a Fake.
const (
	SecretKey = "sk_test_0123456789abcdef0123456789abcdef"
	PublicKey = "pk_test_0123456789abcdef0123456789abcdef"
)

// Fake is a local HTTP server that answers like Paystack's
// documented API: POST /transaction/initialize and GET
// /transaction/verify/{reference}. Tests script what verify answers per
// reference; unscripted references are unknown to it.
type Fake struct {
	*httptest.Server
	mu          sync.Mutex
	answers     map[string]Answer
	Initialized []map[string]any // bodies of initialize calls
	// InitStatus, when set, is the HTTP status initialize answers with.
	InitStatus int
}

// Answer is a scripted verify answer: an HTTP status and raw body, with
// an optional delay.
type Answer struct {
	Status int
	Body   string
	Delay  time.Duration
}

// NewFake starts a fake checking the bearer secret key.
func New(t testing.TB) *Fake {
	f := &Fake{answers: map[string]Answer{}}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// Env is the configuration that points an app at the fake.
func (f *Fake) Env() map[string]string {
	return map[string]string{"PAYSTACK_SECRET_KEY": SecretKey, "PAYSTACK_PUBLIC_KEY": PublicKey,
		"PAYSTACK_BASE_URL": f.URL}
}

// Script sets the verify answer for a reference.
func (f *Fake) Script(reference string, a Answer) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answers[reference] = a
}

// Transaction scripts a verify answer with a transaction in data, as
// Paystack sends it.
func (f *Fake) Transaction(reference, status string, amount int64, currency string) {
	f.Script(reference, Answer{Status: 200, Body: TransactionJSON(`{"status":true,"message":"Verification successful","data":`,
		reference, status, amount, currency) + `}`})
}

// TransactionJSON renders prefix + a Paystack transaction object.
func TransactionJSON(prefix, reference, status string, amount int64, currency string) string {
	b, _ := json.Marshal(map[string]any{"id": 4099260516, "domain": "test", "status": status, "reference": reference,
		"amount": amount, "currency": currency, "gateway_response": map[string]string{"success": "Successful", "failed": "Declined", "abandoned": "The transaction was not completed"}[status],
		"channel": "card", "paid_at": "2026-03-01T09:30:12.000Z"})
	return prefix + string(b)
}

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("Authorization") != "Bearer "+SecretKey {
		w.WriteHeader(401)
		_, _ = w.Write([]byte(`{"status":false,"message":"Invalid key"}`))
		return
	}
	switch {
	case r.Method == "POST" && r.URL.Path == "/transaction/initialize":
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		f.mu.Lock()
		f.Initialized = append(f.Initialized, body)
		status := f.InitStatus
		f.mu.Unlock()
		if status != 0 {
			w.WriteHeader(status)
			_, _ = w.Write([]byte(`{"status":false,"message":"Failed"}`))
			return
		}
		ref, _ := body["reference"].(string)
		_, _ = w.Write([]byte(`{"status":true,"message":"Authorization URL created","data":{"authorization_url":"https://checkout.paystack.com/0peioxfhpn","access_code":"0peioxfhpn","reference":"` + ref + `"}}`))
	case r.Method == "GET" && strings.HasPrefix(r.URL.Path, "/transaction/verify/"):
		ref := strings.TrimPrefix(r.URL.Path, "/transaction/verify/")
		f.mu.Lock()
		a, ok := f.answers[ref]
		f.mu.Unlock()
		if !ok {
			w.WriteHeader(400)
			_, _ = w.Write([]byte(`{"status":false,"message":"Transaction reference not found","meta":{"nextStep":"Ensure that you're passing the reference of a transaction that exists on this integration"},"type":"validation_error","code":"transaction_not_found"}`))
			return
		}
		if a.Delay > 0 {
			select {
			case <-time.After(a.Delay):
			case <-r.Context().Done():
				return
			}
		}
		w.WriteHeader(a.Status)
		_, _ = w.Write([]byte(a.Body))
	default:
		w.WriteHeader(404)
		_, _ = w.Write([]byte(`{"status":false,"message":"Not found"}`))
	}
}
