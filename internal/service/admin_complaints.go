package service

import (
	"context"
	"strings"
	"unicode/utf8"

	"dwa/internal/shop"
)

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
	return nil, 0, invalidChoice("status", status)
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
