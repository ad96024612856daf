// Package realtime fans new-message notices out to open message streams:
// Hub within one process (SQLite, tests), Postgres across every instance
// sharing a PostgreSQL database via LISTEN/NOTIFY.
package realtime

import (
	"context"
	"sync"
)

// Missed is sent on a feed in place of a message id when notices may have
// been lost (the PostgreSQL listener was disconnected): the subscriber
// re-reads from the database what it may have missed. Message ids start at
// 1, so it is never an id.
const Missed int64 = 0

// Hub delivers notices to the subscribers of this process. Delivery never
// blocks: each subscriber has a bounded buffer, and one that falls behind
// is dropped (its channel closed) so a slow client cannot hold up others;
// it reconnects and catches up with Last-Event-ID.
type Hub struct {
	buffer int

	mu     sync.Mutex
	subs   map[int64]map[*sub]struct{}
	closed bool
}

type sub struct {
	ch     chan int64
	closed bool // guarded by Hub.mu
}

// NewHub makes a hub whose subscriptions buffer up to buffer notices.
func NewHub(buffer int) *Hub {
	return &Hub{buffer: buffer, subs: map[int64]map[*sub]struct{}{}}
}

// Subscribe opens a feed for the user; ok is false when the hub is closed.
// How many streams a user may open is limited by the service, across
// instances, not here.
func (h *Hub) Subscribe(userID int64) (<-chan int64, func(), bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, nil, false
	}
	s := &sub{ch: make(chan int64, h.buffer)}
	if h.subs[userID] == nil {
		h.subs[userID] = map[*sub]struct{}{}
	}
	h.subs[userID][s] = struct{}{}
	return s.ch, func() { h.remove(userID, s) }, true
}

// remove forgets a subscriber and closes its feed; callers hold no lock.
func (h *Hub) remove(userID int64, s *sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.drop(userID, s)
}

// drop closes s once; h.mu is held.
func (h *Hub) drop(userID int64, s *sub) {
	if s.closed {
		return
	}
	s.closed = true
	close(s.ch)
	delete(h.subs[userID], s)
	if len(h.subs[userID]) == 0 {
		delete(h.subs, userID)
	}
}

// Deliver hands message id to every feed of the given users.
func (h *Hub) Deliver(id int64, userIDs []int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range userIDs {
		for s := range h.subs[u] {
			select {
			case s.ch <- id:
			default:
				h.drop(u, s)
			}
		}
	}
}

// Publish delivers within this process.
func (h *Hub) Publish(_ context.Context, id int64, userIDs []int64) error {
	h.Deliver(id, userIDs)
	return nil
}

// Streams counts the open feeds (for tests and metrics).
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, ss := range h.subs {
		n += len(ss)
	}
	return n
}

// Resync tells every feed that notices may have been lost, so that each
// stream re-reads what it missed. A feed with no room left for the signal
// is dropped instead: its client reconnects and replays with Last-Event-ID.
func (h *Hub) Resync() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for u, ss := range h.subs {
		for s := range ss {
			select {
			case s.ch <- Missed:
			default:
				h.drop(u, s)
			}
		}
	}
}

// DropAll closes every feed, so that clients reconnect and replay what
// they missed; the hub stays open.
func (h *Hub) DropAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for u, ss := range h.subs {
		for s := range ss {
			h.drop(u, s)
		}
	}
}

// Close ends every feed and refuses new ones: streams finish cleanly when
// the server shuts down.
func (h *Hub) Close() {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	h.DropAll()
}
