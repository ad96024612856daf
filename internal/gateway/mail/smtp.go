package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	"dwa/internal/shop"
)

// SMTP sends mail through the server of an smtps:// (TLS from the first
// byte) or smtp:// (STARTTLS, which must succeed) URL, with AUTH PLAIN when
// the URL has a user. Reset links must not cross the internet in clear, so
// a server that does not offer STARTTLS — or an attacker who strips it from
// the EHLO answer — gets no mail; only a server on this machine, or a URL
// that says ?tls=none, may be spoken to in plain text.
type SMTP struct {
	host, addr string
	mode       tlsMode
	auth       smtp.Auth
	from       *mail.Address
	// TLS overrides the TLS settings (tests trust their own certificate).
	TLS     *tls.Config
	Timeout time.Duration
}

// tlsMode is how the connection to the SMTP server is protected.
type tlsMode int

const (
	tlsImplicit      tlsMode = iota // smtps://: TLS from the first byte
	tlsRequired                     // smtp://: STARTTLS or nothing is sent
	tlsOpportunistic                // smtp:// to this machine: STARTTLS when offered
	tlsNone                         // smtp://…?tls=none: plain text, by explicit choice
)

// tlsModeFor reads the protection an SMTP_URL asks for. isLoopback tells
// whether a host is this machine (a parameter so that tests can call a
// server on 127.0.0.1 remote).
func tlsModeFor(u *url.URL, isLoopback func(host string) bool) (tlsMode, error) {
	opt := u.Query().Get("tls")
	switch {
	case u.Scheme == "smtps" && opt == "":
		return tlsImplicit, nil
	case u.Scheme != "smtp":
		return 0, errors.New("SMTP_URL must be smtp://… or smtps://… (with ?tls=none only on smtp://)")
	case opt == "none" && u.User != nil:
		return 0, errors.New("SMTP_URL: ?tls=none would send the password in clear; use TLS or drop the user")
	case opt == "none":
		return tlsNone, nil
	case opt != "":
		return 0, fmt.Errorf("SMTP_URL: tls=%q is not known; the only option is tls=none", opt)
	case isLoopback(u.Hostname()):
		return tlsOpportunistic, nil
	}
	return tlsRequired, nil
}

// loopbackHost reports whether host names this machine, without asking DNS.
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// NewSMTP parses the server URL and the From address.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("SMTP_URL is not a URL")
	}
	mode, err := tlsModeFor(u, loopbackHost)
	if err != nil {
		return nil, err
	}
	f, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("DWA_MAIL_FROM: %w", err)
	}
	s := &SMTP{host: u.Hostname(), mode: mode, from: f, Timeout: 30 * time.Second}
	port := u.Port()
	if port == "" {
		port = map[bool]string{true: "465", false: "587"}[mode == tlsImplicit]
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
	if s.mode == tlsImplicit {
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
	if err := s.startTLS(c, tlsConfig); err != nil {
		return err
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

// startTLS upgrades the connection as the mode asks; in tlsRequired a
// server without STARTTLS is an error, before any password or mail.
func (s *SMTP) startTLS(c *smtp.Client, config *tls.Config) error {
	offered, _ := c.Extension("STARTTLS")
	switch {
	case s.mode == tlsRequired && !offered:
		return fmt.Errorf("SMTP server %s does not offer STARTTLS: not sending in clear "+
			"(use smtps://, or add ?tls=none to SMTP_URL to allow plain text)", s.addr)
	case (s.mode == tlsRequired || s.mode == tlsOpportunistic) && offered:
		return c.StartTLS(config)
	}
	return nil
}
