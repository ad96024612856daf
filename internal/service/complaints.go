package service

import (
	"context"

	"dwa/internal/shop"
)

// ComplaintStore keeps complaints; the mails are queued in the same
// transaction.
type ComplaintStore interface {
	CreateComplaint(ctx context.Context, c *shop.Complaint, mails ...shop.Mail) error
}

// ComplaintInput is the body of POST /store/api/send_complaint/.
type ComplaintInput struct{ Email, Complaint *string }

// SendComplaint stores a complaint and queues it for the support address,
// plus an acknowledgement to the sender while that address is under its
// complaint-ack limit.
func (s *Service) SendComplaint(ctx context.Context, in ComplaintInput) error {
	fe := shop.FieldErrors{}
	email := requiredText(fe, "email", in.Email, 254)
	if !fe.Has("email") && !validEmail(email) {
		fe.Add("email", msgInvalidEmail)
	}
	text := requiredText(fe, "complaint", in.Complaint, 5000)
	if err := fe.Err(); err != nil {
		return err
	}
	ack := true
	if err := s.limits.hit(ctx, "complaint-ack", shop.FoldKey(email)); err != nil {
		if shop.KindOf(err) != shop.KindRateLimited {
			return err
		}
		ack = false
	}
	c := &shop.Complaint{Email: email, Text: text, CreatedAt: s.now()}
	if err := s.store.CreateComplaint(ctx, c, s.complaintMails(c, ack)...); err != nil {
		return err
	}
	s.wakeMailer()
	return nil
}
