package shop

import (
	"errors"
	"time"
)

// Mail is one outgoing message as queued in the outbox: an e-mail, or a
// text message when Channel is ChannelSMS (To is then an E.164 number and
// only Text is sent).
type Mail struct {
	ID       int64
	Channel  string // ChannelMail when empty
	To       string
	Subject  string
	Text     string
	HTML     string
	Attempts int
	// NextAttemptAt is when a sender may try (again); a claimed mail has it
	// pushed into the future so that no other instance sends it meanwhile.
	NextAttemptAt time.Time
	CreatedAt     time.Time
}

// Outbox channels.
const (
	ChannelMail = "mail"
	ChannelSMS  = "sms"
)

// SMS is a text message to an E.164 number, queued like a mail.
func SMS(to, text string, at time.Time) Mail {
	return Mail{Channel: ChannelSMS, To: to, Text: text, CreatedAt: at}
}

// ChannelOf is the channel a queued message goes by.
func (m Mail) ChannelOf() string {
	if m.Channel == "" {
		return ChannelMail
	}
	return m.Channel
}

// ErrUndeliverable marks a send that must not be retried: the provider
// refused the message itself (an invalid number, a recipient who opted
// out), not the moment.
var ErrUndeliverable = errors.New("undeliverable")
