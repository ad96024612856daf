package main

import (
	"context"
	"path/filepath"

	"dwa/internal/gateway/mail"
	"dwa/internal/gateway/sms"
	"dwa/internal/service"
)

// mailSender picks SMTP when SMTP_URL is set, else .eml files in the data
// directory.
func (a *app) mailSender() (service.MailSender, error) {
	if a.cfg.SMTPURL != "" {
		return mail.NewSMTP(a.cfg.SMTPURL, a.cfg.MailFrom)
	}
	return mail.NewFiles(filepath.Join(a.cfg.DataDir, "mail"), a.cfg.MailFrom, a.log)
}

// smsSender picks Hubtel when its keys are set, else text files in the
// data directory.
func (a *app) smsSender() (service.MailSender, error) {
	c := a.cfg.SMS
	if c.Enabled() {
		return sms.NewHubtel(c.HubtelURL, c.HubtelClientID, c.HubtelClientSecret, c.Sender), nil
	}
	return sms.NewFiles(filepath.Join(a.cfg.DataDir, "sms"), c.Sender, a.log)
}

// startOutbox runs the outbox sender in the background; the returned
// function stops it and waits, so that no send is cut off mid-way by the
// database closing.
func (a *app) startOutbox(ctx context.Context) (stop func(), err error) {
	mails, err := a.mailSender()
	if err != nil {
		return nil, err
	}
	texts, err := a.smsSender()
	if err != nil {
		return nil, err
	}
	sender := service.Senders{Mail: mails, SMS: texts}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.shop.Service.RunOutbox(ctx, sender)
	}()
	return func() { cancel(); <-done }, nil
}
