// Package sqldb holds the SQL that SQLite and PostgreSQL share, behind the
// Store type both engine adapters return. Engine differences (placeholders,
// error codes, locking, search) come in through Dialect; see
// docs/decisions/0002-one-sql-store-two-dialects.md.
package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Dialect describes what differs between the engines.
type Dialect struct {
	Name string // "sqlite" or "postgres"
	// Numbered is true when placeholders are $1, $2… instead of ?.
	Numbered bool
	// IsUniqueViolation and IsCheckViolation classify driver errors.
	IsUniqueViolation func(error) bool
	IsCheckViolation  func(error) bool
	// IsUnavailable reports errors meaning the database cannot be reached.
	IsUnavailable func(error) bool
	// IsRetryable reports errors after which the whole transaction may be
	// run again and succeed: a serialization failure or a deadlock victim
	// on PostgreSQL. inTx retries once on them.
	IsRetryable func(error) bool
	// ForUpdate is appended to a single-table SELECT to lock its rows for
	// the rest of the transaction: " FOR UPDATE" on PostgreSQL; empty on
	// SQLite, where BEGIN IMMEDIATE on the one writer already serialises.
	ForUpdate string
	// LockMigrations serialises migrations across processes on one
	// connection; it returns the unlock function.
	LockMigrations func(ctx context.Context, c *sql.Conn) (func(), error)
	// NotifyChange, when set, is an SQL expression over a catalogue
	// change's new sequence (the column version) that wakes the appliers of
	// every instance when the transaction recording it commits
	// (PostgreSQL's pg_notify). An engine that has it also takes the
	// sequence, stamps the products and notifies in one statement
	// (recordChange), with data-modifying WITH clauses.
	NotifyChange string
	// LockSKUs, when set, is run with a store id by a transaction that
	// writes SKUs, before it checks them: products' and variants' SKUs
	// share one namespace per store but live in two tables, so no one
	// index can refuse a clash between them (PostgreSQL's transaction
	// advisory lock; SQLite's single writer serialises already).
	LockSKUs string
	// Listen, when set, calls wake for every change notified, and when a
	// lost notification connection is back, until the returned stop is
	// called; it returns once it listens. Without it instances poll.
	Listen func(ctx context.Context, db *sql.DB, log *slog.Logger, wake func()) (stop func(), err error)
	// Analyze, when set, gathers the planner's statistics of every table
	// after a bulk load (PostgreSQL's ANALYZE; SQLite's planner needs none
	// for this schema's reads, which meet their budgets without).
	Analyze func(ctx context.Context, db *sql.DB) error
}

// DB is a pair of pools: one writer (a single connection on SQLite, where
// writes are serialised anyway) and readers. On PostgreSQL both are the same.
type DB struct {
	W, R    *sql.DB
	Dialect Dialect

	queries atomic.Int64
	retries atomic.Int64
	// beforeMigration, when set (by tests only), runs before each
	// migration's transaction begins: where another process may step in.
	beforeMigration func(Migration)
	rebindMu        sync.RWMutex
	rebound         map[string]string
	// committed, when set, runs after a transaction that recorded a
	// catalogue change has committed, with its sequence (the store waits
	// there until its own instance has applied it).
	committed func(ctx context.Context, seq int64)

	// stmts are the read pool's prepared statements, by (rebound) text:
	// see queryPrepared. At most maxPrepared; closed by Close.
	stmtMu sync.Mutex
	stmts  map[string]*sql.Stmt
}

// maxPrepared bounds the read pool's prepared statements. The texts that
// ask for one are few and fixed (the product detail reads, their IN lists
// padded to a handful of lengths), so the bound is a guard, not a cache
// policy: past it statements run unprepared.
const maxPrepared = 128

// New wraps the pools. w and r may be the same *sql.DB.
func New(w, r *sql.DB, d Dialect) *DB {
	return &DB{W: w, R: r, Dialect: d, rebound: map[string]string{}, stmts: map[string]*sql.Stmt{}}
}

// Close closes the prepared statements and both pools.
func (db *DB) Close() error {
	db.stmtMu.Lock()
	var err error
	for q, st := range db.stmts {
		err = errors.Join(err, st.Close())
		delete(db.stmts, q)
	}
	db.stmtMu.Unlock()
	err = errors.Join(err, db.W.Close())
	if db.R != db.W {
		err = errors.Join(err, db.R.Close())
	}
	return err
}

// QueryCount is the number of statements run so far; tests use it to prove
// that a request costs a constant number of queries.
func (db *DB) QueryCount() int64 { return db.queries.Load() }

// Rebind turns ? placeholders into $n for engines that need them, so that
// tests can run raw statements written once for both engines. Results are
// cached: the set of statements is small and fixed.
func (db *DB) Rebind(q string) string {
	if !db.Dialect.Numbered {
		return q
	}
	db.rebindMu.RLock()
	r, ok := db.rebound[q]
	db.rebindMu.RUnlock()
	if ok {
		return r
	}
	var b strings.Builder
	n := 0
	inStr := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			inStr = !inStr
			b.WriteByte(c)
		case c == '?' && !inStr:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	r = b.String()
	db.rebindMu.Lock()
	db.rebound[q] = r
	db.rebindMu.Unlock()
	return r
}

// queryer is what *sql.DB, *sql.Conn and *sql.Tx have in common.
type queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// conn runs statements on one queryer with rebinding, counting and error
// translation. Store methods use it for reads (readers) or inside a
// transaction (the writer).
type conn struct {
	db *DB
	q  queryer
	// tx is the transaction's change-feed state; nil outside inTx.
	tx *txState
	// uncounted leaves the statements out of QueryCount: the catalogue
	// applier's, which run in the background whatever requests do.
	uncounted bool
	// pinned is warm's transaction on one reader connection: queryPrepared
	// runs the pool's statements through it.
	pinned *sql.Tx
}

func (c conn) count() {
	if !c.uncounted {
		c.db.queries.Add(1)
	}
}

func (c conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	c.count()
	res, err := c.q.ExecContext(ctx, c.db.Rebind(query), args...)
	return res, c.db.translate(err)
}

func (c conn) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.count()
	rows, err := c.q.QueryContext(ctx, c.db.Rebind(query), args...)
	return rows, c.db.translate(err)
}

// queryPrepared is query for the hottest reads (a list page's product
// details): on the read pool it runs a statement prepared once — each
// connection of the pool prepares it the first time it runs it and keeps
// it — instead of parsing and planning the text on every call, which was
// a third of the cost of those reads on SQLite. In a transaction or on a
// single connection it is query.
func (c conn) queryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if c.q != queryer(c.db.R) && c.pinned == nil {
		return c.query(ctx, query, args...)
	}
	st, err := c.db.prepared(ctx, c.db.Rebind(query))
	if err != nil {
		return nil, c.db.translate(err)
	}
	if st == nil {
		return c.query(ctx, query, args...)
	}
	if c.pinned != nil {
		st = c.pinned.StmtContext(ctx, st)
	}
	c.count()
	rows, err := st.QueryContext(ctx, args...)
	return rows, c.db.translate(err)
}

// prepared returns the read pool's statement for query, preparing it on
// first use; nil once maxPrepared statements are kept. It prepares outside
// the lock: preparing takes a pool connection, and a caller may be holding
// one (open rows) while it waits for the lock.
func (db *DB) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	db.stmtMu.Lock()
	st, ok := db.stmts[query]
	full := len(db.stmts) >= maxPrepared
	db.stmtMu.Unlock()
	if ok || full {
		return st, nil
	}
	st, err := db.R.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	db.stmtMu.Lock()
	defer db.stmtMu.Unlock()
	if kept, ok := db.stmts[query]; ok || len(db.stmts) >= maxPrepared {
		// Another caller prepared it (or the last free place) meanwhile.
		_ = st.Close()
		return kept, nil
	}
	db.stmts[query] = st
	return st, nil
}

// PreparedStatements is how many statements the read pool keeps prepared.
func (db *DB) PreparedStatements() int {
	db.stmtMu.Lock()
	defer db.stmtMu.Unlock()
	return len(db.stmts)
}

func (c conn) queryRow(ctx context.Context, query string, args ...any) row {
	c.count()
	return row{db: c.db, r: c.q.QueryRowContext(ctx, c.db.Rebind(query), args...)}
}

// row is a *sql.Row whose Scan translates driver errors like exec and
// query do (an unreachable database becomes shop's Unavailable, a 503);
// sql.ErrNoRows passes through unchanged.
type row struct {
	db *DB
	r  *sql.Row
}

func (r row) Scan(dest ...any) error { return r.db.translate(r.r.Scan(dest...)) }

// ids runs a query of one integer column and returns its values.
func (c conn) ids(ctx context.Context, query string, args ...any) ([]int64, error) {
	rows, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// insertID runs an INSERT … RETURNING id and returns the id.
func (c conn) insertID(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	err := c.queryRow(ctx, query+" RETURNING id", args...).Scan(&id)
	return id, c.db.translate(err)
}

// reader is a conn on the read pool.
func (db *DB) reader() conn { return conn{db: db, q: db.R} }

// background is a reader for the catalogue applier, left out of QueryCount.
func (db *DB) background() conn { return conn{db: db, q: db.R, uncounted: true} }

// writer is a conn on the write pool, outside any transaction.
func (db *DB) writer() conn { return conn{db: db, q: db.W} }

// inTx runs fn in a transaction on the writer, committing when fn returns
// nil. When the engine aborts the transaction as a deadlock victim or for a
// serialization failure (Dialect.IsRetryable), it runs fn once more in a new
// transaction: the other transaction has finished by then.
//
// fn may therefore run twice, and must be safe to re-run: everything it
// does through c is rolled back, so it may only assign (never accumulate
// into) variables outside itself, and must not send mail, count metrics or
// call other services — those happen after inTx returns. Every caller in
// this package follows that rule (docs/decisions/0007).
func (db *DB) inTx(ctx context.Context, fn func(c conn) error) error {
	err := db.tryTx(ctx, fn)
	if err != nil && db.Dialect.IsRetryable != nil && db.Dialect.IsRetryable(err) && ctx.Err() == nil {
		db.retries.Add(1)
		err = db.tryTx(ctx, fn)
	}
	return err
}

// warmTxKey marks a context whose store writes are Warm's: inTx runs them
// in Warm's transaction, on the connection it warms, and leaves that
// transaction to Warm, which rolls it back.
type warmTxKey struct{}

// tryTx is one attempt of inTx.
func (db *DB) tryTx(ctx context.Context, fn func(c conn) error) error {
	if c, ok := ctx.Value(warmTxKey{}).(conn); ok {
		c.tx = &txState{}
		return fn(c)
	}
	tx, err := db.W.BeginTx(ctx, nil)
	if err != nil {
		return db.translate(err)
	}
	st := &txState{}
	if err := fn(conn{db: db, q: tx, tx: st}); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := db.translate(tx.Commit()); err != nil {
		return err
	}
	if st.seq != 0 && db.committed != nil {
		db.committed(ctx, st.seq)
	}
	return nil
}

// TxRetries is how many transactions inTx has run a second time.
func (db *DB) TxRetries() int64 { return db.retries.Load() }

// warm fills the reader pool up to n open connections and runs prime on
// each one it opens, through a transaction pinned to it and rolled back: there
// queryPrepared runs the pool's own statements (Tx.StmtContext prepares a
// pool statement on the transaction's connection and keeps it there), so
// requests find them prepared and planned on whichever connection they
// get. Connections held elsewhere (a LISTEN) count towards n, so this never
// waits for one to come back.
func (db *DB) warm(ctx context.Context, n int, prime func(ctx context.Context, c conn) error) error {
	conns := make([]*sql.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	// The statements are created first, on the pool: preparing one takes a
	// connection of its own, and later every connection may be held here.
	if err := prime(ctx, db.reader()); err != nil {
		return err
	}
	for db.R.Stats().OpenConnections < n {
		c, err := db.R.Conn(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, c)
		// Never committed: prime may write (the order path, Store.Warm).
		tx, err := c.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		err = prime(ctx, conn{db: db, q: tx, pinned: tx})
		_ = tx.Rollback()
		if err != nil {
			return err
		}
	}
	return nil
}
