package shop

import "time"

// MaxMessageLength is the longest message content in code points.
const MaxMessageLength = 2000

// Message is a note between a shopper and a store, as one participant
// sees it. Exactly one of ReceiverUserID and ReceiverStoreID is set.
type Message struct {
	ID              int64
	SenderID        int64
	SenderName      string // username
	SenderStoreID   int64  // set when an owner writes to a customer as the store
	SenderAvatar    string // the sending store's logo, "" when none
	ReceiverUserID  int64
	ReceiverStoreID int64
	// ReceiverName is the display string: store name or username.
	ReceiverName string
	// ReceiverOwnerID is the user who reads the message: the receiving user
	// or the receiving store's owner.
	ReceiverOwnerID int64
	Content         string
	IsRead          bool
	CreatedAt       time.Time
}

// ReceivedBy reports whether userID is on the receiving side.
func (m *Message) ReceivedBy(userID int64) bool { return m.ReceiverOwnerID == userID }

// StreamTicket is a single-use credential for the message stream, stored
// only as its SHA-256 hash.
type StreamTicket struct {
	Hash      string
	UserID    int64
	ExpiresAt time.Time
}
