package realtime

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"dwa/internal/gateway/pglisten"
)

// Postgres spreads notices across every dwa instance sharing a database:
// Publish sends a NOTIFY, and each instance's listener (pglisten) hands
// what it hears to its local Hub, its own notices included, so there is
// one delivery path.
//
// A listener that loses its connection reconnects by itself, with capped
// exponential backoff, and then tells every open feed to Resync: the
// notices sent while it was deaf are gone, the messages are not, and each
// stream re-reads them from the database. Meanwhile Check reports the
// outage, so /readyz says the instance cannot deliver in real time.
type Postgres struct {
	*Hub
	db       *sql.DB
	log      *slog.Logger
	wait     func(ctx context.Context, attempt int) error
	listener *pglisten.Listener
}

// notice is the NOTIFY payload: small, well below PostgreSQL's 8000 bytes.
type notice struct {
	ID    int64   `json:"id"`
	Users []int64 `json:"u"`
}

// Option adjusts a Postgres fan-out.
type Option func(*Postgres)

// WithRetryWait replaces the pause before each reconnect attempt (by
// default a sleep of pglisten.Backoff(attempt)); tests hold the listener
// down with it.
func WithRetryWait(wait func(ctx context.Context, attempt int) error) Option {
	return func(p *Postgres) { p.wait = wait }
}

// NewPostgres starts the listener on db (a pgx database/sql pool) and
// returns once it is listening, so nothing published afterwards is
// missed. The channel is named after the pool's schema, so deployments
// sharing one database (or parallel tests) do not hear each other.
func NewPostgres(ctx context.Context, db *sql.DB, hub *Hub, log *slog.Logger, opts ...Option) (*Postgres, error) {
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return nil, fmt.Errorf("realtime: %w", err)
	}
	p := &Postgres{Hub: hub, db: db, log: log}
	for _, o := range opts {
		o(p)
	}
	l, err := pglisten.Start(ctx, db, "dwa_messages:"+schema, "realtime", log,
		pglisten.Handler{Notice: p.deliver, Resumed: hub.Resync, Wait: p.wait})
	if err != nil {
		hub.Close()
		return nil, fmt.Errorf("realtime: %w", err)
	}
	p.listener = l
	return p, nil
}

// Channel is the NOTIFY channel this fan-out listens on.
func (p *Postgres) Channel() string { return p.listener.Channel() }

// Check reports why the listener is not listening; nil while it is.
func (p *Postgres) Check(ctx context.Context) error { return p.listener.Check(ctx) }

// deliver hands one notice to the local hub.
func (p *Postgres) deliver(payload string) {
	var msg notice
	err := json.Unmarshal([]byte(payload), &msg)
	if err == nil && msg.ID == Missed {
		err = errors.New("no message id")
	}
	if err != nil {
		p.log.Warn("realtime: malformed notice ignored", "err", err)
		return
	}
	p.Deliver(msg.ID, msg.Users)
}

// Publish notifies every listening instance, this one included. It runs
// after the message's transaction committed, so listeners can read it.
func (p *Postgres) Publish(ctx context.Context, id int64, userIDs []int64) error {
	payload, err := json.Marshal(notice{ID: id, Users: userIDs})
	if err != nil {
		return err
	}
	_, err = p.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, p.Channel(), string(payload))
	return err
}

// Close ends local streams and stops the listener.
func (p *Postgres) Close() {
	p.Hub.Close()
	p.listener.Close()
}
