package config

import (
	"fmt"
	"net/url"
	"regexp"
)

// SMS configures text messages (sign-in codes, order updates): through
// Hubtel when both keys are set, else written to files in DataDir/sms.
type SMS struct {
	HubtelURL          string
	HubtelClientID     string
	HubtelClientSecret string
	Sender             string // the sender ID shown on the phone
}

// Enabled reports whether messages go to the provider.
func (s SMS) Enabled() bool { return s.HubtelClientID != "" }

func loadSMS(p *parser) SMS {
	return SMS{
		HubtelURL:          p.str("HUBTEL_SMS_URL", "https://sms.hubtel.com/v1/messages/send"),
		HubtelClientID:     p.str("HUBTEL_SMS_CLIENT_ID", ""),
		HubtelClientSecret: p.str("HUBTEL_SMS_CLIENT_SECRET", ""),
		Sender:             p.str("DWA_SMS_SENDER", "Dwa"),
	}
}

// senderID is what Ghanaian networks accept as an alphanumeric sender.
var senderID = regexp.MustCompile(`^[A-Za-z0-9]{1,11}$`)

func (s SMS) validate(production bool) []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if (s.HubtelClientID == "") != (s.HubtelClientSecret == "") {
		bad("HUBTEL_SMS_CLIENT_ID and HUBTEL_SMS_CLIENT_SECRET must be set together")
	}
	if !senderID.MatchString(s.Sender) {
		bad("DWA_SMS_SENDER %q must be 1–11 letters or digits", s.Sender)
	}
	u, err := url.Parse(s.HubtelURL)
	switch {
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil:
		bad("HUBTEL_SMS_URL %q must be an absolute http(s) URL", s.HubtelURL)
	case production && s.Enabled() && u.Scheme == "http" && !isLoopback(u.Hostname()):
		// The API key pair travels in every request's Authorization header.
		bad("HUBTEL_SMS_URL must be https in production (http only to localhost)")
	}
	return errs
}
