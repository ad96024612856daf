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
	ref := orderRef(o)
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

// orderNotices tells the buyer that their order was placed or paid (kind
// shop.NoticePlaced or shop.NoticePaid) by the channels they chose; phone
// is their verified number, and an empty one gets no text.
func (s *Service) orderNotices(kind string, by shop.Channels, phone string, o *shop.Order) []shop.Mail {
	var out []shop.Mail
	if by.Email {
		out = s.orderMail(kind, o)
	}
	if by.SMS && phone != "" {
		ref := orderRef(o)
		link := " " + s.accounts.PublicURL + "/order/" + o.ID
		text := "Dwa: we have your order " + ref + ", GH₵ " + o.Amount.Grouped() + ". Pay for it here:" + link
		if kind == shop.NoticePaid {
			text = "Dwa: payment received for order " + ref + ", GH₵ " + o.Amount.Grouped() +
				". We will text you when it ships." + link
		}
		out = append(out, shop.SMS(phone, text, s.now()))
	}
	return out
}

// orderRef is how notices name an order: the first block of its id.
func orderRef(o *shop.Order) string { return strings.ToUpper(o.ID[:8]) }

// messageNotice tells a customer that a store wrote to them, by the
// channels they chose (a text only to a verified number) — at most once an
// hour per conversation (bucket message-notice per store and customer):
// one notice says "you have mail", the rest of the conversation is read in
// the shop.
func (s *Service) messageNotice(ctx context.Context, m *shop.Message) ([]shop.Mail, error) {
	if m.SenderStoreID == 0 || m.ReceiverUserID == 0 {
		return nil, nil
	}
	u, err := s.store.UserByID(ctx, m.ReceiverUserID)
	if err != nil || u == nil {
		return nil, err
	}
	prefs, err := s.store.NoticePrefs(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	by := prefs[shop.NoticeMessage]
	by.Email = by.Email && u.Email != ""
	by.SMS = by.SMS && u.Phone != ""
	if !by.Email && !by.SMS {
		return nil, nil // nothing to send: the hour is not started
	}
	key := strconv.FormatInt(m.SenderStoreID, 10) + " " + strconv.FormatInt(u.ID, 10)
	if err := s.limits.hit(ctx, "message-notice", key); err != nil {
		if shop.KindOf(err) == shop.KindRateLimited {
			return nil, nil // told within the hour already
		}
		return nil, err
	}
	st, err := s.store.ActiveStoreByID(ctx, m.SenderStoreID)
	if err != nil || st == nil {
		return nil, err
	}
	var out []shop.Mail
	if by.Email {
		out = s.messageMail(u, st)
	}
	if by.SMS {
		text := "Dwa: " + st.Name + " sent you a message. Read it at " + s.accounts.PublicURL + "/messages"
		out = append(out, shop.SMS(u.Phone, text, s.now()))
	}
	return out, nil
}

// Notices is a shopper's choice of channels per kind of notice.
func (s *Service) Notices(ctx context.Context, u *shop.User) (shop.NoticePrefs, error) {
	return s.store.NoticePrefs(ctx, u.ID)
}

// NoticeChoice is one kind's channels in PUT …/notifications/; nil fields
// keep the current choice.
type NoticeChoice struct{ Email, SMS *bool }

// SetNotices changes the channels of the kinds given (shop.NoticeKinds;
// others are ignored).
func (s *Service) SetNotices(ctx context.Context, u *shop.User, in map[string]NoticeChoice) (shop.NoticePrefs, error) {
	prefs, err := s.store.NoticePrefs(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	for kind, choice := range in {
		cur := prefs[kind]
		if choice.Email != nil {
			cur.Email = *choice.Email
		}
		if choice.SMS != nil {
			cur.SMS = *choice.SMS
		}
		prefs[kind] = cur
	}
	if err := s.store.SetNoticePrefs(ctx, u.ID, prefs); err != nil {
		return nil, err
	}
	return prefs, nil
}
