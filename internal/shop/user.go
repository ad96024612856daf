package shop

import (
	"strings"
	"time"
)

// User is an account of a shopper, store owner or staff member.
type User struct {
	ID       int64
	Username string
	Email    string // empty for an account made with a phone number only
	// Phone is the verified mobile number in E.164 form, empty when none.
	Phone string
	// PasswordHash is empty for an account that signs in by SMS code only.
	PasswordHash string
	IsStaff      bool
	IsActive     bool
	DateJoined   time.Time
	LastLogin    time.Time // zero until the first sign-in
	// PasswordChangedAt invalidates every token issued before it.
	PasswordChangedAt time.Time
	// DeliveryRegion is the region chosen for delivery quotes ("" = none).
	DeliveryRegion string
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

// Purposes of a one-time code sent by SMS.
const (
	CodeSignIn = "signin" // signs in, or signs a new number up
	CodeVerify = "verify" // adds the number to the signed-in account
	CodeReset  = "reset"  // sets a new password of the number's account
)

// PhoneCode is a one-time code as stored: only a keyed hash of it.
type PhoneCode struct {
	ID        int64
	Phone     string // E.164
	Purpose   string
	UserID    int64 // the account a verify or reset code is for; 0 for sign-in
	Hash      string
	Tries     int
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Kinds of notice a shopper chooses channels for.
const (
	NoticePlaced    = "placed"    // an order was placed (waits for payment)
	NoticePaid      = "paid"      // an order's payment was received
	NoticeShipped   = "shipped"   // a store shipped its part of an order
	NoticeDelivered = "delivered" // a store delivered its part
	NoticeRefund    = "refund"    // money of an order was given back
	NoticeMessage   = "message"   // a store wrote
)

// NoticeKinds lists them in the order they are shown.
var NoticeKinds = []string{NoticePlaced, NoticePaid, NoticeShipped, NoticeDelivered, NoticeRefund, NoticeMessage}

// Channels are the ways a kind of notice goes out.
type Channels struct{ Email, SMS bool }

// NoticePrefs maps every kind to its channels; a kind the shopper never
// chose goes by every channel.
type NoticePrefs map[string]Channels

// DefaultNoticePrefs is every kind by every channel.
func DefaultNoticePrefs() NoticePrefs {
	p := NoticePrefs{}
	for _, k := range NoticeKinds {
		p[k] = Channels{Email: true, SMS: true}
	}
	return p
}
