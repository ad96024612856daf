package httpapi

import (
	"net/http"

	"dwa/internal/shop"
)

// Staff administration of users and complaints (/admin/…, staff only).

type adminUserDTO struct {
	ID         int64   `json:"id"`
	Username   string  `json:"username"`
	Email      string  `json:"email"`
	IsStaff    bool    `json:"is_staff"`
	IsActive   bool    `json:"is_active"`
	DateJoined string  `json:"date_joined"`
	LastLogin  *string `json:"last_login"`
}

func toAdminUserDTO(u shop.User) adminUserDTO {
	return adminUserDTO{ID: u.ID, Username: u.Username, Email: u.Email, IsStaff: u.IsStaff, IsActive: u.IsActive,
		DateJoined: shop.FormatTime(u.DateJoined), LastLogin: optionalTime(u.LastLogin)}
}

func (a *API) listUsers(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	us, total, err := a.svc.AdminUsers(r.Context(), caller(r), lastQueryValue(r, "search"), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeSlice(a, w, r, p, us, total, toAdminUserDTO)
}

type userFlagsRequest struct {
	IsStaff  *bool `json:"is_staff"`
	IsActive *bool `json:"is_active"`
}

func (a *API) patchUser(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, r, shop.NotFound("User"))
		return
	}
	var in userFlagsRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	u, err := a.svc.SetUserFlags(r.Context(), caller(r), id, in.IsStaff, in.IsActive)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toAdminUserDTO(*u))
}

type complaintDTO struct {
	ID        int64   `json:"id"`
	Email     string  `json:"email"`
	Complaint string  `json:"complaint"`
	CreatedAt string  `json:"created_at"`
	HandledAt *string `json:"handled_at"`
}

func toComplaintDTO(c shop.Complaint) complaintDTO {
	return complaintDTO{ID: c.ID, Email: c.Email, Complaint: c.Text, CreatedAt: shop.FormatTime(c.CreatedAt),
		HandledAt: optionalTime(c.HandledAt)}
}

func (a *API) listComplaints(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	cs, total, err := a.svc.AdminComplaints(r.Context(), caller(r), lastQueryValue(r, "status"), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeSlice(a, w, r, p, cs, total, toComplaintDTO)
}

type complaintReplyRequest struct {
	Reply *string `json:"reply"`
}

func (a *API) handleComplaint(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, r, shop.NotFound("Complaint"))
		return
	}
	var in complaintReplyRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := a.svc.HandleComplaint(r.Context(), caller(r), id, in.Reply)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toComplaintDTO(*c))
}
