package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

type codeRequest struct {
	Phone   *string `json:"phone"`
	Purpose *string `json:"purpose"`
}

// requestCode always answers 204 when the request is valid and within the
// caps, whether or not a text was sent (see Service.RequestCode).
func (a *API) requestCode(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[codeRequest](r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.RequestCode(r.Context(), service.CodeRequest{Phone: in.Phone, Purpose: in.Purpose,
		User: caller(r), Client: byUserOrIP(a, r)}))
}

type phoneSignInRequest struct {
	Phone    *string `json:"phone"`
	Code     *string `json:"code"`
	Username *string `json:"username"`
	Email    *string `json:"email"`
}

type phoneTokensDTO struct {
	Refresh string `json:"refresh"`
	Access  string `json:"access"`
	Created bool   `json:"created"`
}

func (a *API) phoneSignIn(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[phoneSignInRequest](r)
	if err != nil {
		return err
	}
	t, created, err := a.svc.SignInByCode(r.Context(), service.PhoneSignIn(in))
	if err != nil {
		return err
	}
	return reply(w, createdOrOK(created), phoneTokensDTO{Refresh: t.Refresh, Access: t.Access, Created: created})
}

type phoneVerifyRequest struct {
	Phone *string `json:"phone"`
	Code  *string `json:"code"`
}

func (a *API) verifyPhone(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[phoneVerifyRequest](r)
	if err != nil {
		return err
	}
	u, err := a.svc.VerifyPhone(r.Context(), caller(r), service.PhoneVerify(in))
	if err != nil {
		return err
	}
	return a.replyMe(w, r, u)
}

type phoneResetRequest struct {
	Phone         *string `json:"phone"`
	Code          *string `json:"code"`
	NewPassword   *string `json:"new_password" trim:"no"`
	ReNewPassword *string `json:"re_new_password" trim:"no"`
}

func (a *API) resetPasswordByCode(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[phoneResetRequest](r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.ResetPasswordByCode(r.Context(), service.PhoneReset(in)))
}

type channelsDTO struct {
	Email bool `json:"email"`
	SMS   bool `json:"sms"`
}

// noticesDTO lists the kinds in shop.NoticeKinds' order.
type noticesDTO struct {
	Placed    channelsDTO `json:"placed"`
	Paid      channelsDTO `json:"paid"`
	Shipped   channelsDTO `json:"shipped"`
	Delivered channelsDTO `json:"delivered"`
	Refund    channelsDTO `json:"refund"`
	Message   channelsDTO `json:"message"`
}

func noticesOf(p shop.NoticePrefs) noticesDTO {
	ch := func(kind string) channelsDTO { return channelsDTO{Email: p[kind].Email, SMS: p[kind].SMS} }
	return noticesDTO{Placed: ch(shop.NoticePlaced), Paid: ch(shop.NoticePaid), Shipped: ch(shop.NoticeShipped),
		Delivered: ch(shop.NoticeDelivered), Refund: ch(shop.NoticeRefund), Message: ch(shop.NoticeMessage)}
}

func (a *API) notices(w http.ResponseWriter, r *http.Request) error {
	p, err := a.svc.Notices(r.Context(), caller(r))
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, noticesOf(p))
}

type noticeChoiceRequest struct {
	Email *bool `json:"email"`
	SMS   *bool `json:"sms"`
}

// noticesRequest holds each kind's object as sent; decodeChoice reads it
// (the body decoder takes flat objects only).
type noticesRequest struct {
	Placed    json.RawMessage `json:"placed"`
	Paid      json.RawMessage `json:"paid"`
	Shipped   json.RawMessage `json:"shipped"`
	Delivered json.RawMessage `json:"delivered"`
	Refund    json.RawMessage `json:"refund"`
	Message   json.RawMessage `json:"message"`
}

// decodeChoice reads one kind's {"email": bool, "sms": bool}; ok is false
// when the kind was left out.
func decodeChoice(fe shop.FieldErrors, kind string, raw json.RawMessage) (c service.NoticeChoice, ok bool) {
	if raw == nil {
		return c, false
	}
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		fe.Add(kind, `Expected an object like {"email": true, "sms": false}.`)
		return c, false
	}
	var in noticeChoiceRequest
	if err := fill(obj, &in); err != nil {
		fe.Add(kind, "Give email and sms as true or false.")
		return c, false
	}
	return service.NoticeChoice{Email: in.Email, SMS: in.SMS}, true
}

func (a *API) setNotices(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[noticesRequest](r)
	if err != nil {
		return err
	}
	fe := shop.FieldErrors{}
	choices := map[string]service.NoticeChoice{}
	for kind, raw := range map[string]json.RawMessage{shop.NoticePlaced: in.Placed, shop.NoticePaid: in.Paid,
		shop.NoticeShipped: in.Shipped, shop.NoticeDelivered: in.Delivered, shop.NoticeRefund: in.Refund,
		shop.NoticeMessage: in.Message} {
		if c, ok := decodeChoice(fe, kind, raw); ok {
			choices[kind] = c
		}
	}
	if err := fe.Err(); err != nil {
		return err
	}
	p, err := a.svc.SetNotices(r.Context(), caller(r), choices)
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, noticesOf(p))
}
