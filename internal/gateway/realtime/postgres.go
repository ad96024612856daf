package realtime

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"log/slog"
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
type Postgres struct {
	*Hub
	db      *sql.DB
	channel string
	log     *slog.Logger

	stop context.CancelFunc
	done sync.WaitGroup
}

// notice is the NOTIFY payload: small, well below PostgreSQL's 8000 bytes.
type notice struct {
	ID    int64   `json:"id"`
	Users []int64 `json:"u"`
}

// retryEvery is the pause before the listener reconnects.
const retryEvery = time.Second

// NewPostgres starts the listener on db (a pgx database/sql pool) and
// returns once it is listening, so nothing published afterwards is
// missed. The channel is named after the pool's schema, so deployments
// sharing one database (or parallel tests) do not hear each other.
func NewPostgres(ctx context.Context, db *sql.DB, hub *Hub, log *slog.Logger) (*Postgres, error) {
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return nil, fmt.Errorf("realtime: %w", err)
	}
	p := &Postgres{Hub: hub, db: db, channel: "dwa_messages:" + schema, log: log}
	lctx, stop := context.WithCancel(context.Background())
	p.stop = stop
	ready := make(chan error, 1)
	p.done.Add(1)
	go p.run(lctx, ready)
	select {
	case err := <-ready:
		if err != nil {
			p.Close()
			return nil, err
		}
		return p, nil
	case <-ctx.Done():
		p.Close()
		return nil, ctx.Err()
	}
}

// run keeps a listener going until Close, reconnecting after failures.
// ready receives the outcome of the first LISTEN.
func (p *Postgres) run(ctx context.Context, ready chan<- error) {
	defer p.done.Done()
	first := true
	for {
		err := p.listen(ctx, func(err error) {
			if first {
				ready <- err
			} else if err == nil {
				// Notices sent while we were deaf are lost: end every stream
				// so the clients reconnect and replay with Last-Event-ID.
				p.DropAll()
			}
		})
		if first && err != nil {
			return // NewPostgres reports it
		}
		first = false
		if ctx.Err() != nil {
			return
		}
		p.log.Warn("realtime listener lost its connection; reconnecting", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(retryEvery):
		}
	}
}

// listen takes a connection from the pool, LISTENs, reports that through
// started, then delivers notices until the connection fails or ctx ends.
// The connection is then discarded, never returned to the pool.
func (p *Postgres) listen(ctx context.Context, started func(error)) error {
	conn, err := p.db.Conn(ctx)
	if err != nil {
		started(fmt.Errorf("realtime: connect listener: %w", err))
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{p.channel}.Sanitize()); err != nil {
			started(fmt.Errorf("realtime: listen: %w", err))
			return driver.ErrBadConn
		}
		started(nil)
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				p.log.Debug("realtime listener stopped", "err", err)
				return driver.ErrBadConn
			}
			var msg notice
			if err := json.Unmarshal([]byte(n.Payload), &msg); err != nil {
				p.log.Warn("realtime: malformed notice ignored", "err", err)
				continue
			}
			p.Deliver(msg.ID, msg.Users)
		}
	})
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
