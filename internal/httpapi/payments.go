package httpapi

import (
	"io"
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

type paymentDTO struct {
	ID               int64   `json:"id"`
	Order            string  `json:"order"`
	Amount           string  `json:"amount"`
	AmountMinor      int64   `json:"amount_minor"`
	Currency         string  `json:"currency"`
	PaymentReference string  `json:"payment_reference"`
	Status           string  `json:"status"`
	Provider         string  `json:"provider"`
	PublicKey        *string `json:"public_key"`
	AccessCode       *string `json:"access_code"`
	Email            string  `json:"email"`
}

func (a *API) toPaymentDTO(p *shop.Payment) paymentDTO {
	d := paymentDTO{ID: p.ID, Order: p.OrderID, Amount: p.Amount.String(), AmountMinor: int64(p.Amount),
		Currency: p.Currency, PaymentReference: p.Reference, Status: p.ShownStatus(), Provider: p.Provider,
		AccessCode: nullable(p.AccessCode), Email: p.Email}
	if p.Provider == "paystack" {
		d.PublicKey = nullable(a.cfg.PaystackPublicKey)
	}
	return d
}

func (a *API) listPayments(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ps, total, err := a.svc.Payments(r.Context(), caller(r), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeSlice(a, w, r, p, ps, total, a.toPaymentDTO)
}

type paymentRequest struct {
	Order       *string `json:"order"`
	Amount      *string `json:"amount"`
	AmountMinor *int64  `json:"amount_minor"`
}

func (a *API) createPayment(w http.ResponseWriter, r *http.Request) {
	var in paymentRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	p, created, err := a.svc.CreatePayment(r.Context(), caller(r), service.PaymentRequest(in))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, createdOrOK(created), a.toPaymentDTO(p))
}

func (a *API) getPayment(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	p, err := a.svc.Payment(r.Context(), caller(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toPaymentDTO(p))
}

type referenceRequest struct {
	Reference *string `json:"reference"`
}

func (a *API) verifyPayment(w http.ResponseWriter, r *http.Request) {
	var in referenceRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	msg, err := a.svc.VerifyPayment(r.Context(), caller(r), in.Reference)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msg})
}

type testChargeDTO struct {
	Reference       string `json:"reference"`
	Status          string `json:"status"`
	GatewayResponse string `json:"gateway_response"`
	AmountMinor     int64  `json:"amount_minor"`
	Currency        string `json:"currency"`
}

func (a *API) testCharge(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Reference  *string `json:"reference"`
		CardNumber *string `json:"card_number"`
	}
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	t, err := a.svc.TestCharge(r.Context(), caller(r), in.Reference, in.CardNumber)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, testChargeDTO{Reference: t.Reference, Status: t.Status, GatewayResponse: t.GatewayResponse,
		AmountMinor: int64(t.Amount), Currency: t.Currency})
}

// paystackWebhook reads the raw body (the signature covers its exact
// bytes), hands it to the service to check and store, and answers at once.
func (a *API) paystackWebhook(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > maxBody {
		writeError(w, r, errTooLarge)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		writeError(w, r, errParse)
		return
	}
	if len(body) > maxBody {
		writeError(w, r, errTooLarge)
		return
	}
	if err := a.svc.ReceiveWebhook(r.Context(), body, r.Header.Get("X-Paystack-Signature")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}
