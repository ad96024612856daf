package service

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"dwa/internal/shop"
)

// smsNoteMax bounds the store's tracking note in a text: a long note
// would split the message into several paid parts.
const smsNoteMax = 80

// fulfilmentSMS tells the buyer by text that a store shipped or delivered
// its part of their order; phone is the buyer's verified number, and an
// empty one gets nothing (an unverified number is never texted).
func (s *Service) fulfilmentSMS(phone string, o *shop.Order, st *shop.Store, e shop.OrderEvent) []shop.Mail {
	if phone == "" {
		return nil
	}
	ref := strings.ToUpper(o.ID[:8])
	var b strings.Builder
	if e.Status == shop.PartDelivered {
		b.WriteString("Dwa: " + st.Name + " has delivered your items from order " + ref + ".")
	} else {
		b.WriteString("Dwa: " + st.Name + " has shipped your items from order " + ref + ".")
		if note := strings.TrimSpace(e.Note); note != "" {
			if utf8.RuneCountInString(note) > smsNoteMax {
				note = string([]rune(note)[:smsNoteMax-1]) + "…"
			}
			b.WriteString(" Tracking: " + note)
		}
	}
	b.WriteString(" " + s.accounts.PublicURL + "/order/" + o.ID)
	return []shop.Mail{shop.SMS(phone, b.String(), s.now())}
}

// messageNotice texts a customer that a store wrote to them, when they
// have a verified number — at most once an hour per conversation (bucket
// sms-message per store and customer): one text says "you have mail",
// the rest of the conversation is read in the shop.
func (s *Service) messageNotice(ctx context.Context, m *shop.Message) ([]shop.Mail, error) {
	if m.SenderStoreID == 0 || m.ReceiverUserID == 0 {
		return nil, nil
	}
	u, err := s.store.UserByID(ctx, m.ReceiverUserID)
	if err != nil || u == nil || u.Phone == "" {
		return nil, err
	}
	prefs, err := s.store.NoticePrefs(ctx, u.ID)
	if err != nil || !prefs[shop.NoticeMessage].SMS {
		return nil, err
	}
	key := strconv.FormatInt(m.SenderStoreID, 10) + " " + strconv.FormatInt(u.ID, 10)
	if err := s.limits.hit(ctx, "sms-message", key); err != nil {
		if shop.KindOf(err) == shop.KindRateLimited {
			return nil, nil // told within the hour already
		}
		return nil, err
	}
	st, err := s.store.ActiveStoreByID(ctx, m.SenderStoreID)
	if err != nil || st == nil {
		return nil, err
	}
	text := "Dwa: " + st.Name + " sent you a message. Read it at " + s.accounts.PublicURL + "/messages"
	return []shop.Mail{shop.SMS(u.Phone, text, s.now())}, nil
}

// Notices is a shopper's choice of channels per kind of notice.
func (s *Service) Notices(ctx context.Context, u *shop.User) (shop.NoticePrefs, error) {
	return s.store.NoticePrefs(ctx, u.ID)
}

// NoticeChoice is one kind's channels in PUT …/notifications/; nil fields
// keep the current choice.
type NoticeChoice struct{ Email, SMS *bool }

// SetNotices changes the channels of the kinds given (shop.NoticeKinds;
// others are ignored). Message notices are texts only: e-mail cannot be
// turned on for them.
func (s *Service) SetNotices(ctx context.Context, u *shop.User, in map[string]NoticeChoice) (shop.NoticePrefs, error) {
	prefs, err := s.store.NoticePrefs(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	for kind, choice := range in {
		cur := prefs[kind]
		if choice.Email != nil {
			if kind == shop.NoticeMessage && *choice.Email {
				fe.Add(kind, "Message notices go by SMS only.")
				continue
			}
			cur.Email = *choice.Email
		}
		if choice.SMS != nil {
			cur.SMS = *choice.SMS
		}
		prefs[kind] = cur
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if err := s.store.SetNoticePrefs(ctx, u.ID, prefs); err != nil {
		return nil, err
	}
	return prefs, nil
}
