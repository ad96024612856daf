package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"time"

	"dwa/internal/shop"
)

// SMTP sends mail through the server of an smtp:// (STARTTLS when the
// server offers it) or smtps:// (TLS from the first byte) URL, with AUTH
// PLAIN when the URL has a user. net/smtp refuses to send a password over
// an unencrypted connection except to localhost.
type SMTP struct {
	host, addr string
	implicit   bool
	auth       smtp.Auth
	from       *mail.Address
	// TLS overrides the TLS settings (tests trust their own certificate).
	TLS     *tls.Config
	Timeout time.Duration
}

// NewSMTP parses the server URL and the From address.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("SMTP_URL is not a URL")
	}
	f, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("DWA_MAIL_FROM: %w", err)
	}
	s := &SMTP{host: u.Hostname(), implicit: u.Scheme == "smtps", from: f, Timeout: 30 * time.Second}
	port := u.Port()
	if port == "" {
		port = map[bool]string{true: "465", false: "587"}[s.implicit]
	}
	s.addr = net.JoinHostPort(s.host, port)
	if u.User != nil {
		pw, _ := u.User.Password()
		s.auth = smtp.PlainAuth("", u.User.Username(), pw, s.host)
	}
	return s, nil
}

// Send delivers one mail; any error leaves it to the outbox to retry.
func (s *SMTP) Send(ctx context.Context, m shop.Mail) error {
	msg, err := message(s.from, m, time.Now())
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	tlsConfig := s.TLS
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
	}
	var conn net.Conn
	if s.implicit {
		d := tls.Dialer{Config: tlsConfig}
		conn, err = d.DialContext(ctx, "tcp", s.addr)
	} else {
		var d net.Dialer
		conn, err = d.DialContext(ctx, "tcp", s.addr)
	}
	if err != nil {
		return err
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !s.implicit {
		if err := c.StartTLS(tlsConfig); err != nil {
			return err
		}
	}
	if s.auth != nil {
		if err := c.Auth(s.auth); err != nil {
			return err
		}
	}
	to, _ := mail.ParseAddress(m.To) // message() checked it
	if err := c.Mail(s.from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(to.Address); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}
