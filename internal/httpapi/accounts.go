package httpapi

import (
	"net/http"

	"dwa/internal/service"
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

func (a *API) register(w http.ResponseWriter, r *http.Request) {
	var in registrationRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	u, err := a.svc.Register(r.Context(), service.Registration(in))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, userDTO{ID: u.ID, Username: u.Username, Email: u.Email})
}

type loginRequest struct {
	Username *string `json:"username"`
	Password *string `json:"password" trim:"no"`
}

type tokensDTO struct {
	Refresh string `json:"refresh"`
	Access  string `json:"access"`
}

func (a *API) login(w http.ResponseWriter, r *http.Request) {
	var in loginRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	t, err := a.svc.Login(r.Context(), service.Credentials{Username: in.Username, Password: in.Password,
		Client: byIP(a, r)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, tokensDTO{Refresh: t.Refresh, Access: t.Access})
}

type refreshRequest struct {
	Refresh *string `json:"refresh"`
}

func (a *API) refresh(w http.ResponseWriter, r *http.Request) {
	var in refreshRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	access, err := a.svc.Refresh(r.Context(), in.Refresh)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"access": access})
}

func (a *API) verifyToken(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token *string `json:"token"`
	}
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := a.svc.VerifyToken(r.Context(), in.Token); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}

func (a *API) logout(w http.ResponseWriter, r *http.Request) {
	var in refreshRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := a.svc.Logout(r.Context(), in.Refresh); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}

type storeRefDTO struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type meDTO struct {
	ID       int64        `json:"id"`
	Username string       `json:"username"`
	Email    string       `json:"email"`
	IsStaff  bool         `json:"is_staff"`
	Store    *storeRefDTO `json:"store"`
}

func (a *API) me(w http.ResponseWriter, r *http.Request) {
	u := caller(r)
	st, err := a.svc.Me(r.Context(), u)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := meDTO{ID: u.ID, Username: u.Username, Email: u.Email, IsStaff: u.IsStaff}
	if st != nil {
		out.Store = &storeRefDTO{ID: st.ID, Name: st.Name}
	}
	writeJSON(w, http.StatusOK, out)
}

type setPasswordRequest struct {
	CurrentPassword *string `json:"current_password" trim:"no"`
	NewPassword     *string `json:"new_password" trim:"no"`
	ReNewPassword   *string `json:"re_new_password" trim:"no"`
}

func (a *API) setPassword(w http.ResponseWriter, r *http.Request) {
	var in setPasswordRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := a.svc.SetPassword(r.Context(), caller(r), service.PasswordChange(in)); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}

func (a *API) resetPassword(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email *string `json:"email"`
	}
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := a.svc.ResetPassword(r.Context(), in.Email); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}

type resetConfirmRequest struct {
	UID           *string `json:"uid"`
	Token         *string `json:"token"`
	NewPassword   *string `json:"new_password" trim:"no"`
	ReNewPassword *string `json:"re_new_password" trim:"no"`
}

func (a *API) resetPasswordConfirm(w http.ResponseWriter, r *http.Request) {
	var in resetConfirmRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := a.svc.ResetPasswordConfirm(r.Context(), service.ResetConfirm(in)); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}

type complaintRequest struct {
	Email     *string `json:"email"`
	Complaint *string `json:"complaint"`
}

func (a *API) sendComplaint(w http.ResponseWriter, r *http.Request) {
	var in complaintRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := a.svc.SendComplaint(r.Context(), service.ComplaintInput(in)); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Your request has been processed."})
}

// noContent answers 204 with no body.
func noContent(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}
