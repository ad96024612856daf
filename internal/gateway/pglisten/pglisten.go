// Package pglisten keeps a PostgreSQL LISTEN session going for as long as a
// process needs it: on a connection taken from the application's pool for
// good, driven with pgx directly, reconnecting by itself after any loss.
// The realtime message fan-out and the catalogue change feed both listen
// through it.
package pglisten

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

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

// Handler is what a listener does with what happens to it.
type Handler struct {
	// Notice receives each payload heard, in order, on the listener's
	// goroutine.
	Notice func(payload string)
	// Resumed runs when a reconnected listener hears again: notices sent
	// while it was deaf are lost, and the owner catches up from the
	// database.
	Resumed func()
	// Wait is the pause before reconnect attempt n; nil means
	// SleepBackoff. Tests hold a listener down with it.
	Wait func(ctx context.Context, attempt int) error
}

// Listener is one LISTEN kept alive on a channel.
type Listener struct {
	db      *sql.DB
	channel string
	name    string
	log     *slog.Logger
	h       Handler

	mu   sync.Mutex
	down error // why the listener is not listening; nil while it is

	stop context.CancelFunc
	done sync.WaitGroup
}

// Start listens on channel using a connection of db (a pgx database/sql
// pool) and returns once it is listening, so nothing notified afterwards
// is missed. name labels its log lines.
func Start(ctx context.Context, db *sql.DB, channel, name string, log *slog.Logger, h Handler) (*Listener, error) {
	if h.Wait == nil {
		h.Wait = SleepBackoff
	}
	l := &Listener{db: db, channel: channel, name: name, log: log, h: h}
	lctx, stop := context.WithCancel(context.Background())
	l.stop = stop
	ready := make(chan error, 1)
	l.done.Add(1)
	go l.run(lctx, ready)
	select {
	case err := <-ready:
		if err != nil {
			l.Close()
			return nil, err
		}
		return l, nil
	case <-ctx.Done():
		l.Close()
		return nil, ctx.Err()
	}
}

// Channel is the NOTIFY channel listened on.
func (l *Listener) Channel() string { return l.channel }

// Check reports why the listener is not listening; nil while it is.
func (l *Listener) Check(context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.down
}

func (l *Listener) setDown(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.down = err
}

// Close stops the listener and waits for its goroutine.
func (l *Listener) Close() {
	l.stop()
	l.done.Wait()
}

// run keeps a listener going until Close. The first connection is made for
// Start, which reports its failure through ready; every later loss is
// followed by reconnect attempts until one listens again.
func (l *Listener) run(ctx context.Context, ready chan<- error) {
	defer l.done.Done()
	heard, err := l.listen(ctx, func() { ready <- nil })
	if !heard {
		ready <- err
		return
	}
	for attempt := 1; ctx.Err() == nil; attempt++ {
		if heard {
			attempt = 1
			l.setDown(fmt.Errorf("%s listener disconnected: %w", l.name, err))
			l.log.Warn(l.name+" listener lost its connection; reconnecting", "err", err)
		} else {
			l.log.Warn(l.name+" listener could not reconnect; retrying", "err", err, "attempt", attempt)
		}
		if l.h.Wait(ctx, attempt) != nil {
			return
		}
		heard, err = l.listen(ctx, l.resumed)
	}
}

func (l *Listener) resumed() {
	l.setDown(nil)
	l.h.Resumed()
	l.log.Info(l.name + " listener reconnected")
}

// listen takes a connection from the pool, LISTENs, calls listening, then
// delivers notices until the connection fails or ctx ends; heard reports
// whether it got as far as listening. The connection is then discarded,
// never returned to the pool.
func (l *Listener) listen(ctx context.Context, listening func()) (heard bool, err error) {
	conn, err := l.db.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("connect listener: %w", err)
	}
	defer conn.Close()
	_ = conn.Raw(func(dc any) error {
		heard, err = l.serve(ctx, dc.(*stdlib.Conn).Conn(), listening)
		// A LISTENing session must not go back to the pool, and a broken
		// one cannot: either way database/sql closes it.
		return driver.ErrBadConn
	})
	return heard, err
}

// serve LISTENs on pc and delivers what it hears; see listen.
func (l *Listener) serve(ctx context.Context, pc *pgx.Conn, listening func()) (bool, error) {
	if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{l.channel}.Sanitize()); err != nil {
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
			l.h.Notice(n.Payload)
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
