package httpapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// Stream timing defaults (contract §2.7); Options may shorten them in tests.
const (
	defaultStreamPing     = 25 * time.Second
	defaultStreamLifetime = 15 * time.Minute
)

func (a *API) issueStreamTicket(w http.ResponseWriter, r *http.Request) error {
	t, err := a.svc.IssueStreamTicket(r.Context(), caller(r))
	if err != nil {
		return err
	}
	return reply(w, http.StatusCreated, map[string]any{"ticket": t,
		"expires_in": int(service.StreamTicketTTL / time.Second)})
}

// lastEventID reads Last-Event-ID (header, else ?last_event_id=); nil
// (no replay) unless it is an integer ≥ 0.
func lastEventID(r *http.Request) *int64 {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("last_event_id")
	}
	id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || id < 0 {
		return nil
	}
	return &id
}

// messageStream serves GET /store/messages/stream/: Server-Sent Events of
// the messages the caller receives. Every error is JSON, before the first
// byte of the stream.
func (a *API) messageStream(w http.ResponseWriter, r *http.Request) error {
	u := caller(r)
	if u == nil {
		ticket := r.URL.Query().Get("ticket")
		if ticket == "" {
			return service.ErrNotAuthenticated
		}
		var err error
		if u, err = a.svc.RedeemStreamTicket(r.Context(), ticket); err != nil {
			return err
		}
	}
	st, err := a.svc.OpenStream(r.Context(), u, lastEventID(r), a.streamPing)
	if err != nil {
		return err
	}
	defer st.Close()
	a.serveStream(w, r, u, st)
	return nil
}

// serveStream writes u's open stream st until the client leaves, the
// stream's lifetime ends or its lease is lost; from its first byte on, a
// failure can only end the stream.
func (a *API) serveStream(w http.ResponseWriter, r *http.Request, u *shop.User, st *service.Stream) {
	ctx := r.Context()
	rc := http.NewResponseController(w)
	// The server's read timeout guards request headers and bodies; a stream
	// has neither after this point and must outlive it.
	_ = rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprint(w, "retry: 5000\n\n"); err != nil || rc.Flush() != nil {
		return
	}
	// sent holds the ids of the events written, so that a message both
	// replayed (or re-read after FeedMissed) and announced goes out once.
	sent := make(map[int64]bool, len(st.Replay))
	if !a.writeEvents(w, rc, st.Replay, sent) {
		return
	}
	ping := time.NewTicker(a.streamPing)
	defer ping.Stop()
	end := time.NewTimer(a.streamLifetime)
	defer end.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-end.C:
			return
		case <-ping.C:
			// The heartbeat also renews the stream's lease, which is what
			// counts it against the per-user limit on every instance.
			if err := st.Renew(ctx); err != nil {
				logStreamError(r, err)
				return
			}
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case id, open := <-st.Feed:
			if !open {
				// Shutdown, or this client fell behind: it reconnects and
				// replays from its Last-Event-ID.
				return
			}
			if id == service.FeedMissed {
				// Notices were lost while the fan-out was disconnected; the
				// messages were not.
				missed, err := st.Missed(ctx)
				if err != nil {
					logStreamError(r, err)
					return
				}
				if !a.writeEvents(w, rc, missed, sent) {
					return
				}
				continue
			}
			if sent[id] {
				continue
			}
			m, err := a.svc.ReceivedMessage(ctx, u, id)
			if err != nil {
				logStreamError(r, err)
				return
			}
			if m != nil && !a.writeEvents(w, rc, []shop.Message{*m}, sent) {
				return
			}
		}
	}
}

// writeEvents writes the messages not yet sent, records them in sent and
// flushes; false when the client is gone.
func (a *API) writeEvents(w http.ResponseWriter, rc *http.ResponseController, ms []shop.Message, sent map[int64]bool) bool {
	for i := range ms {
		if sent[ms[i].ID] {
			continue
		}
		sent[ms[i].ID] = true
		if !a.writeEvent(w, &ms[i]) {
			return false
		}
	}
	return rc.Flush() == nil
}

// writeEvent writes one message event; false when the client is gone.
func (a *API) writeEvent(w http.ResponseWriter, m *shop.Message) bool {
	data, err := marshal(a.toMessageDTO(m))
	if err != nil {
		return false
	}
	_, err = fmt.Fprintf(w, "id: %d\nevent: message\ndata: %s\n\n", m.ID, data)
	return err == nil
}

// logStreamError records why an open stream ended; its status was sent
// long ago, so the client only sees the stream close and reconnects.
func logStreamError(r *http.Request, err error) {
	if errors.Is(err, context.Canceled) {
		return
	}
	slog.WarnContext(r.Context(), "message stream ended by an error", "err", err)
}
