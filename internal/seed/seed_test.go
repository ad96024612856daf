package seed_test

import (
	"context"
	"io"
	"testing"

	"dwa/internal/demo"
	"dwa/internal/seed"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestDemoPurchases: the demo seed's ratings and reviews are verified
// purchases — every planned order was paid and delivered through the
// service, and every planned rating and review is approved — so the
// catalogue's averages and counts come from real orders.
func TestDemoPurchases(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		seeded, err := seed.DemoIfEmpty(context.Background(), a.Svc, t.TempDir(), seed.Passwords{Published: true}, io.Discard)
		if err != nil || !seeded {
			t.Fatalf("seed: %v, %v", seeded, err)
		}
		cat, err := demo.Load()
		if err != nil {
			t.Fatal(err)
		}
		var orders, lines, reviews int
		for _, sh := range demo.Purchases(cat) {
			for _, o := range sh.Orders {
				orders++
				lines += len(o.Products)
				for _, r := range o.Reviews {
					if r != "" {
						reviews++
					}
				}
			}
		}
		count := func(q string) int {
			t.Helper()
			var n int
			if err := st.DB().R.QueryRow(q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		checks := []struct {
			what string
			q    string
			want int
		}{
			{"delivered orders", `SELECT COUNT(*) FROM orders WHERE status = 'delivered' AND paid_at IS NOT NULL`, orders},
			{"orders", `SELECT COUNT(*) FROM orders`, orders},
			{"successful payments", `SELECT COUNT(*) FROM payments WHERE status = 'successful'`, orders},
			{"approved ratings", `SELECT COUNT(*) FROM ratings WHERE status = 'approved'`, lines},
			{"ratings", `SELECT COUNT(*) FROM ratings`, lines},
			{"approved reviews", `SELECT COUNT(*) FROM reviews WHERE status = 'approved'`, reviews},
		}
		for _, c := range checks {
			if got := count(c.q); got != c.want {
				t.Errorf("%s: %d, want %d", c.what, got, c.want)
			}
		}

		// Enough on one product for an average that means something.
		var most int
		if err := st.DB().R.QueryRow(`SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM ratings GROUP BY product_id) x`).Scan(&most); err != nil {
			t.Fatal(err)
		}
		if most < 4 {
			t.Errorf("the most rated product has %d ratings: too few for a meaningful average", most)
		}
	})
}
