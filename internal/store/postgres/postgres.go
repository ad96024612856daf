// Package postgres is the storage engine for scale: several dwa instances
// can share one PostgreSQL database (DATABASE_URL).
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver

	"dwa/internal/gateway/pglisten"
	"dwa/internal/store/sqldb"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations returns the embedded, numbered migration files.
func Migrations() ([]sqldb.Migration, error) {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	return sqldb.LoadMigrations(sub)
}

// migrationLockID is an arbitrary constant naming dwa's advisory lock.
const migrationLockID = 0x647761 // "dwa"

// skuLockClass is the first key of the advisory locks on a store's SKUs.
const skuLockClass = "6584921"

var dialect = sqldb.Dialect{
	Name:              "postgres",
	Numbered:          true,
	ForUpdate:         " FOR UPDATE",
	IsUniqueViolation: hasState("23505"),
	IsCheckViolation:  hasState("23514"),
	// serialization_failure and deadlock_detected: the transaction was
	// rolled back for another's sake and may simply be run again.
	IsRetryable: hasState("40001", "40P01"),
	IsUnavailable: func(err error) bool {
		var ce *pgconn.ConnectError
		var ne net.Error
		return errors.As(err, &ce) || errors.As(err, &ne) || hasState("57P01", "57P02", "57P03", "08000", "08003", "08006")(err)
	},
	// The channel is named after the schema, as the realtime fan-out's,
	// so deployments (or tests) sharing one database do not hear each other.
	NotifyChange: `pg_notify('dwa_catalogue:' || current_schema(), CAST(version AS TEXT))`,
	Listen:       listenForChanges,
	Analyze:      analyze,
	// Class skuLockClass, key the store id (folded into 32 bits: a clash
	// of two stores only makes them wait for each other).
	LockSKUs: `SELECT pg_advisory_xact_lock(` + skuLockClass + `, CAST(? % 2147483647 AS INTEGER))`,
	LockMigrations: func(ctx context.Context, c *sql.Conn) (func(), error) {
		if _, err := c.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLockID); err != nil {
			return nil, err
		}
		return func() {
			_, _ = c.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, migrationLockID)
		}, nil
	},
}

// listenForChanges wakes the catalogue applier for every change another
// transaction notified (NotifyChange), and when its connection is back
// after a loss; see pglisten.
func listenForChanges(ctx context.Context, db *sql.DB, log *slog.Logger, wake func()) (func(), error) {
	var schema string
	if err := db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return nil, err
	}
	l, err := pglisten.Start(ctx, db, "dwa_catalogue:"+schema, "catalogue", log,
		pglisten.Handler{Notice: func(string) { wake() }, Resumed: wake})
	if err != nil {
		return nil, err
	}
	return l.Close, nil
}

// analyze gathers the statistics of the schema's tables (of this schema
// only: a database may hold others, such as the benchmarks' and tests').
func analyze(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema()
		ORDER BY tablename`)
	if err != nil {
		return err
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return err
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(tables) == 0 {
		return err
	}
	_, err = db.ExecContext(ctx, `ANALYZE `+strings.Join(tables, ", "))
	return err
}

func hasState(codes ...string) func(error) bool {
	return func(err error) bool {
		var e *pgconn.PgError
		if !errors.As(err, &e) {
			return false
		}
		for _, c := range codes {
			if e.Code == c {
				return true
			}
		}
		return false
	}
}

// Open connects to the database at url (postgres://…). maxConns bounds the pool.
func Open(ctx context.Context, url string, maxConns int) (*sqldb.Store, error) {
	migrations, err := Migrations()
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, err
	}
	return sqldb.NewStore(sqldb.New(db, db, dialect), migrations), nil
}
