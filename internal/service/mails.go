package service

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"

	"dwa/internal/shop"
)

// mailContent is what every mail of the shop is made of; plain text and
// HTML are rendered from the same paragraphs so they never disagree.
type mailContent struct {
	Greeting   string
	Paragraphs []string
	LinkLabel  string
	Link       string
	After      []string // paragraphs below the button
	SignOff    string
}

var mailHTML = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{.Subject}}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#006b3f;padding:18px 24px;color:#ffffff;font-size:24px;font-weight:700;letter-spacing:.5px">Dwa<span style="color:#fcd116">.</span></td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p style="margin:0 0 16px">{{.C.Greeting}}</p>
{{range .C.Paragraphs}}<p style="margin:0 0 16px">{{.}}</p>
{{end}}{{if .C.Link}}<p style="margin:24px 0"><a href="{{.C.Link}}" style="display:inline-block;background:#006b3f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">{{.C.LinkLabel}}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#55615a">Or paste this address into your browser:<br>{{.C.Link}}</p>
{{end}}{{range .C.After}}<p style="margin:0 0 16px">{{.}}</p>
{{end}}<p style="margin:24px 0 0">{{.C.SignOff}}</p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f4f6f5;font-size:12px;color:#55615a">Dwa — the online mall for Ghana. Prices in GH₵.</td></tr>
</table></td></tr></table></body></html>
`))

// render builds the mail to one address; an empty address gives none, so
// that nothing is ever queued for nobody.
func (s *Service) render(to, subject string, c mailContent) []shop.Mail {
	to = strings.TrimSpace(to)
	if to == "" {
		return nil
	}
	var text strings.Builder
	text.WriteString(c.Greeting + "\n\n")
	for _, p := range c.Paragraphs {
		text.WriteString(p + "\n\n")
	}
	if c.Link != "" {
		text.WriteString(c.LinkLabel + ": " + c.Link + "\n\n")
	}
	for _, p := range c.After {
		text.WriteString(p + "\n\n")
	}
	text.WriteString(c.SignOff + "\n")
	var html bytes.Buffer
	if err := mailHTML.Execute(&html, struct {
		Subject string
		C       mailContent
	}{subject, c}); err != nil {
		// The template is fixed and its data plain strings: this cannot
		// fail at run time without a programming error.
		panic(err)
	}
	return []shop.Mail{{To: to, Subject: subject, Text: text.String(), HTML: html.String(), CreatedAt: s.now()}}
}

func (s *Service) welcomeMail(u *shop.User) []shop.Mail {
	return s.render(u.Email, "Akwaaba! Welcome to Dwa", mailContent{
		Greeting: "Akwaaba, " + u.Username + "!",
		Paragraphs: []string{
			"Your Dwa account is ready. Phones, gadgets, gaming gear, computers and jewellery from stores all over Ghana are waiting for you, every price in cedis.",
			"Sign in with your username or your e-mail address, fill your bag and pay with mobile money or card.",
		},
		LinkLabel: "Start shopping",
		Link:      s.accounts.PublicURL + "/products",
		After:     []string{"Did not sign up? Just reply to this e-mail and we will close the account."},
		SignOff:   "Medaase — the Dwa team",
	})
}

func (s *Service) resetMail(u *shop.User, link string) []shop.Mail {
	return s.render(u.Email, "Reset your Dwa password", mailContent{
		Greeting: "Hello " + u.Username + ",",
		Paragraphs: []string{
			"Someone, hopefully you, asked to reset the password of your Dwa account. Choose a new one with the link below. It works once, for one hour.",
		},
		LinkLabel: "Choose a new password",
		Link:      link,
		After:     []string{"Did not ask for this? Ignore this e-mail: your password stays as it is."},
		SignOff:   "The Dwa team",
	})
}

func (s *Service) complaintMails(c *shop.Complaint, ack bool) []shop.Mail {
	mails := s.render(s.accounts.SupportEmail, "Complaint from "+c.Email, mailContent{
		Greeting:   "Hello support team,",
		Paragraphs: append([]string{"A customer sent a complaint through the shop. Reply to " + c.Email + "."}, strings.Split(c.Text, "\n")...),
		SignOff:    "— Dwa",
	})
	if ack {
		mails = append(mails, s.render(c.Email, "We have your message — Dwa", mailContent{
			Greeting: "Hello,",
			Paragraphs: []string{
				"Thank you for writing to Dwa. Your message has reached our support team, and someone will answer you at this address, usually within one working day.",
			},
			After:   []string{"Did not write to us? Then someone typed your address by mistake; you can ignore this e-mail."},
			SignOff: "Medaase — the Dwa support team",
		})...)
	}
	return mails
}

// orderMail tells the buyer that their order was placed (and waits for
// payment) or paid.
func (s *Service) orderMail(kind string, o *shop.Order) []shop.Mail {
	ref := "order " + orderRef(o.ID)
	c := s.orderContent(o.ID)
	items := orderLines(o.Items)
	total := "GH₵ " + o.Amount.Grouped()
	if kind == shop.NoticePaid {
		c.Paragraphs = []string{"We have received your payment of " + total + " for " + ref + ": " + items + ".",
			"The stores are preparing your items; we will tell you as each store ships its part."}
		return s.render(o.UserEmail, "Payment received for your Dwa "+ref, c)
	}
	deadline := o.CreatedAt.Add(s.orderExpiry).UTC().Format("Monday 2 January, 15:04 GMT")
	c.LinkLabel = "Pay for your order"
	if fees := o.DeliveryAmount(); len(o.Deliveries) > 0 {
		total += " (items GH₵ " + (o.Amount - fees).Grouped() + ", delivery GH₵ " + fees.Grouped() + ")"
	}
	c.Paragraphs = []string{"Thank you for " + ref + ": " + items + ". The total is " + total + "."}
	c.Paragraphs = append(c.Paragraphs, promises(o)...)
	c.Paragraphs = append(c.Paragraphs,
		"Pay with mobile money or card by "+deadline+"; an order not paid by then is cancelled and its items go back on sale.")
	return s.render(o.UserEmail, "Your Dwa "+ref+" is placed", c)
}

// promises are the parts' delivery promises, a line each: "Accra Game
// Hub: arrives Thu 3 Dec – Fri 4 Dec (delivery GH₵ 25)".
func promises(o *shop.Order) []string {
	var out []string
	for _, p := range o.Parts() {
		if p.Delivery == nil {
			continue
		}
		name := p.StoreName
		if name == "" {
			name = "Your items"
		}
		fee := "free delivery"
		if p.Delivery.Fee > 0 {
			fee = "delivery GH₵ " + p.Delivery.Fee.Grouped()
		}
		out = append(out, name+": "+p.Delivery.Promise()+" ("+fee+").")
	}
	return out
}

// orderContent is the frame of every mail about one of the buyer's orders:
// greeting, sign-off and the link to the order's page.
func (s *Service) orderContent(id string) mailContent {
	return mailContent{Greeting: "Hello,", LinkLabel: "See your order", Link: s.orderLink(id),
		SignOff: "Medaase — the Dwa team"}
}

// orderLines names an order's lines as a mail shows them: "2 × Name, …".
func orderLines(items []shop.OrderItem) string {
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = strconv.Itoa(it.Quantity) + " × " + it.Name
	}
	return strings.Join(names, ", ")
}

// messageMail tells a customer that a store wrote to them; the message
// itself is read in the shop (a store's words never go out under Dwa's
// name).
func (s *Service) messageMail(u *shop.User, st *shop.Store) []shop.Mail {
	return s.render(u.Email, st.Name+" sent you a message on Dwa", mailContent{
		Greeting:   "Hello " + u.Username + ",",
		Paragraphs: []string{st.Name + " wrote to you. Read the message and answer it in your Dwa messages."},
		LinkLabel:  "Read the message",
		Link:       s.accounts.PublicURL + "/messages",
		After:      []string{"You hear from us at most once an hour per store; choose how we tell you in your account's Notifications."},
		SignOff:    "The Dwa team",
	})
}

// fulfilmentMail tells the buyer that a store shipped or delivered its
// part of their order.
func (s *Service) fulfilmentMail(o *shop.Order, st *shop.Store, e shop.OrderEvent) []shop.Mail {
	items := orderLines(o.LinesOf(st.ID))
	ref := "order " + orderRef(o.ID)
	c := s.orderContent(o.ID)
	subject := "Your Dwa " + ref + " is on its way"
	switch e.Status {
	case shop.PartCancelled:
		subject = "Part of your Dwa " + ref + " was cancelled"
		c.Paragraphs = []string{st.Name + " cancelled your items from " + ref + ": " + items + ".",
			"The store's reason: " + e.Note}
		c.After = []string{"You pay nothing for these items. Questions? Message the store from the product page or from Messages."}
	case shop.PartDelivered, shop.PartPaidOnDelivery:
		subject = "Your Dwa " + ref + " has been delivered"
		c.Paragraphs = []string{st.Name + " has delivered your items from " + ref + ": " + items + "."}
		c.After = []string{"Enjoy them! You can now leave a review on each product's page."}
	default:
		c.Paragraphs = []string{st.Name + " has shipped your items from " + ref + ": " + items + "."}
		if e.Note != "" {
			c.Paragraphs = append(c.Paragraphs, "Tracking details from the store: "+e.Note)
		}
		c.After = []string{"Questions about the delivery? Message the store from the product page or from Messages."}
	}
	return s.render(o.UserEmail, subject, c)
}
