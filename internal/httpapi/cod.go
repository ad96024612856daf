package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// Pay on delivery (docs/decisions/0020).

type codOptionDTO struct {
	Available bool            `json:"available"`
	Reason    *string         `json:"reason"`
	Amount    json.RawMessage `json:"amount"`
	MaxAmount json.RawMessage `json:"max_amount"`
	Chosen    bool            `json:"chosen"`
}

func toCODOptionDTO(c service.CODOption) codOptionDTO {
	d := codOptionDTO{Available: c.Available, Amount: moneyNumber(c.Amount), MaxAmount: moneyNumber(c.Max), Chosen: c.Chosen}
	if c.Reason != "" {
		d.Reason = &c.Reason
	}
	return d
}

func (a *API) getCODOption(w http.ResponseWriter, r *http.Request) error {
	c, err := a.svc.CODOption(r.Context(), caller(r), r.PathValue("id"))
	return replyResult(w, http.StatusOK, c, err, toCODOptionDTO)
}

// chooseCOD answers POST /store/orders/{id}/pay-on-delivery/ (no body): the
// order, 200 whether this request or an earlier one chose it.
func (a *API) chooseCOD(w http.ResponseWriter, r *http.Request) error {
	o, _, err := a.svc.ChooseCOD(r.Context(), caller(r), r.PathValue("id"))
	return replyResult(w, http.StatusOK, o, err, a.toOrderDTO)
}

type paymentSettingsDTO struct {
	CODEnabled   bool            `json:"cod_enabled"`
	CODMax       json.RawMessage `json:"cod_max_amount"`
	StoreRefunds bool            `json:"store_refunds"`
	UpdatedAt    *string         `json:"updated_at"`
}

func toPaymentSettingsDTO(s shop.PaymentSettings) paymentSettingsDTO {
	return paymentSettingsDTO{CODEnabled: s.CODEnabled, CODMax: moneyNumber(s.CODMax), StoreRefunds: s.StoreRefunds,
		UpdatedAt: optionalTime(s.UpdatedAt)}
}

func (a *API) getPaymentSettings(w http.ResponseWriter, r *http.Request) error {
	s, err := a.svc.PaymentSettings(r.Context())
	return replyResult(w, http.StatusOK, s, err, toPaymentSettingsDTO)
}

type paymentSettingsRequest struct {
	CODEnabled   *bool   `json:"cod_enabled"`
	CODMax       *string `json:"cod_max_amount"`
	StoreRefunds *bool   `json:"store_refunds"`
}

func (a *API) patchPaymentSettings(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[paymentSettingsRequest](r)
	if err != nil {
		return err
	}
	s, err := a.svc.UpdatePaymentSettings(r.Context(), service.PaymentSettingsInput{CODEnabled: in.CODEnabled, CODMax: in.CODMax,
		StoreRefunds: in.StoreRefunds})
	return replyResult(w, http.StatusOK, s, err, toPaymentSettingsDTO)
}
