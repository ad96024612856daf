package httpapi

import (
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// refundDTO is one refund of an order (docs/decisions/0019).
type refundDTO struct {
	ID          int64   `json:"id"`
	Order       string  `json:"order"`
	Payment     int64   `json:"payment"`
	Amount      string  `json:"amount"`
	AmountMinor int64   `json:"amount_minor"`
	Currency    string  `json:"currency"`
	Status      string  `json:"status"`
	Reason      string  `json:"reason"`
	Store       *int64  `json:"store"`
	CreatedAt   string  `json:"created_at"`
	ProcessedAt *string `json:"processed_at"`
}

func toRefundDTO(r *shop.Refund) refundDTO {
	return refundDTO{ID: r.ID, Order: r.OrderID, Payment: r.PaymentID, Amount: r.Amount.String(), AmountMinor: int64(r.Amount),
		Currency: r.Currency, Status: r.Status, Reason: r.Reason, Store: optionalID(r.StoreID),
		CreatedAt: shop.FormatTime(r.CreatedAt), ProcessedAt: optionalTime(r.ProcessedAt)}
}

// queuedRefundDTO is a payment flagged for refund with what is left of it.
type queuedRefundDTO struct {
	Payment          int64   `json:"payment"`
	Order            string  `json:"order"`
	PaymentReference string  `json:"payment_reference"`
	Email            string  `json:"email"`
	Channel          string  `json:"channel"`
	AmountMinor      int64   `json:"amount_minor"`
	RefundedMinor    int64   `json:"refunded_minor"`
	RefundableMinor  int64   `json:"refundable_minor"`
	PaidAt           *string `json:"paid_at"`
}

func toQueuedRefundDTO(q shop.QueuedRefund) queuedRefundDTO {
	p := q.Payment
	return queuedRefundDTO{Payment: p.ID, Order: p.OrderID, PaymentReference: p.Reference, Email: p.Email, Channel: p.Channel,
		AmountMinor: int64(p.Amount), RefundedMinor: int64(q.Refunded), RefundableMinor: int64(p.Amount - q.Refunded),
		PaidAt: optionalTime(p.PaidAt)}
}

type refundRequest struct {
	AmountMinor *int64  `json:"amount_minor" null:"absent"`
	Reason      *string `json:"reason"`
}

// decodedRefund reads a refund request and its Idempotency-Key.
func decodedRefund(r *http.Request) (service.RefundRequest, error) {
	in, err := decoded[refundRequest](r)
	return service.RefundRequest{AmountMinor: in.AmountMinor, Reason: in.Reason, Key: r.Header.Get("Idempotency-Key")}, err
}

// refundOrder answers 201 for a new refund, 200 for a replay of its key.
func (a *API) refundOrder(w http.ResponseWriter, r *http.Request) error {
	in, err := decodedRefund(r)
	if err != nil {
		return err
	}
	ref, created, err := a.svc.RefundOrder(r.Context(), caller(r), r.PathValue("id"), in)
	return replyResult(w, createdOrOK(created), ref, err, toRefundDTO)
}

func (a *API) refundPayment(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Payment")
	if err != nil {
		return err
	}
	in, err := decodedRefund(r)
	if err != nil {
		return err
	}
	ref, created, err := a.svc.RefundPayment(r.Context(), caller(r), id, in)
	return replyResult(w, createdOrOK(created), ref, err, toRefundDTO)
}

func (a *API) refundStorePart(w http.ResponseWriter, r *http.Request) error {
	in, err := decodedRefund(r)
	if err != nil {
		return err
	}
	ref, created, err := a.svc.RefundStorePart(r.Context(), caller(r), r.PathValue("id"), in)
	return replyResult(w, createdOrOK(created), ref, err, toRefundDTO)
}

func (a *API) listAdminOrderRefunds(w http.ResponseWriter, r *http.Request) error {
	rs, err := a.svc.AdminOrderRefunds(r.Context(), r.PathValue("id"))
	return replyAll(a, w, r, rs, err, toRefundDTO)
}

func (a *API) listOrderRefunds(w http.ResponseWriter, r *http.Request) error {
	rs, err := a.svc.OrderRefunds(r.Context(), caller(r), r.PathValue("id"))
	return replyAll(a, w, r, rs, err, toRefundDTO)
}

func (a *API) listSellerOrderRefunds(w http.ResponseWriter, r *http.Request) error {
	rs, err := a.svc.SellerOrderRefunds(r.Context(), caller(r), r.PathValue("id"))
	return replyAll(a, w, r, rs, err, toRefundDTO)
}

func (a *API) listRefundQueue(w http.ResponseWriter, r *http.Request) error {
	qs, err := a.svc.RefundQueue(r.Context())
	return replyAll(a, w, r, qs, err, toQueuedRefundDTO)
}
