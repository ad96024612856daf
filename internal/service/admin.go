package service

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"dwa/internal/shop"
)

// AdminStore is the persistence of staff administration.
type AdminStore interface {
	Users(ctx context.Context, search string, offset, limit int) ([]shop.User, int, error)
	// SetUserFlags reports false when there is no such user.
	SetUserFlags(ctx context.Context, id int64, staff, active *bool, at time.Time) (bool, error)
	Complaints(ctx context.Context, handled bool, offset, limit int) ([]shop.Complaint, int, error)
	// HandleComplaint returns nil when there is no such complaint.
	HandleComplaint(ctx context.Context, id int64, at time.Time, mails func(shop.Complaint) []shop.Mail) (*shop.Complaint, error)
}

// staffOnly refuses anyone but staff; the HTTP layer checks first, this
// keeps the rule true for every caller of the service.
func staffOnly(u *shop.User) error {
	if u == nil || !u.IsStaff {
		return shop.ErrForbidden
	}
	return nil
}

// AdminUsers lists accounts for staff, searched by username or e-mail.
func (s *Service) AdminUsers(ctx context.Context, u *shop.User, search string, offset, limit int) ([]shop.User, int, error) {
	if err := staffOnly(u); err != nil {
		return nil, 0, err
	}
	return s.store.Users(ctx, search, offset, limit)
}

// SetUserFlags makes a user staff or not, active or not. Staff cannot
// demote or deactivate themselves (the shop would be left without anyone
// able to undo it). A deactivated user can no longer sign in or use a token.
func (s *Service) SetUserFlags(ctx context.Context, u *shop.User, id int64, staff, active *bool) (*shop.User, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	if id == u.ID && staff != nil && !*staff {
		fe.Add("is_staff", "You cannot remove your own staff rights.")
	}
	if id == u.ID && active != nil && !*active {
		fe.Add("is_active", "You cannot deactivate your own account.")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	ok, err := s.store.SetUserFlags(ctx, id, staff, active, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, shop.NotFound("User")
	}
	return s.store.UserByID(ctx, id)
}

// AdminComplaints lists open (or handled) complaints, oldest first.
func (s *Service) AdminComplaints(ctx context.Context, u *shop.User, status string, offset, limit int) ([]shop.Complaint, int, error) {
	if err := staffOnly(u); err != nil {
		return nil, 0, err
	}
	switch status {
	case "", "open":
		return s.store.Complaints(ctx, false, offset, limit)
	case "handled":
		return s.store.Complaints(ctx, true, offset, limit)
	}
	return nil, 0, shop.Invalid(map[string][]string{"status": {`Select a valid choice. "` + status +
		`" is not one of the available choices.`}})
}

// MaxComplaintReply bounds a reply to a complaint.
const MaxComplaintReply = 5000

// HandleComplaint marks a complaint handled and, with a reply, mails it to
// the address the complaint came from (through the outbox, in the same
// transaction).
func (s *Service) HandleComplaint(ctx context.Context, u *shop.User, id int64, reply *string) (*shop.Complaint, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	text := ""
	if reply != nil {
		fe := shop.FieldErrors{}
		text = requiredText(fe, "reply", reply, MaxComplaintReply)
		if err := fe.Err(); err != nil {
			return nil, err
		}
	}
	cp, err := s.store.HandleComplaint(ctx, id, s.now(), func(cp shop.Complaint) []shop.Mail {
		if text == "" {
			return nil
		}
		return s.complaintReplyMail(cp, text)
	})
	if err == nil && cp == nil {
		err = shop.NotFound("Complaint")
	}
	return cp, err
}

// complaintReplyMail answers a complaint; the staff's text is split into
// paragraphs at blank lines.
func (s *Service) complaintReplyMail(cp shop.Complaint, reply string) []shop.Mail {
	var paras []string
	for _, p := range strings.Split(strings.ReplaceAll(reply, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			paras = append(paras, p)
		}
	}
	quoted := cp.Text
	if utf8.RuneCountInString(quoted) > 300 {
		quoted = string([]rune(quoted)[:300]) + "…"
	}
	return s.render(cp.Email, "Re: your message to Dwa", mailContent{
		Greeting:   "Hello,",
		Paragraphs: paras,
		After:      []string{"You wrote: “" + quoted + "”"},
		SignOff:    "Medaase — Dwa customer support",
	})
}
