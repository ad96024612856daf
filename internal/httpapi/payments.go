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
	Channel          string  `json:"channel"`
	GatewayResponse  string  `json:"gateway_response"`
	// MobileMoney is null for card attempts.
	MobileMoney *mobileMoneyDTO `json:"mobile_money"`
}

type mobileMoneyDTO struct {
	Phone       string `json:"phone"`
	Network     string `json:"network"`
	State       string `json:"state"`
	DisplayText string `json:"display_text"`
}

func (a *API) toPaymentDTO(p *shop.Payment) paymentDTO {
	d := paymentDTO{ID: p.ID, Order: p.OrderID, Amount: p.Amount.String(), AmountMinor: int64(p.Amount),
		Currency: p.Currency, PaymentReference: p.Reference, Status: p.ShownStatus(), Provider: p.Provider,
		AccessCode: nullable(p.AccessCode), Email: p.Email, Channel: p.Channel, GatewayResponse: p.GatewayResponse}
	if p.Channel == shop.ChannelMobileMoney {
		d.MobileMoney = &mobileMoneyDTO{Phone: p.Phone, Network: p.Network, State: p.ChargeState, DisplayText: p.DisplayText}
	}
	if p.Provider == "paystack" {
		d.PublicKey = nullable(a.cfg.PaystackPublicKey)
	}
	return d
}

func (a *API) listPayments(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, a.toPaymentDTO, func(p pager) ([]*shop.Payment, int, error) {
		return a.svc.Payments(r.Context(), caller(r), r.URL.Query().Get("order"), p.offset, p.limit)
	})
}

type paymentRequest struct {
	Order       *string `json:"order"`
	Amount      *string `json:"amount"`
	AmountMinor *int64  `json:"amount_minor"`
}

func (a *API) createPayment(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[paymentRequest](r)
	if err != nil {
		return err
	}
	p, created, err := a.svc.CreatePayment(r.Context(), caller(r), service.PaymentRequest(in))
	return replyResult(w, createdOrOK(created), p, err, a.toPaymentDTO)
}

func (a *API) getPayment(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	p, err := a.svc.Payment(r.Context(), caller(r), id)
	return replyResult(w, http.StatusOK, p, err, a.toPaymentDTO)
}

type mobileMoneyRequest struct {
	Order   *string `json:"order"`
	Phone   *string `json:"phone"`
	Network *string `json:"network"`
}

func (a *API) payMobileMoney(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[mobileMoneyRequest](r)
	if err != nil {
		return err
	}
	p, created, err := a.svc.PayMobileMoney(r.Context(), caller(r), service.MobileMoneyRequest(in))
	return replyResult(w, createdOrOK(created), p, err, a.toPaymentDTO)
}

type voucherRequest struct {
	Reference *string `json:"reference"`
	OTP       *string `json:"otp"`
}

func (a *API) submitMobileMoneyCode(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[voucherRequest](r)
	if err != nil {
		return err
	}
	p, err := a.svc.SubmitMobileMoneyCode(r.Context(), caller(r), in.Reference, in.OTP)
	return replyResult(w, http.StatusOK, p, err, a.toPaymentDTO)
}

type referenceRequest struct {
	Reference *string `json:"reference"`
}

func (a *API) verifyPayment(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[referenceRequest](r)
	if err != nil {
		return err
	}
	msg, err := a.svc.VerifyPayment(r.Context(), caller(r), in.Reference)
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, map[string]string{"message": msg})
}

type testChargeDTO struct {
	Reference       string `json:"reference"`
	Status          string `json:"status"`
	GatewayResponse string `json:"gateway_response"`
	AmountMinor     int64  `json:"amount_minor"`
	Currency        string `json:"currency"`
}

type testChargeRequest struct {
	Reference  *string `json:"reference"`
	CardNumber *string `json:"card_number"`
}

func (a *API) testCharge(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[testChargeRequest](r)
	if err != nil {
		return err
	}
	t, err := a.svc.TestCharge(r.Context(), caller(r), in.Reference, in.CardNumber)
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, testChargeDTO{Reference: t.Reference, Status: t.Status, GatewayResponse: t.GatewayResponse,
		AmountMinor: int64(t.Amount), Currency: t.Currency})
}

// paystackWebhook reads the raw body (the signature covers its exact
// bytes), hands it to the service to check and store, and answers at once.
func (a *API) paystackWebhook(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength > maxBody {
		return errTooLarge
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return errParse
	}
	if len(body) > maxBody {
		return errTooLarge
	}
	if err := a.svc.ReceiveWebhook(r.Context(), body, r.Header.Get("X-Paystack-Signature")); err != nil {
		return err
	}
	return reply(w, http.StatusOK, struct{}{})
}
