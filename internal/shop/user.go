package shop

import (
	"strings"
	"time"
)

// User is an account of a shopper, store owner or staff member.
type User struct {
	ID           int64
	Username     string
	Email        string
	PasswordHash string
	IsStaff      bool
	IsActive     bool
	DateJoined   time.Time
	LastLogin    time.Time // zero until the first sign-in
	// PasswordChangedAt invalidates every token issued before it.
	PasswordChangedAt time.Time
}

// FoldKey is the case-insensitive uniqueness key of a username or e-mail:
// Unicode case folding done in Go so both engines compare the same bytes.
func FoldKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// RefreshToken is the server-side record of an issued refresh JWT, so that
// it can be revoked before it expires.
type RefreshToken struct {
	JTI       string
	UserID    int64
	IssuedAt  time.Time
	ExpiresAt time.Time
}

// ResetToken is a password-reset token as stored: only its SHA-256 hash.
type ResetToken struct {
	UserID    int64
	Hash      string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Complaint is a message from a visitor to the shop's support team.
type Complaint struct {
	ID        int64
	Email     string
	Text      string
	CreatedAt time.Time
	HandledAt time.Time // zero while open
}
