package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"dwa/internal/shop"
)

// MessageStore keeps messages between shoppers and stores, and the
// single-use tickets that open a message stream.
type MessageStore interface {
	// Messages and Message apply the visibility rule: sender, receiving
	// user, or owner of the receiving store. Message returns nil otherwise.
	Messages(ctx context.Context, userID int64, offset, limit int) ([]shop.Message, int, error)
	Message(ctx context.Context, userID, id int64) (*shop.Message, error)
	ReceivedMessages(ctx context.Context, userID, afterID int64, since time.Time, limit int) ([]shop.Message, error)
	UnreadMessages(ctx context.Context, userID int64) (int64, error)
	SetMessageRead(ctx context.Context, id int64, read bool) error
	// CreateMessage stores m and queues its notices in one transaction.
	CreateMessage(ctx context.Context, m *shop.Message, notices ...shop.Mail) error
	ActiveStoreByID(ctx context.Context, id int64) (*shop.Store, error)
	IsStoreCustomer(ctx context.Context, storeID, userID int64) (bool, error)
	CreateStreamTicket(ctx context.Context, t shop.StreamTicket, now time.Time) error
	// RedeemStreamTicket returns the ticket's user, 0 if it is not valid.
	RedeemStreamTicket(ctx context.Context, hash string, now time.Time) (int64, error)
	// AcquireStreamLease returns a new lease id, or 0 when the user already
	// holds max unexpired leases; Renew reports false for a lease that is gone.
	AcquireStreamLease(ctx context.Context, userID int64, max int, now, expiresAt time.Time) (int64, error)
	RenewStreamLease(ctx context.Context, id int64, expiresAt time.Time) (bool, error)
	ReleaseStreamLease(ctx context.Context, id int64) error
}

// Fanout tells open message streams, on this instance and every other one
// sharing the database, that a message arrived for some users.
type Fanout interface {
	// Publish announces message id to the streams of userIDs.
	Publish(ctx context.Context, id int64, userIDs []int64) error
	// Subscribe opens a feed of new message ids for the user. The channel
	// is closed when the subscriber falls behind or the fanout shuts down;
	// ok is false once it has shut down. FeedMissed on the feed means
	// notices may have been lost (the fanout was disconnected). The
	// per-user limit is not the fanout's business: it is kept in the
	// database (stream leases).
	Subscribe(userID int64) (feed <-chan int64, cancel func(), ok bool)
}

// FeedMissed stands on a feed in place of a message id when the fanout may
// have lost notices; the stream then asks Missed for what it did not get.
// Message ids start at 1.
const FeedMissed int64 = 0

var (
	errNoMessage        = shop.NotFound("Message")
	errTicketNotValid   = &shop.Error{Kind: shop.KindUnauthenticated, Code: "ticket_not_valid", Detail: "Invalid or expired stream ticket."}
	errTooManyStreams   = &shop.Error{Kind: shop.KindRateLimited, Code: "too_many_streams", Detail: "Too many open streams."}
	errStreamsUnplugged = &shop.Error{Kind: shop.KindUnavailable, Code: "service_unavailable", Detail: "Service temporarily unavailable."}
	errStreamLeaseLost  = errors.New("stream lease expired before it was renewed")
)

// Messages returns a page of the messages the user may see, newest first.
func (s *Service) Messages(ctx context.Context, u *shop.User, offset, limit int) ([]shop.Message, int, error) {
	return s.store.Messages(ctx, u.ID, offset, limit)
}

// Message returns one message the user may see; else 404 Message.
func (s *Service) Message(ctx context.Context, u *shop.User, id int64) (*shop.Message, error) {
	m, err := s.store.Message(ctx, u.ID, id)
	if err == nil && m == nil {
		err = errNoMessage
	}
	return m, err
}

// UnreadCount counts the messages the user received and has not read.
func (s *Service) UnreadCount(ctx context.Context, u *shop.User) (int64, error) {
	return s.store.UnreadMessages(ctx, u.ID)
}

// MarkMessage sets the read flag, which belongs to the receiving side
// only. The sender gets the message back unchanged (the original client
// was answered 200 and relies on it), anyone else 404. Nothing else ever
// changes.
func (s *Service) MarkMessage(ctx context.Context, u *shop.User, id int64, read *bool) (*shop.Message, error) {
	m, err := s.Message(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if read == nil {
		return nil, shop.Invalid(map[string][]string{"is_read": {msgRequired}})
	}
	if !m.ReceivedBy(u.ID) {
		return m, nil
	}
	if err := s.store.SetMessageRead(ctx, id, *read); err != nil {
		return nil, err
	}
	m.IsRead = *read
	return m, nil
}

// NewMessage is the body of POST /store/messages/.
type NewMessage struct {
	Content                     *string
	ReceiverUser, ReceiverStore Ref
}

// SendMessage validates in the contract's order, stores the message and
// notifies the receivers' open streams. Errors about receiver_user never
// reveal whether a user id exists.
func (s *Service) SendMessage(ctx context.Context, u *shop.User, in NewMessage) (*shop.Message, error) {
	fe := shop.FieldErrors{}
	content := requiredText(fe, "content", in.Content, shop.MaxMessageLength)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if in.ReceiverUser.given() == in.ReceiverStore.given() {
		return nil, shop.Invalid(map[string][]string{"non_field_errors": {"Provide exactly one of receiver_user or receiver_store."}})
	}
	m := &shop.Message{SenderID: u.ID, Content: content, CreatedAt: s.now()}
	receivers := []int64{}
	if in.ReceiverStore.given() {
		if !in.ReceiverStore.check(fe, "receiver_store", true) {
			return nil, fe.Err()
		}
		st, err := s.store.ActiveStoreByID(ctx, in.ReceiverStore.ID)
		switch {
		case err != nil:
			return nil, err
		case st == nil:
			return nil, shop.Invalid(map[string][]string{"receiver_store": {doesNotExist(in.ReceiverStore)}})
		case st.OwnerID == u.ID:
			return nil, shop.Invalid(map[string][]string{"receiver_store": {"You cannot send a message to your own store."}})
		}
		m.ReceiverStoreID = st.ID
		receivers = append(receivers, st.OwnerID)
	} else {
		if err := s.checkCustomer(ctx, u, in.ReceiverUser, m); err != nil {
			return nil, err
		}
		receivers = append(receivers, m.ReceiverUserID)
	}
	notices, err := s.messageNotice(ctx, m)
	if err != nil {
		return nil, err
	}
	if err := s.store.CreateMessage(ctx, m, notices...); err != nil {
		return nil, err
	}
	if len(notices) > 0 {
		s.wakeMailer()
	}
	if s.fanout != nil {
		// The message is stored; a failed notification only delays it until
		// the client's poll or its next reconnect replays it.
		if err := s.fanout.Publish(ctx, m.ID, receivers); err != nil {
			s.log.WarnContext(ctx, "message fan-out failed", "err", err)
		}
	}
	return s.Message(ctx, u, m.ID)
}

// checkCustomer applies the receiver_user rules: only store owners write
// to users, never to themselves, and only to customers of their store.
func (s *Service) checkCustomer(ctx context.Context, u *shop.User, ref Ref, m *shop.Message) error {
	fe := shop.FieldErrors{}
	if !ref.check(fe, "receiver_user", true) {
		return fe.Err()
	}
	own, err := s.store.OwnedStore(ctx, u.ID)
	if err != nil {
		return err
	}
	if own == nil {
		return shop.Invalid(map[string][]string{"receiver_user": {"Only store owners can write to customers."}})
	}
	if ref.ID == u.ID {
		return shop.Invalid(map[string][]string{"receiver_user": {"You cannot send a message to yourself."}})
	}
	ok := false
	if ref.ID > 0 {
		if ok, err = s.store.IsStoreCustomer(ctx, own.ID, ref.ID); err != nil {
			return err
		}
	}
	if !ok {
		return shop.Invalid(map[string][]string{"receiver_user": {"No customer of your store has this id."}})
	}
	m.ReceiverUserID, m.SenderStoreID = ref.ID, own.ID
	return nil
}

// Stream timing (contract §2.7).
const (
	StreamTicketTTL = 60 * time.Second
	// StreamReplayWindow and StreamReplayMax bound the Last-Event-ID replay.
	StreamReplayWindow = 24 * time.Hour
	StreamReplayMax    = 100
	// MaxStreamsPerUser is how many streams one user may hold open across
	// all instances; StreamBuffer is how many notices a stream may lag
	// behind before it is dropped.
	MaxStreamsPerUser = 3
	StreamBuffer      = 64
	// streamLeaseBeats is how many heartbeats a stream's lease outlives its
	// last renewal: one late renewal does not lose it, and the leases of an
	// instance that died stop counting a few heartbeats later.
	streamLeaseBeats = 3
)

// IssueStreamTicket returns a fresh single-use ticket for the user: 256
// random bits, stored only as a hash.
func (s *Service) IssueStreamTicket(ctx context.Context, u *shop.User) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	ticket := "st_" + base64.RawURLEncoding.EncodeToString(raw)
	now := s.now()
	err := s.store.CreateStreamTicket(ctx, shop.StreamTicket{Hash: ticketHash(ticket), UserID: u.ID,
		ExpiresAt: now.Add(StreamTicketTTL)}, now)
	return ticket, err
}

func ticketHash(ticket string) string {
	sum := sha256.Sum256([]byte(ticket))
	return hex.EncodeToString(sum[:])
}

// RedeemStreamTicket consumes a ticket and returns its active user; any
// problem is the contract's 401 ticket_not_valid.
func (s *Service) RedeemStreamTicket(ctx context.Context, ticket string) (*shop.User, error) {
	id, err := s.store.RedeemStreamTicket(ctx, ticketHash(ticket), s.now())
	if err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, errTicketNotValid
	}
	u, err := s.store.UserByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if u == nil || !u.IsActive {
		return nil, errTicketNotValid
	}
	return u, nil
}

// Stream is an open message stream: first the replay, then ids of new
// messages until Feed is closed. It holds one of the user's stream leases,
// which Renew keeps alive; Close must be called when done.
type Stream struct {
	Replay []shop.Message
	Feed   <-chan int64

	svc    *Service
	lease  int64
	ttl    time.Duration
	cancel func()
	// Missed reads what user received after message id after (the
	// Last-Event-ID, else 0) and created since since (the opening of a
	// fresh stream, the replay window of a resumed one).
	user  int64
	after int64
	since time.Time
}

// OpenStream takes a stream lease for the user (429 above
// MaxStreamsPerUser across instances), subscribes to new messages and,
// when lastEventID is given, loads the replay of what they received after
// it. heartbeat is how often the caller will call Renew. Subscribing
// before the replay query means nothing sent meanwhile is missed; the
// caller drops duplicates.
func (s *Service) OpenStream(ctx context.Context, u *shop.User, lastEventID *int64, heartbeat time.Duration) (*Stream, error) {
	if s.fanout == nil {
		return nil, errStreamsUnplugged
	}
	ttl := streamLeaseBeats * heartbeat
	now := s.now()
	lease, err := s.store.AcquireStreamLease(ctx, u.ID, MaxStreamsPerUser, now, now.Add(ttl))
	if err != nil {
		return nil, err
	}
	if lease == 0 {
		return nil, errTooManyStreams
	}
	st := &Stream{svc: s, lease: lease, ttl: ttl, cancel: func() {}, user: u.ID, since: now}
	feed, cancel, ok := s.fanout.Subscribe(u.ID)
	if !ok {
		st.Close()
		return nil, errStreamsUnplugged
	}
	st.Feed, st.cancel = feed, cancel
	if lastEventID != nil {
		st.after, st.since = *lastEventID, now.Add(-StreamReplayWindow)
		replay, err := s.store.ReceivedMessages(ctx, u.ID, *lastEventID, st.since, StreamReplayMax)
		if err != nil {
			st.Close()
			return nil, err
		}
		st.Replay = replay
	}
	return st, nil
}

// Missed returns, oldest first, every message the stream could have
// carried so far (received after its Last-Event-ID, since it opened): what
// it may not have been told about when its feed says FeedMissed. The
// caller skips those it has already sent.
func (st *Stream) Missed(ctx context.Context) ([]shop.Message, error) {
	var all []shop.Message
	for after := st.after; ; {
		page, err := st.svc.store.ReceivedMessages(ctx, st.user, after, st.since, StreamReplayMax)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		if len(page) < StreamReplayMax {
			return all, nil
		}
		after = page[len(page)-1].ID
	}
}

// Renew extends the stream's lease by another few heartbeats. An error
// means the stream should end: a lease that expired may have been taken
// over by another stream, and the client's reconnect is counted afresh.
func (st *Stream) Renew(ctx context.Context) error {
	ok, err := st.svc.store.RenewStreamLease(ctx, st.lease, st.svc.now().Add(st.ttl))
	if err == nil && !ok {
		err = errStreamLeaseLost
	}
	return err
}

// Close ends the feed and releases the lease. It runs when the request is
// over, so it does not use the request's context; a release that fails
// anyway only leaves a lease that expires by itself.
func (st *Stream) Close() {
	st.cancel()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := st.svc.store.ReleaseStreamLease(ctx, st.lease); err != nil {
		st.svc.log.WarnContext(ctx, "stream lease not released", "err", err)
	}
}

// ReceivedMessage returns a message for the user's stream, or nil when the
// user is not its receiver (a notice may name several users).
func (s *Service) ReceivedMessage(ctx context.Context, u *shop.User, id int64) (*shop.Message, error) {
	m, err := s.store.Message(ctx, u.ID, id)
	if err != nil || m == nil || !m.ReceivedBy(u.ID) {
		return nil, err
	}
	return m, nil
}
