package main

import (
	"context"
	"path/filepath"

	"dwa/internal/gateway/mail"
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

// startOutbox runs the outbox sender in the background; the returned
// function stops it and waits, so that no send is cut off mid-way by the
// database closing.
func (a *app) startOutbox(ctx context.Context) (stop func(), err error) {
	sender, err := a.mailSender()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.svc.RunOutbox(ctx, sender)
	}()
	return func() { cancel(); <-done }, nil
}
