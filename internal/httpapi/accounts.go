package httpapi

import (
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

type registrationRequest struct {
	Email      *string `json:"email"`
	Username   *string `json:"username"`
	Password   *string `json:"password" trim:"no"`
	RePassword *string `json:"re_password" trim:"no"`
}

type userDTO struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Email    string `json:"email"`
}

func (a *API) register(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[registrationRequest](r)
	if err != nil {
		return err
	}
	u, err := a.svc.Register(r.Context(), service.Registration(in))
	if err != nil {
		return err
	}
	return reply(w, http.StatusCreated, userDTO{ID: u.ID, Username: u.Username, Email: u.Email})
}

type loginRequest struct {
	Username *string `json:"username"`
	Password *string `json:"password" trim:"no"`
}

type tokensDTO struct {
	Refresh string `json:"refresh"`
	Access  string `json:"access"`
}

func (a *API) login(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[loginRequest](r)
	if err != nil {
		return err
	}
	t, err := a.svc.Login(r.Context(), service.Credentials{Username: in.Username, Password: in.Password,
		Client: byIP(a, r)})
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, tokensDTO{Refresh: t.Refresh, Access: t.Access})
}

type refreshRequest struct {
	Refresh *string `json:"refresh"`
}

func (a *API) refresh(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[refreshRequest](r)
	if err != nil {
		return err
	}
	access, err := a.svc.Refresh(r.Context(), in.Refresh)
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, map[string]string{"access": access})
}

type verifyTokenRequest struct {
	Token *string `json:"token"`
}

func (a *API) verifyToken(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[verifyTokenRequest](r)
	if err != nil {
		return err
	}
	if err := a.svc.VerifyToken(r.Context(), in.Token); err != nil {
		return err
	}
	return reply(w, http.StatusOK, struct{}{})
}

func (a *API) logout(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[refreshRequest](r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.Logout(r.Context(), in.Refresh))
}

type storeRefDTO struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type meDTO struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Email    string `json:"email"`
	// Phone is the verified number in E.164 form, null when none.
	Phone   *string      `json:"phone"`
	IsStaff bool         `json:"is_staff"`
	Store   *storeRefDTO `json:"store"`
	// DeliveryRegion is the region chosen for quotes, "" for none.
	DeliveryRegion string `json:"delivery_region"`
}

func (a *API) me(w http.ResponseWriter, r *http.Request) error {
	return a.replyMe(w, r, caller(r))
}

func (a *API) replyMe(w http.ResponseWriter, r *http.Request, u *shop.User) error {
	st, err := a.svc.Me(r.Context(), u)
	if err != nil {
		return err
	}
	out := meDTO{ID: u.ID, Username: u.Username, Email: u.Email, IsStaff: u.IsStaff, DeliveryRegion: u.DeliveryRegion}
	if u.Phone != "" {
		out.Phone = &u.Phone
	}
	if st != nil {
		out.Store = &storeRefDTO{ID: st.ID, Name: st.Name}
	}
	return reply(w, http.StatusOK, out)
}

type setPasswordRequest struct {
	CurrentPassword *string `json:"current_password" trim:"no"`
	NewPassword     *string `json:"new_password" trim:"no"`
	ReNewPassword   *string `json:"re_new_password" trim:"no"`
}

func (a *API) setPassword(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[setPasswordRequest](r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.SetPassword(r.Context(), caller(r), service.PasswordChange(in)))
}

type resetPasswordRequest struct {
	Email *string `json:"email"`
}

func (a *API) resetPassword(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[resetPasswordRequest](r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.ResetPassword(r.Context(), in.Email))
}

type resetConfirmRequest struct {
	UID           *string `json:"uid"`
	Token         *string `json:"token"`
	NewPassword   *string `json:"new_password" trim:"no"`
	ReNewPassword *string `json:"re_new_password" trim:"no"`
}

func (a *API) resetPasswordConfirm(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[resetConfirmRequest](r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.ResetPasswordConfirm(r.Context(), service.ResetConfirm(in)))
}

type complaintRequest struct {
	Email     *string `json:"email"`
	Complaint *string `json:"complaint"`
}

func (a *API) sendComplaint(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[complaintRequest](r)
	if err != nil {
		return err
	}
	if err := a.svc.SendComplaint(r.Context(), service.ComplaintInput(in)); err != nil {
		return err
	}
	return reply(w, http.StatusOK, map[string]string{"message": "Your request has been processed."})
}
