package backup_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/backup"
	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
	"dwa/internal/store/sqlite"
)

const stock = 100000

// placed is an order the service acknowledged, with its customer.
type placed struct {
	user int64
	id   string
}

// TestBackupUnderOrderLoad: a backup taken while shoppers place orders
// holds every order acknowledged before it began, its stock adds up (the
// copy is one moment of the database, not a mix), and a restore into an
// empty data directory brings back the database, media and signing key.
// PostgreSQL is backed up with pg_dump (docs/operations.md), not this.
func TestBackupUnderOrderLoad(t *testing.T) {
	ctx := context.Background()
	dataDir := t.TempDir()
	st := openMigrated(t, dataDir)
	a := shoptest.NewApp(t, st, map[string]string{"DWA_DATA_DIR": dataDir})
	store := a.OpenStore("Accra Goods")
	p := shoptest.NewProduct("Shea butter", shop.Money(1500))
	p.StoreID, p.Inventory = store.ID, stock
	a.Products(p)
	writeFile(t, filepath.Join(dataDir, "media", "uploads", "ab", "photo.jpg"), "jpeg bytes")
	writeFile(t, filepath.Join(dataDir, "secret.key"), strings.Repeat("k", 43))

	var (
		mu    sync.Mutex
		acked []placed
	)
	load, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, name := range []string{"ama", "kofi", "esi", "yaw"} {
		u := a.Shopper(name).User
		wg.Add(1)
		go func() {
			defer wg.Done()
			for load.Err() == nil {
				o, err := order(load, a.Svc, u, p.ID)
				if err != nil {
					if load.Err() == nil {
						t.Errorf("order for %s: %v", u.Username, err)
					}
					return
				}
				mu.Lock()
				acked = append(acked, placed{u.ID, o.ID})
				mu.Unlock()
			}
		}()
	}
	acknowledged := func() []placed {
		mu.Lock()
		defer mu.Unlock()
		return append([]placed(nil), acked...)
	}
	waitFor(t, func() bool { return len(acknowledged()) >= 40 })

	before := acknowledged()
	dest := filepath.Join(t.TempDir(), "backup")
	if err := backup.Take(ctx, dataDir, dest); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"", "dwa.db", "secret.key"} {
		fi, err := os.Stat(filepath.Join(dest, f))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("backup %q has mode %v; want readable by its owner only", f, fi.Mode())
		}
	}
	// The shop kept taking orders after the copy.
	n := len(acknowledged())
	waitFor(t, func() bool { return len(acknowledged()) >= n+10 })
	stop()
	wg.Wait()

	restored := t.TempDir()
	if err := backup.Restore(ctx, dest, restored, false); err != nil {
		t.Fatal(err)
	}
	rst := openMigrated(t, restored)
	for _, o := range before {
		got, err := rst.Order(ctx, o.user, o.id, true)
		if err != nil || got == nil {
			t.Errorf("acknowledged order %s is not in the restored shop: %v", o.id, err)
		}
	}
	var inventory, sold, orders int64
	if err := rst.DB().R.QueryRowContext(ctx, `SELECT inventory FROM products WHERE id = ?`, p.ID).Scan(&inventory); err != nil {
		t.Fatal(err)
	}
	if err := rst.DB().R.QueryRowContext(ctx, `SELECT COALESCE(SUM(quantity), 0), COUNT(DISTINCT order_id) FROM order_items WHERE product_id = ?`, p.ID).Scan(&sold, &orders); err != nil {
		t.Fatal(err)
	}
	if inventory+sold != stock {
		t.Errorf("restored stock %d + sold %d = %d; want %d: the copy mixes moments", inventory, sold, inventory+sold, stock)
	}
	if orders < int64(len(before)) || orders >= int64(len(acknowledged())) {
		t.Errorf("restored %d orders; want at least the %d acknowledged before the backup and fewer than all %d", orders, len(before), len(acknowledged()))
	}
	for _, f := range []string{"media/uploads/ab/photo.jpg", "secret.key"} {
		if _, err := os.Stat(filepath.Join(restored, f)); err != nil {
			t.Errorf("restore lacks %s: %v", f, err)
		}
	}
}

// TestRestoreRefuses: restore does not overwrite a data directory that
// holds a shop unless forced, never one a server is using, and a forced
// restore replaces the database (and its old WAL) and the media.
func TestRestoreRefuses(t *testing.T) {
	ctx := context.Background()
	dataDir := t.TempDir()
	st := openMigrated(t, dataDir)
	if _, err := st.DB().W.ExecContext(ctx, `INSERT INTO categories (name, slug, level, position, is_active) VALUES ('Backed up', 'backed-up', 1, 0, 1)`); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "backup")
	if err := backup.Take(ctx, dataDir, dest); err != nil {
		t.Fatal(err)
	}
	if err := backup.Take(ctx, dataDir, dest); err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Errorf("a second backup into the same directory: %v; want refused", err)
	}

	target := t.TempDir()
	other := openMigrated(t, target)
	if _, err := other.DB().W.ExecContext(ctx, `INSERT INTO categories (name, slug, level, position, is_active) VALUES ('Newer', 'newer', 1, 0, 1)`); err != nil {
		t.Fatal(err)
	}
	other.Close()
	writeFile(t, filepath.Join(target, "media", "uploads", "stale.jpg"), "old")
	err := backup.Restore(ctx, dest, target, false)
	if err == nil || !strings.Contains(err.Error(), "already holds a database; restore over it only with --force") {
		t.Fatalf("restore over a shop: %v; want refused", err)
	}

	unlock, err := backup.LockShared(target)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := backup.LockExclusive(target); err == nil || !strings.Contains(err.Error(), "a dwa process is serving from") {
		t.Errorf("exclusive lock while serving: %v; want refused", err)
	}
	unlock()
	release, err := backup.LockExclusive(target)
	if err != nil {
		t.Fatalf("exclusive lock after the server stopped: %v", err)
	}
	defer release()

	if err := backup.Restore(ctx, dest, target, true); err != nil {
		t.Fatal(err)
	}
	back := openMigrated(t, target)
	var names []string
	rows, err := back.DB().R.QueryContext(ctx, `SELECT name FROM categories ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	if strings.Join(names, ",") != "Backed up" {
		t.Errorf("categories after a forced restore = %v; want [Backed up]", names)
	}
	if _, err := os.Stat(filepath.Join(target, "media", "uploads", "stale.jpg")); err == nil {
		t.Error("a forced restore kept media the backup does not have")
	}
}

func order(ctx context.Context, svc *service.Service, u *shop.User, product int64) (*shop.Order, error) {
	one := int64(1)
	if _, _, err := svc.AddToCart(ctx, u, service.CartAdd{ProductID: service.Ref{Present: true, ID: product}, Quantity: &one}); err != nil {
		return nil, err
	}
	addr, phone := "12 Oxford Street, Osu, Accra", "+233241234567"
	return svc.PlaceOrder(ctx, u, service.OrderRequest{ShippingAddress: &addr, ContactInfo: &phone})
}

func openMigrated(t *testing.T, dataDir string) *sqldb.Store {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(dataDir, backup.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o640); err != nil {
		t.Fatal(err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 60 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
