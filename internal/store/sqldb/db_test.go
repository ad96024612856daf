package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
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

// TestQueryPrepared: a read on the pool prepares its text once and runs the
// kept statement after; a transaction's reads are not kept; past
// maxPrepared texts run unprepared; Close closes every kept statement.
func TestQueryPrepared(t *testing.T) {
	ctx := context.Background()
	db := testDB(t)
	if _, err := db.W.Exec(`INSERT INTO t (n) VALUES (1), (2), (3)`); err != nil {
		t.Fatal(err)
	}
	sum := func(c conn, q string, args ...any) int {
		t.Helper()
		rows, err := c.queryPrepared(ctx, q, args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		total := 0
		for rows.Next() {
			var n int
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			total += n
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return total
	}
	const q = `SELECT n FROM t WHERE n >= ?`
	if got := sum(db.reader(), q, 2); got != 5 {
		t.Fatalf("sum = %d; want 5", got)
	}
	kept := db.stmts[q]
	before := db.QueryCount()
	if got := sum(db.reader(), q, 1); got != 6 || db.stmts[q] != kept || db.PreparedStatements() != 1 {
		t.Fatalf("second run: sum %d, statement kept %v, %d prepared", got, db.stmts[q] == kept, db.PreparedStatements())
	}
	if db.QueryCount() != before+1 {
		t.Errorf("a prepared read counted %d statements; want 1", db.QueryCount()-before)
	}
	err := db.inTx(ctx, func(c conn) error {
		if got := sum(c, `SELECT n FROM t WHERE n <= ?`, 2); got != 3 {
			t.Errorf("in a transaction: sum %d; want 3", got)
		}
		return nil
	})
	if err != nil || db.PreparedStatements() != 1 {
		t.Fatalf("a transaction's read was kept: %d prepared, %v", db.PreparedStatements(), err)
	}
	for i := 1; i < maxPrepared+5; i++ {
		if got := sum(db.reader(), q+fmt.Sprintf(" AND %d > 0", i), 3); got != 3 {
			t.Fatalf("text %d: sum %d; want 3", i, got)
		}
	}
	if n := db.PreparedStatements(); n != maxPrepared {
		t.Fatalf("%d statements kept; want the bound, %d", n, maxPrepared)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if db.PreparedStatements() != 0 {
		t.Errorf("Close left %d statements", db.PreparedStatements())
	}
	if _, err := kept.Query(1); err == nil || !strings.Contains(err.Error(), "statement is closed") {
		t.Errorf("a kept statement after Close: %v; want it closed", err)
	}
}

func TestPaddedIDs(t *testing.T) {
	for _, tc := range []struct{ n, padded int }{
		{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 6}, {6, 6}, {7, 8}, {9, 12}, {13, 16}, {17, 24}, {24, 24},
		{25, 32}, {33, 48}, {100, 128}, {129, 192}, {256, 256}, {257, 257},
	} {
		ids := make([]int64, tc.n)
		for i := range ids {
			ids[i] = int64(10 + i)
		}
		got := paddedIDs(ids)
		if len(got) != tc.padded {
			t.Errorf("%d ids padded to %d; want %d", tc.n, len(got), tc.padded)
			continue
		}
		for i, v := range got {
			if want := ids[min(i, tc.n-1)]; v != want {
				t.Errorf("%d ids: [%d] = %v; want %d", tc.n, i, v, want)
				break
			}
		}
	}
}
