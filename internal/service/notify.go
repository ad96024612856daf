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

// fulfilmentText tells the buyer by text that a store shipped or delivered
// its part of their order.
func (s *Service) fulfilmentText(o *shop.Order, st *shop.Store, e shop.OrderEvent) string {
	ref := orderRef(o.ID)
	var b strings.Builder
	switch e.Status {
	case shop.PartCancelled:
		b.WriteString("Dwa: " + st.Name + " cancelled your items from order " + ref + ". You pay nothing for them.")
	case shop.PartDelivered, shop.PartPaidOnDelivery:
		b.WriteString("Dwa: " + st.Name + " has delivered your items from order " + ref + ".")
	default:
		b.WriteString("Dwa: " + st.Name + " has shipped your items from order " + ref + ".")
		if note := strings.TrimSpace(e.Note); note != "" {
			if utf8.RuneCountInString(note) > smsNoteMax {
				note = string([]rune(note)[:smsNoteMax-1]) + "…"
			}
			b.WriteString(" Tracking: " + note)
		}
	}
	b.WriteString(" " + s.orderLink(o.ID))
	return b.String()
}

// orderNotices tells the buyer that their order was placed or paid (kind
// shop.NoticePlaced or shop.NoticePaid) by the channels they chose; phone
// is their verified number, and an empty one gets no text.
func (s *Service) orderNotices(kind string, by shop.Channels, phone string, o *shop.Order) []shop.Mail {
	return s.noticesBy(by, phone, func() []shop.Mail { return s.orderMail(kind, o) }, func() string {
		ref, link := orderRef(o.ID), " "+s.orderLink(o.ID)
		if kind == shop.NoticePaid {
			return "Dwa: payment received for order " + ref + ", GH₵ " + o.Amount.Grouped() +
				". We will text you when it ships." + link
		}
		delivery := ""
		if span := shop.Span(o.Deliveries); span != "" {
			delivery = " Delivery " + span + "."
		}
		return "Dwa: we have your order " + ref + ", GH₵ " + o.Amount.Grouped() + "." + delivery + " Pay for it here:" + link
	})
}

// noticesBy holds the channel rule every notice follows: the mail when
// e-mail was chosen, the text when SMS was chosen and phone (the verified
// number, "" when none) is set — never to an unverified number. Each is
// made only when it is sent.
func (s *Service) noticesBy(by shop.Channels, phone string, mail func() []shop.Mail, text func() string) []shop.Mail {
	var out []shop.Mail
	if by.Email {
		out = mail()
	}
	if by.SMS && phone != "" {
		out = append(out, shop.SMS(phone, text(), s.now()))
	}
	return out
}

// orderRef is how notices name an order: the first block of its id.
func orderRef(id string) string { return strings.ToUpper(id[:8]) }

// orderLink is the buyer's page of an order.
func (s *Service) orderLink(id string) string { return s.accounts.PublicURL + "/order/" + id }

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
	return s.noticesBy(by, u.Phone, func() []shop.Mail { return s.messageMail(u, st) }, func() string {
		return "Dwa: " + st.Name + " sent you a message. Read it at " + s.accounts.PublicURL + "/messages"
	}), nil
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
