package postgres

import (
	"context"
	"database/sql"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/store/sqldb"
)

// TestUnreachableDatabaseIsUnavailable: statements read with a single-row
// query (QueryRow…Scan) report an unreachable database as shop's
// Unavailable (503), like every other statement — not as an internal error.
// Nothing listens on port 1, so no server is needed.
func TestUnreachableDatabaseIsUnavailable(t *testing.T) {
	db, err := sql.Open("pgx", "postgres://dwa@127.0.0.1:1/dwa?connect_timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	st := sqldb.NewStore(sqldb.New(db, db, dialect), nil)
	defer st.Close()
	ctx := context.Background()
	for name, call := range map[string]func() error{
		"DeleteHeroSlide": func() error { _, _, err := st.DeleteHeroSlide(ctx, 1); return err },
		"AddProductImage": func() error { _, err := st.AddProductImage(ctx, 1, 1, "/media/x.jpg", 8); return err },
		"CreateStore":     func() error { return st.CreateStore(ctx, &shop.Store{OwnerID: 1, Name: "Accra Game Hub"}) },
	} {
		if err := call(); shop.KindOf(err) != shop.KindUnavailable {
			t.Errorf("%s on an unreachable database = %v (kind %v); want Unavailable", name, err, shop.KindOf(err))
		}
	}
}
