package sqldb

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// TestMigrateReadsVersionsInsideItsTransaction: process B has looked at the
// schema and is about to begin its first migration when process A migrates
// the same SQLite file completely. B must then apply nothing and fail
// nothing, which it can only know by reading the applied versions inside
// its own (IMMEDIATE) transaction.
func TestMigrateReadsVersionsInsideItsTransaction(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	open := func() *DB {
		w, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)")
		if err != nil {
			t.Fatal(err)
		}
		w.SetMaxOpenConns(1)
		t.Cleanup(func() { _ = w.Close() })
		never := func(error) bool { return false }
		return New(w, w, Dialect{Name: "sqlite", IsUniqueViolation: never, IsCheckViolation: never, IsUnavailable: never,
			LockMigrations: func(context.Context, *sql.Conn) (func(), error) { return func() {}, nil }})
	}
	migrations := []Migration{
		{Version: 1, Name: "0001_a.sql", SQL: `CREATE TABLE a (x INTEGER)`},
		{Version: 2, Name: "0002_b.sql", SQL: `CREATE TABLE b (x INTEGER)`},
	}
	a, b := open(), open()
	stepIn := true
	b.beforeMigration = func(Migration) {
		if !stepIn {
			return
		}
		stepIn = false
		if n, err := a.Migrate(ctx, migrations); n != 2 || err != nil {
			t.Errorf("A's Migrate = %d, %v; want 2, nil", n, err)
		}
	}
	if n, err := b.Migrate(ctx, migrations); n != 0 || err != nil {
		t.Fatalf("B's Migrate = %d, %v; want 0, nil (A applied both)", n, err)
	}
}
