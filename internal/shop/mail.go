package shop

import "time"

// Mail is one outgoing e-mail as queued in the outbox.
type Mail struct {
	ID       int64
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
