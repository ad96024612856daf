package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Migration is one numbered SQL file.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// LoadMigrations reads NNNN_name.sql files from fsys in version order.
func LoadMigrations(fsys fs.FS) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var out []Migration
	seen := map[int]string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %q: name must start with a positive number and _", name)
		}
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %q and %q share version %d", prev, name, v)
		}
		seen[v] = name
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: name, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

const createVersionsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
    version    BIGINT PRIMARY KEY,
    name       TEXT   NOT NULL,
    applied_at BIGINT NOT NULL
)`

// ErrSchemaTooNew is returned (wrapped) by Migrate when the database has a
// migration applied that this binary does not know: it was migrated by a
// newer dwa, and this one would misread it.
var ErrSchemaTooNew = errors.New("database schema is newer than this dwa binary")

// Migrate applies every migration not yet recorded, each in its own
// transaction, and returns how many it applied. Concurrent callers (several
// instances starting at once) are serialised by the dialect's lock on
// PostgreSQL; on SQLite each migration's transaction begins IMMEDIATE, and
// whether its version is applied is read inside that transaction, so of
// two processes starting together the second sees the first's work.
func (db *DB) Migrate(ctx context.Context, migrations []Migration) (int, error) {
	c, err := db.W.Conn(ctx)
	if err != nil {
		return 0, db.translate(err)
	}
	defer c.Close()
	unlock, err := db.Dialect.LockMigrations(ctx, c)
	if err != nil {
		return 0, fmt.Errorf("lock migrations: %w", err)
	}
	defer unlock()
	if _, err := c.ExecContext(ctx, createVersionsTable); err != nil {
		return 0, fmt.Errorf("create schema_migrations: %w", err)
	}
	if err := db.refuseNewer(ctx, c, migrations); err != nil {
		return 0, err
	}
	n := 0
	for _, m := range migrations {
		applied, err := db.apply(ctx, c, m)
		if err != nil {
			return n, err
		}
		if applied {
			n++
		}
	}
	return n, nil
}

// refuseNewer fails when the database records a version above the last
// of migrations.
func (db *DB) refuseNewer(ctx context.Context, c *sql.Conn, migrations []Migration) error {
	known := 0
	if len(migrations) > 0 {
		known = migrations[len(migrations)-1].Version
	}
	var newest int
	if err := (conn{db: db, q: c}).queryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).
		Scan(&newest); err != nil {
		return fmt.Errorf("read schema_migrations: %w", err)
	}
	if newest > known {
		return fmt.Errorf("%w: it has migration %d applied, this binary knows migrations up to %d; "+
			"run the newer dwa (or restore a backup taken before it migrated)", ErrSchemaTooNew, newest, known)
	}
	return nil
}

// apply runs one migration unless its version is recorded, reading that
// inside the migration's transaction; false when it was applied already.
func (db *DB) apply(ctx context.Context, c *sql.Conn, m Migration) (bool, error) {
	if db.beforeMigration != nil {
		db.beforeMigration(m)
	}
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		return false, db.translate(err)
	}
	defer func() { _ = tx.Rollback() }()
	var done int
	if err := (conn{db: db, q: tx}).queryRow(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`,
		m.Version).Scan(&done); err != nil {
		return false, fmt.Errorf("read schema_migrations: %w", err)
	}
	if done > 0 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return false, fmt.Errorf("migration %s: %w", m.Name, err)
	}
	if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
		m.Version, m.Name, time.Now().UnixMilli()); err != nil {
		return false, fmt.Errorf("record migration %s: %w", m.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("commit migration %s: %w", m.Name, err)
	}
	return true, nil
}

// PendingMigrations reports how many migrations are not applied yet; the
// readiness check uses it.
func (db *DB) PendingMigrations(ctx context.Context, migrations []Migration) (int, error) {
	applied, err := appliedVersions(ctx, db.reader())
	if err != nil {
		return 0, err
	}
	n := 0
	for _, m := range migrations {
		if !applied[m.Version] {
			n++
		}
	}
	return n, nil
}

func appliedVersions(ctx context.Context, c conn) (map[int]bool, error) {
	rows, err := c.query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	defer rows.Close()
	out := map[int]bool{}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out[v] = true
	}
	return out, rows.Err()
}
