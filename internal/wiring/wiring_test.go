package wiring_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestMetricsNameThePools: /metrics reports each database pool by its
// role, SQLite's single writer apart from its readers and PostgreSQL's one
// pool as main, so an operator sees which one is exhausted.
func TestMetricsNameThePools(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		line := func(pool string, max int) string {
			return fmt.Sprintf("dwa_db_max_open_connections{pool=%q} %d", pool, max)
		}
		db := st.DB()
		want := []string{line("main", db.W.Stats().MaxOpenConnections)}
		if st.Engine() == "sqlite" {
			want = []string{line("readers", db.R.Stats().MaxOpenConnections), line("writer", 1)}
		}
		var got []string
		for l := range strings.Lines(a.Do("GET", "/metrics", "").Body.String()) {
			if strings.HasPrefix(l, "dwa_db_max_open_connections{") {
				got = append(got, strings.TrimSuffix(l, "\n"))
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("pool gauges = %q, want %q", got, want)
		}
	})
}
