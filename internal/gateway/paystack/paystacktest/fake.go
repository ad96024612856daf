// Package paystacktest is a local fake of the Paystack API for tests.
package paystacktest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
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
// documented API: POST /transaction/initialize, GET
// /transaction/verify/{reference}, POST /charge and POST
// /charge/submit_otp. Tests script what verify answers per reference
// (unscripted references are unknown to it) and what a charge of a number
// answers (unscripted numbers: pay_offline).
type Fake struct {
	*httptest.Server
	mu          sync.Mutex
	answers     map[string]Answer
	charges     map[string]Answer // by phone
	otps        map[string]Answer // by code
	Initialized []map[string]any  // bodies of initialize calls
	Charged     []map[string]any  // bodies of charge calls
	// InitStatus, when set, is the HTTP status initialize answers with.
	InitStatus int
	// Refunded holds the bodies of refund calls; refunds what each
	// created refund is (by id - 1), as GET /refund/{id} reports it.
	Refunded []map[string]any
	refunds  []RefundState
	// RefundAnswer, when its Status is set, is what POST /refund answers
	// (a 5xx, a refusal, a delay past the client's timeout).
	RefundAnswer Answer
	// OnRefund, when set, runs when a refund was created and before it is
	// answered: a test sends the refund's events there to have them
	// overtake the answer.
	OnRefund func(RefundState)
	// Transfers (docs/decisions/0027): the accounts /bank/resolve knows
	// (by number), the recipients and transfers created, the bodies of
	// POST /transfer, and what it answers when transferAnswer's Status is
	// set (a 5xx, a delay past the client's timeout). A new transfer takes
	// transferStatus ("pending" when empty). Set both with ScriptTransfer.
	accounts       map[string]string
	Recipients     []map[string]any
	transferred    []map[string]any
	transfers      map[string]*TransferState
	transferAnswer Answer
	transferStatus string
}

// ScriptTransfer sets what POST /transfer answers (an Answer with a
// Status: that answer; else a new transfer in status, "pending" when "").
func (f *Fake) ScriptTransfer(a Answer, status string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.transferAnswer, f.transferStatus = a, status
}

// TransferState is a transfer the fake holds.
type TransferState struct {
	Reference string
	Code      string
	Amount    int64
	Status    string
}

// RefundState is a refund the fake created.
type RefundState struct {
	ID        int
	Reference string
	Amount    int64
	Status    string
}

// The fake's charge answers, as Paystack's charge API words them.
const (
	ChargePayOffline = `{"status":true,"message":"Charge attempted","data":{"reference":"REF","status":"pay_offline","display_text":"Please complete authorization process on your mobile phone"}}`
	ChargeSendOTP    = `{"status":true,"message":"Charge attempted","data":{"reference":"REF","status":"send_otp","display_text":"Please dial *110# and generate a voucher, then enter it"}}`
	ChargeFailed     = `{"status":true,"message":"Charge attempted","data":{"reference":"REF","status":"failed","gateway_response":"Insufficient funds"}}`
	OTPRejected      = `{"status":false,"message":"Invalid OTP"}`
)

// Answer is a scripted verify answer: an HTTP status and raw body, with
// an optional delay.
type Answer struct {
	Status int
	Body   string
	Delay  time.Duration
}

// NewFake starts a fake checking the bearer secret key.
func New(t testing.TB) *Fake {
	f := &Fake{answers: map[string]Answer{}, charges: map[string]Answer{}, otps: map[string]Answer{},
		accounts: map[string]string{}, transfers: map[string]*TransferState{}}
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

// ScriptCharge sets what a charge of the number answers (REF in the body
// becomes the charge's reference).
func (f *Fake) ScriptCharge(phone string, a Answer) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.charges[phone] = a
}

// ScriptOTP sets what submitting the code answers; unscripted codes are
// rejected.
func (f *Fake) ScriptOTP(code string, a Answer) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.otps[code] = a
}

// answer writes a scripted answer after its delay, naming the reference.
func answer(w http.ResponseWriter, r *http.Request, a Answer, reference string) {
	if a.Delay > 0 {
		select {
		case <-time.After(a.Delay):
		case <-r.Context().Done():
			return
		}
	}
	w.WriteHeader(a.Status)
	_, _ = w.Write([]byte(strings.ReplaceAll(a.Body, "REF", reference)))
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
	case r.Method == "POST" && r.URL.Path == "/charge":
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		mm, _ := body["mobile_money"].(map[string]any)
		phone, _ := mm["phone"].(string)
		ref, _ := body["reference"].(string)
		f.mu.Lock()
		f.Charged = append(f.Charged, body)
		a, ok := f.charges[phone]
		f.mu.Unlock()
		if !ok {
			a = Answer{Status: 200, Body: ChargePayOffline}
		}
		answer(w, r, a, ref)
	case r.Method == "POST" && r.URL.Path == "/charge/submit_otp":
		var body map[string]string
		_ = json.NewDecoder(r.Body).Decode(&body)
		f.mu.Lock()
		a, ok := f.otps[body["otp"]]
		f.mu.Unlock()
		if !ok {
			a = Answer{Status: 400, Body: OTPRejected}
		}
		answer(w, r, a, body["reference"])
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
		answer(w, r, a, ref)
	case r.Method == "POST" && r.URL.Path == "/refund":
		f.refund(w, r)
	case r.Method == "GET" && strings.HasPrefix(r.URL.Path, "/refund/"):
		id, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/refund/"))
		f.mu.Lock()
		defer f.mu.Unlock()
		if err != nil || id < 1 || id > len(f.refunds) {
			w.WriteHeader(404)
			_, _ = w.Write([]byte(`{"status":false,"message":"Refund not found"}`))
			return
		}
		_, _ = w.Write([]byte(`{"status":true,"message":"Refund retrieved","data":` + f.refunds[id-1].json() + `}`))
	case r.Method == "GET" && r.URL.Path == "/bank":
		f.banks(w, r)
	case r.Method == "GET" && r.URL.Path == "/bank/resolve":
		f.mu.Lock()
		name, ok := f.accounts[r.URL.Query().Get("account_number")]
		f.mu.Unlock()
		if !ok {
			w.WriteHeader(422)
			_, _ = w.Write([]byte(`{"status":false,"message":"Could not resolve account name. Check parameters or try again."}`))
			return
		}
		b, _ := json.Marshal(map[string]any{"status": true, "message": "Account number resolved",
			"data": map[string]any{"account_number": r.URL.Query().Get("account_number"), "account_name": name, "bank_id": 9}})
		_, _ = w.Write(b)
	case r.Method == "POST" && r.URL.Path == "/transferrecipient":
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		f.mu.Lock()
		f.Recipients = append(f.Recipients, body)
		code := fmt.Sprintf("RCP_fake%04d", len(f.Recipients))
		f.mu.Unlock()
		b, _ := json.Marshal(map[string]any{"status": true, "message": "Transfer recipient created successfully",
			"data": map[string]any{"active": true, "currency": "GHS", "name": body["name"], "recipient_code": code,
				"type": body["type"], "details": map[string]any{"account_number": body["account_number"], "bank_code": body["bank_code"]}}})
		w.WriteHeader(201)
		_, _ = w.Write(b)
	case r.Method == "POST" && r.URL.Path == "/transfer":
		f.transfer(w, r)
	case r.Method == "GET" && strings.HasPrefix(r.URL.Path, "/transfer/verify/"):
		ref := strings.TrimPrefix(r.URL.Path, "/transfer/verify/")
		f.mu.Lock()
		t, ok := f.transfers[ref]
		var body string
		if ok {
			body = `{"status":true,"message":"Transfer retrieved","data":` + t.json() + `}`
		}
		f.mu.Unlock()
		if !ok {
			w.WriteHeader(404)
			_, _ = w.Write([]byte(`{"status":false,"message":"Transfer not found"}`))
			return
		}
		_, _ = w.Write([]byte(body))
	default:
		w.WriteHeader(404)
		_, _ = w.Write([]byte(`{"status":false,"message":"Not found"}`))
	}
}

// banks answers GET /bank for Ghana: wallets for type=mobile_money, banks
// for type=ghipss, with Paystack's codes for the wallets.
func (f *Fake) banks(w http.ResponseWriter, r *http.Request) {
	type bank struct {
		Name     string `json:"name"`
		Code     string `json:"code"`
		Active   bool   `json:"active"`
		Country  string `json:"country"`
		Currency string `json:"currency"`
		Type     string `json:"type"`
	}
	var list []bank
	if r.URL.Query().Get("type") == "mobile_money" {
		list = []bank{{"MTN", "MTN", true, "Ghana", "GHS", "mobile_money"},
			{"Telecel Ghana", "VOD", true, "Ghana", "GHS", "mobile_money"},
			{"AirtelTigo", "ATL", true, "Ghana", "GHS", "mobile_money"}}
	} else {
		list = []bank{{"GCB Bank", "040100", true, "Ghana", "GHS", "ghipss"},
			{"Ecobank Ghana", "130100", true, "Ghana", "GHS", "ghipss"},
			{"Closed Bank", "999999", false, "Ghana", "GHS", "ghipss"}}
	}
	b, _ := json.Marshal(map[string]any{"status": true, "message": "Banks retrieved", "data": list})
	_, _ = w.Write(b)
}

// transfer answers POST /transfer: a new reference creates a transfer in
// TransferStatus; a reference it already has is refused, as a duplicate.
func (f *Fake) transfer(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	ref, _ := body["reference"].(string)
	amount, _ := strconv.ParseInt(fmt.Sprint(body["amount"]), 10, 64)
	f.mu.Lock()
	f.transferred = append(f.transferred, body)
	a := f.transferAnswer
	_, dup := f.transfers[ref]
	if a.Status == 0 && dup {
		a = Answer{Status: 400, Body: `{"status":false,"message":"Duplicate Transfer Reference"}`}
	}
	if a.Status == 0 {
		status := f.transferStatus
		if status == "" {
			status = "pending"
		}
		t := &TransferState{Reference: ref, Code: fmt.Sprintf("TRF_fake%04d", len(f.transfers)+1), Amount: amount, Status: status}
		f.transfers[ref] = t
		a = Answer{Status: 200, Body: `{"status":true,"message":"Transfer has been queued","data":` + t.json() + `}`}
	} else if a.Status >= 500 || a.Delay > 0 {
		// The request reached the fake: like Paystack, it may have made
		// the transfer even though the answer is lost.
		f.transfers[ref] = &TransferState{Reference: ref, Code: "TRF_lost", Amount: amount, Status: "pending"}
	}
	f.mu.Unlock()
	answer(w, r, a, ref)
}

func (t TransferState) json() string {
	b, _ := json.Marshal(map[string]any{"reference": t.Reference, "transfer_code": t.Code, "amount": t.Amount,
		"currency": "GHS", "source": "balance", "status": t.Status, "domain": "test", "id": 476948})
	return string(b)
}

// Transferred returns the bodies of POST /transfer so far.
func (f *Fake) Transferred() []map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]map[string]any(nil), f.transferred...)
}

// Account makes /bank/resolve name the holder of number.
func (f *Fake) Account(number, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.accounts[number] = name
}

// Transfers returns the transfers the fake holds, by reference.
func (f *Fake) Transfers() map[string]TransferState {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]TransferState{}
	for k, v := range f.transfers {
		out[k] = *v
	}
	return out
}

// SettleTransfer sets the state GET /transfer/verify reports.
func (f *Fake) SettleTransfer(reference, status string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if t, ok := f.transfers[reference]; ok {
		t.Status = status
	}
}

// TransferEvent renders a transfer.<status> event (success, failed,
// reversed) for a transfer, as Paystack sends it.
func TransferEvent(status, reference string, amount int64) string {
	b, _ := json.Marshal(map[string]any{"event": "transfer." + status, "data": map[string]any{"reference": reference,
		"amount": amount, "currency": "GHS", "status": status, "transfer_code": "TRF_event", "domain": "test",
		"recipient": map[string]any{"recipient_code": "RCP_event", "type": "mobile_money"}}})
	return string(b)
}

// refund answers POST /refund as Paystack documents it: the refund is
// queued ("pending") and settles later, reported by refund.* events (which
// tests send with RefundEvent) or by GET /refund/{id} once SettleRefund
// was called.
func (f *Fake) refund(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	f.mu.Lock()
	f.Refunded = append(f.Refunded, body)
	a := f.RefundAnswer
	var st RefundState
	if a.Status == 0 {
		amount, _ := strconv.ParseInt(fmt.Sprint(body["amount"]), 10, 64)
		ref, _ := body["transaction"].(string)
		st = RefundState{ID: len(f.refunds) + 1, Reference: ref, Amount: amount, Status: "pending"}
		f.refunds = append(f.refunds, st)
		a = Answer{Status: 200, Body: `{"status":true,"message":"Refund has been queued for processing","data":` + st.json() + `}`}
	}
	hook := f.OnRefund
	f.mu.Unlock()
	if hook != nil && st.ID != 0 {
		hook(st)
	}
	answer(w, r, a, "")
}

// json renders the refund as Paystack's Refund API does: its id, the
// nested transaction, amount, currency and status.
func (s RefundState) json() string {
	b, _ := json.Marshal(map[string]any{"id": s.ID, "transaction": map[string]any{"id": 4099260516, "reference": s.Reference,
		"amount": s.Amount}, "amount": s.Amount, "currency": "GHS", "status": s.Status, "domain": "test",
		"deducted_amount": 0, "fully_deducted": false, "channel": "card", "refunded_by": "staff@example.com"})
	return string(b)
}

// Refunds returns the refunds created so far.
func (f *Fake) Refunds() []RefundState {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]RefundState(nil), f.refunds...)
}

// SettleRefund sets the state GET /refund/{id} reports.
func (f *Fake) SettleRefund(id int, status string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refunds[id-1].Status = status
}

// RefundEvent renders a refund.<status> event for a refund: the refund's
// id, the transaction's reference, the amount as a string of digits, as the
// events carry it.
func RefundEvent(status string, id int, reference string, amount int64) string {
	b, _ := json.Marshal(map[string]any{"event": "refund." + status, "data": map[string]any{"id": id, "status": status,
		"transaction_reference": reference, "amount": strconv.FormatInt(amount, 10), "currency": "GHS", "domain": "test"}})
	return string(b)
}
