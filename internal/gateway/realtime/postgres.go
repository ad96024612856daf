package realtime

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Postgres spreads notices across every dwa instance sharing a database:
// Publish sends a NOTIFY, and each instance's listener — one connection
// taken from the application's pool for good, driven with pgx directly —
// hands what it hears to its local Hub, its own notices included, so
// there is one delivery path.
//
// A listener that loses its connection reconnects by itself, with capped
// exponential backoff, and then tells every open feed to Resync: the
// notices sent while it was deaf are gone, the messages are not, and each
// stream re-reads them from the database. Meanwhile Check reports the
// outage, so /readyz says the instance cannot deliver in real time.
type Postgres struct {
	*Hub
	db      *sql.DB
	channel string
	log     *slog.Logger
	wait    func(ctx context.Context, attempt int) error

	mu   sync.Mutex
	down error // why the listener is not listening; nil while it is

	stop context.CancelFunc
	done sync.WaitGroup
}

// notice is the NOTIFY payload: small, well below PostgreSQL's 8000 bytes.
type notice struct {
	ID    int64   `json:"id"`
	Users []int64 `json:"u"`
}

// Reconnection and liveness timing.
const (
	// retryFirst and retryMax bound the pause before a reconnect attempt:
	// a restart or fail-over is usually over within seconds, and a
	// database that stays down is not hammered by every instance.
	retryFirst = 250 * time.Millisecond
	retryMax   = 30 * time.Second
	// idleCheck is how long the listener waits for a notice before it
	// pings its connection, so that one that died silently (no reset from
	// the peer, e.g. a dropped network path) is noticed within idleCheck +
	// pingTimeout rather than never.
	idleCheck   = 30 * time.Second
	pingTimeout = 10 * time.Second
)

// Backoff is the pause before reconnect attempt n (1, 2, …): retryFirst
// doubling up to retryMax, of which a random half is taken off so that
// instances that lost the database together do not return in lockstep.
func Backoff(attempt int) time.Duration {
	d := retryMax
	if attempt < 1 {
		attempt = 1
	}
	if attempt <= 20 {
		d = min(retryFirst<<(attempt-1), retryMax)
	}
	return d/2 + rand.N(d/2+1)
}

// SleepBackoff waits Backoff(attempt) unless ctx ends first; it is the
// default pause before a reconnect attempt.
func SleepBackoff(ctx context.Context, attempt int) error {
	t := time.NewTimer(Backoff(attempt))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Option adjusts a Postgres fan-out.
type Option func(*Postgres)

// WithRetryWait replaces the pause before each reconnect attempt (by
// default a sleep of Backoff(attempt)); tests hold the listener down with it.
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
	p := &Postgres{Hub: hub, db: db, channel: "dwa_messages:" + schema, log: log, wait: SleepBackoff}
	for _, o := range opts {
		o(p)
	}
	lctx, stop := context.WithCancel(context.Background())
	p.stop = stop
	ready := make(chan error, 1)
	p.done.Add(1)
	go p.run(lctx, ready)
	select {
	case err := <-ready:
		if err != nil {
			p.Close()
			return nil, fmt.Errorf("realtime: %w", err)
		}
		return p, nil
	case <-ctx.Done():
		p.Close()
		return nil, ctx.Err()
	}
}

// Channel is the NOTIFY channel this fan-out listens on.
func (p *Postgres) Channel() string { return p.channel }

// Check reports why the listener is not listening; nil while it is.
func (p *Postgres) Check(context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.down
}

func (p *Postgres) setDown(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = err
}

// run keeps a listener going until Close. The first connection is made for
// NewPostgres, which reports its failure through ready; every later loss
// is followed by reconnect attempts until one listens again.
func (p *Postgres) run(ctx context.Context, ready chan<- error) {
	defer p.done.Done()
	heard, err := p.listen(ctx, func() { ready <- nil })
	if !heard {
		ready <- err
		return
	}
	for attempt := 1; ctx.Err() == nil; attempt++ {
		if heard {
			attempt = 1
			p.setDown(fmt.Errorf("realtime listener disconnected: %w", err))
			p.log.Warn("realtime listener lost its connection; reconnecting", "err", err)
		} else {
			p.log.Warn("realtime listener could not reconnect; retrying", "err", err, "attempt", attempt)
		}
		if p.wait(ctx, attempt) != nil {
			return
		}
		heard, err = p.listen(ctx, p.resumed)
	}
}

// resumed runs once a reconnected listener hears again: notices sent while
// it was deaf are lost, so every open stream re-reads from the database.
func (p *Postgres) resumed() {
	p.setDown(nil)
	p.Resync()
	p.log.Info("realtime listener reconnected")
}

// listen takes a connection from the pool, LISTENs, calls listening, then
// delivers notices until the connection fails or ctx ends; heard reports
// whether it got as far as listening. The connection is then discarded,
// never returned to the pool.
func (p *Postgres) listen(ctx context.Context, listening func()) (heard bool, err error) {
	conn, err := p.db.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("connect listener: %w", err)
	}
	defer conn.Close()
	_ = conn.Raw(func(dc any) error {
		heard, err = p.serve(ctx, dc.(*stdlib.Conn).Conn(), listening)
		// A LISTENing session must not go back to the pool, and a broken
		// one cannot: either way database/sql closes it.
		return driver.ErrBadConn
	})
	return heard, err
}

// serve LISTENs on pc and delivers what it hears; see listen.
func (p *Postgres) serve(ctx context.Context, pc *pgx.Conn, listening func()) (bool, error) {
	if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{p.channel}.Sanitize()); err != nil {
		return false, fmt.Errorf("listen: %w", err)
	}
	listening()
	for {
		wctx, cancel := context.WithTimeout(ctx, idleCheck)
		n, err := pc.WaitForNotification(wctx)
		idle := wctx.Err() != nil
		cancel()
		switch {
		case err == nil:
			p.deliver(n.Payload)
		case ctx.Err() != nil:
			return true, ctx.Err()
		case idle && !pc.IsClosed():
			// Quiet for a while: make sure the connection is still alive.
			pctx, cancel := context.WithTimeout(ctx, pingTimeout)
			err = pc.Ping(pctx)
			cancel()
			if err != nil {
				return true, fmt.Errorf("ping: %w", err)
			}
		default:
			return true, err
		}
	}
}

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
	_, err = p.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, p.channel, string(payload))
	return err
}

// Close ends local streams and stops the listener.
func (p *Postgres) Close() {
	p.Hub.Close()
	p.stop()
	p.done.Wait()
}
