// Package sqlite is the default, zero-set-up storage engine: one file in the
// data directory, WAL mode, one writer connection and a pool of readers.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"runtime"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

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

var dialect = sqldb.Dialect{
	Name:              "sqlite",
	IsUniqueViolation: hasCode(sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY),
	IsCheckViolation:  hasCode(sqlite3.SQLITE_CONSTRAINT_CHECK),
	IsUnavailable:     hasCode(sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB),
	// No retries: writer transactions begin IMMEDIATE (dsn's _txlock), so
	// they take the write lock before reading anything and wait for it
	// (busy_timeout) instead of deadlocking or failing to upgrade; a
	// SQLITE_BUSY after that wait is an outage, not a conflict to retry.
	IsRetryable: nil,
	// The single writer connection and BEGIN IMMEDIATE already serialise
	// migrations, within a process and across processes.
	LockMigrations: func(context.Context, *sql.Conn) (func(), error) { return func() {}, nil },
}

func hasCode(codes ...int) func(error) bool {
	return func(err error) bool {
		var e *sqlite.Error
		if !errors.As(err, &e) {
			return false
		}
		for _, c := range codes {
			if e.Code() == c || e.Code()&0xff == c {
				return true
			}
		}
		return false
	}
}

// Open opens (creating if needed) the database file at path.
func Open(path string) (*sqldb.Store, error) {
	migrations, err := Migrations()
	if err != nil {
		return nil, err
	}
	w, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, err
	}
	// SQLite has one writer at a time; a single connection turns lock
	// contention inside the process into a Go-side queue instead of
	// SQLITE_BUSY retries.
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	r, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		_ = w.Close()
		return nil, err
	}
	readers := max(4, runtime.NumCPU()*2)
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	// The writer creates the file and switches it to WAL before readers open.
	if err := w.Ping(); err != nil {
		_ = w.Close()
		_ = r.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return sqldb.NewStore(sqldb.New(w, r, dialect), migrations), nil
}

// mmapBytes bounds each connection's memory map of the database file.
const mmapBytes = 64 << 20

func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	// Memory-mapped reads spare a system call per page; the larger writer
	// cache keeps bulk loads (the search index of 100,000 products) from
	// re-reading B-tree pages. Both grow only as the database does.
	//
	// Each connection maps the file by itself, and the process's RSS counts
	// every map's resident pages again (the same page-cache pages), so the
	// map is bounded at mmapBytes: four readers and the writer add at most
	// 5 × 64 MiB to RSS. With the 256 MiB map this was, RSS at 1M products
	// carried 0.70–0.85 GB of file pages; with 64 MiB, 0.18–0.20 GB, for
	// the same CPU per uncached list page (a catalogue past the map is read
	// with pread into each connection's page cache either way). Figures:
	// docs/decisions/0016-live-catalogue.md, "Memory".
	q.Add("_pragma", fmt.Sprintf("mmap_size(%d)", mmapBytes))
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "cache_size(-65536)")
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}
