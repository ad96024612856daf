package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite" // the driver only: the engine package imports this one
)

// errVictim stands for an engine's deadlock or serialization failure.
var errVictim = errors.New("deadlock victim")

func testDB(t *testing.T) *DB {
	t.Helper()
	w, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "tx.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = w.Close() })
	never := func(error) bool { return false }
	db := New(w, w, Dialect{Name: "test", IsUniqueViolation: never, IsCheckViolation: never, IsUnavailable: never,
		IsRetryable: func(err error) bool { return errors.Is(err, errVictim) }})
	if _, err := w.Exec(`CREATE TABLE t (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestInTxRetriesOnce: a transaction the engine rolled back for another's
// sake runs once more; its first attempt's writes are gone; other errors,
// and a second failure, are returned as they are.
func TestInTxRetriesOnce(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		failures []error // what the attempts return, in order; nil = success
		runs     int
		err      error
		rows     int
	}{
		{"victim once, then commits", []error{errVictim, nil}, 2, nil, 1},
		{"victim twice", []error{errVictim, errVictim}, 2, errVictim, 0},
		{"other error", []error{sql.ErrConnDone}, 1, sql.ErrConnDone, 0},
		{"success", []error{nil}, 1, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := testDB(t)
			runs := 0
			err := db.inTx(ctx, func(c conn) error {
				runs++
				if _, err := c.exec(ctx, `INSERT INTO t (n) VALUES (?)`, runs); err != nil {
					return err
				}
				return tc.failures[runs-1]
			})
			if runs != tc.runs || !errors.Is(err, tc.err) || (tc.err == nil && err != nil) {
				t.Fatalf("ran %d times, err %v; want %d, %v", runs, err, tc.runs, tc.err)
			}
			var rows int
			if err := db.W.QueryRow(`SELECT COUNT(*) FROM t`).Scan(&rows); err != nil || rows != tc.rows {
				t.Fatalf("%d rows (%v); want %d", rows, err, tc.rows)
			}
			if want := int64(tc.runs - 1); db.TxRetries() != want {
				t.Fatalf("TxRetries = %d; want %d", db.TxRetries(), want)
			}
		})
	}
}
