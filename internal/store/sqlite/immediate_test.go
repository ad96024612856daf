package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	dwasqlite "dwa/internal/store/sqlite"
)

// TestWriterTransactionsBeginImmediate: the writer's transactions take the
// write lock when they begin, before their first statement (BEGIN
// IMMEDIATE), so a transaction never reads under a shared lock and then
// fails to upgrade it, and writers are serialised in the order they began
// (docs/decisions/0007). While one is open, another writer on the file is
// refused at once, although the transaction has not written anything.
func TestWriterTransactionsBeginImmediate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dwa.db")
	st, err := dwasqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	tx, err := st.DB().W.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()

	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = other.Exec(`UPDATE search_meta SET version = version WHERE id = 1`)
	var se *sqlite.Error
	if !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY {
		t.Fatalf("write beside an open writer transaction = %v; want SQLITE_BUSY (the transaction holds the write lock)", err)
	}
}
