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
}

// FoldKey is the case-insensitive uniqueness key of a username or e-mail:
// Unicode case folding done in Go so both engines compare the same bytes.
func FoldKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
