package sqldb

import (
	"context"
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

// Migrate applies every migration not yet recorded, each in its own
// transaction, and returns how many it applied. Concurrent callers (several
// instances starting at once) are serialised by the dialect's lock.
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
	applied, err := appliedVersions(ctx, conn{db: db, q: c})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, m := range migrations {
		if applied[m.Version] {
			continue
		}
		tx, err := c.BeginTx(ctx, nil)
		if err != nil {
			return n, err
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			_ = tx.Rollback()
			return n, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
			m.Version, m.Name, time.Now().UnixMilli()); err != nil {
			_ = tx.Rollback()
			return n, fmt.Errorf("record migration %s: %w", m.Name, err)
		}
		if err := tx.Commit(); err != nil {
			return n, fmt.Errorf("commit migration %s: %w", m.Name, err)
		}
		n++
	}
	return n, nil
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
