package sqlite_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
	"dwa/internal/store/sqlite"
)

// TestConcurrentMigrations: two processes starting at once on one database
// file (two stores opened separately) apply each migration exactly once,
// and neither fails.
func TestConcurrentMigrations(t *testing.T) {
	migrations, err := sqlite.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	for round := range 5 {
		path := filepath.Join(t.TempDir(), "dwa.db")
		stores := make([]*sqldb.Store, 2)
		for i := range stores {
			if stores[i], err = sqlite.Open(path); err != nil {
				t.Fatal(err)
			}
			defer stores[i].Close()
		}
		applied := make([]int, len(stores))
		errs := make([]error, len(stores))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, st := range stores {
			wg.Go(func() {
				<-start
				applied[i], errs[i] = st.Migrate(context.Background())
			})
		}
		close(start)
		wg.Wait()
		if errors.Join(errs...) != nil || sum(applied) != len(migrations) {
			t.Fatalf("round %d: applied %v, errors %v; want %d migrations applied once in all, no error",
				round, applied, errs, len(migrations))
		}
		var rows int
		if err := stores[0].DB().R.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&rows); err != nil || rows != len(migrations) {
			t.Fatalf("round %d: schema_migrations has %d rows (%v); want %d", round, rows, err, len(migrations))
		}
	}
}

// TestMigrateRefusesNewerSchema: a database migrated by a newer binary (a
// version this one does not know) is refused at start with a clear error,
// and nothing is applied.
func TestMigrateRefusesNewerSchema(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		db := st.DB()
		if _, err := db.W.Exec(db.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
			9999, "9999_from_the_future.sql", 0); err != nil {
			t.Fatal(err)
		}
		n, err := st.Migrate(context.Background())
		if n != 0 || !errors.Is(err, sqldb.ErrSchemaTooNew) ||
			!strings.Contains(err.Error(), "it has migration 9999 applied, this binary knows migrations up to") {
			t.Fatalf("Migrate = %d, %v; want 0 and ErrSchemaTooNew naming version 9999", n, err)
		}
	})
}

func sum(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}
