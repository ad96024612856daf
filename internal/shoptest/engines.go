// Package shoptest gives tests real databases on both engines, builders for
// entities, and a fully wired HTTP app.
package shoptest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"dwa/internal/store/postgres"
	"dwa/internal/store/sqldb"
	"dwa/internal/store/sqlite"
)

// Engine opens a fresh, migrated, empty store for one test.
type Engine struct {
	Name string
	Open func(t testing.TB) *sqldb.Store
}

// Engines lists SQLite, and PostgreSQL when DWA_TEST_DATABASE_URL is set.
// With DWA_REQUIRE_POSTGRES=1 a missing URL fails the test instead of
// leaving PostgreSQL out.
func Engines(t testing.TB) []Engine {
	t.Helper()
	engines := []Engine{{Name: "sqlite", Open: OpenSQLite}}
	if postgresConfigured(t) {
		engines = append(engines, Engine{Name: "postgres", Open: OpenPostgres})
	}
	return engines
}

// postgresConfigured reports whether DWA_TEST_DATABASE_URL is set, and fails
// the test when it is not but DWA_REQUIRE_POSTGRES=1 (as in CI): there a
// missing engine must be seen, not skipped.
func postgresConfigured(t testing.TB) bool {
	t.Helper()
	if os.Getenv("DWA_TEST_DATABASE_URL") != "" {
		return true
	}
	if os.Getenv("DWA_REQUIRE_POSTGRES") == "1" {
		t.Fatal("DWA_REQUIRE_POSTGRES=1 but DWA_TEST_DATABASE_URL is not set")
	}
	return false
}

// ForEachEngine runs fn as a subtest per engine, each with its own store.
func ForEachEngine(t *testing.T, fn func(t *testing.T, st *sqldb.Store)) {
	for _, e := range Engines(t) {
		t.Run(e.Name, func(t *testing.T) { fn(t, e.Open(t)) })
	}
}

// ForEachEngineTwice runs fn as a subtest per engine with two stores on
// one fresh database, as two instances of dwa would have (on SQLite, two
// processes sharing the file).
func ForEachEngineTwice(t *testing.T, fn func(t *testing.T, one, two *sqldb.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "dwa.db")
		fn(t, openSQLiteAt(t, path), openSQLiteAt(t, path))
	})
	if postgresConfigured(t) {
		t.Run("postgres", func(t *testing.T) {
			url := PostgresURL(t)
			fn(t, openPostgresAt(t, url), openPostgresAt(t, url))
		})
	}
}

// OpenSQLite opens a migrated database in the test's temporary directory.
func OpenSQLite(t testing.TB) *sqldb.Store {
	t.Helper()
	return openSQLiteAt(t, filepath.Join(t.TempDir(), "dwa.db"))
}

func openSQLiteAt(t testing.TB, path string) *sqldb.Store {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	migrate(t, st)
	return st
}

// OpenPostgres opens a migrated store in a new schema of the database named
// by DWA_TEST_DATABASE_URL; the schema is dropped when the test ends.
func OpenPostgres(t testing.TB) *sqldb.Store {
	t.Helper()
	return openPostgresAt(t, PostgresURL(t))
}

func openPostgresAt(t testing.TB, url string) *sqldb.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := postgres.Open(ctx, url, 8)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	migrate(t, st)
	return st
}

// PostgresURL creates an empty schema in the database named by
// DWA_TEST_DATABASE_URL and returns a URL whose connections use it, for
// tests that start whole dwa processes; the schema is dropped at the end.
// The connections also carry the schema's name as their application_name,
// so a test can tell its own backends in pg_stat_activity from those of
// tests running beside it. Without the variable the test is skipped, or
// fails under DWA_REQUIRE_POSTGRES=1.
func PostgresURL(t testing.TB) string {
	t.Helper()
	if !postgresConfigured(t) {
		t.Skip("DWA_TEST_DATABASE_URL not set")
	}
	base := os.Getenv("DWA_TEST_DATABASE_URL")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := postgres.Open(ctx, base, 1)
	if err != nil {
		t.Fatalf("connect to DWA_TEST_DATABASE_URL: %v", err)
	}
	defer admin.Close()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.DB().W.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	// Registered before the caller's own cleanups, so it runs after them:
	// connections to the schema are closed by then.
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if admin, err := postgres.Open(ctx, base, 1); err == nil {
			_, _ = admin.DB().W.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE")
			_ = admin.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	q.Set("application_name", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func migrate(t testing.TB, st *sqldb.Store) {
	t.Helper()
	if _, err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
}
