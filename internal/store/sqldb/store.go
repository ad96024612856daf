package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"dwa/internal/shop"
)

// Store is the persistence adapter the service layer talks to. Both engine
// packages return one, configured with their dialect and migrations.
type Store struct {
	db         *DB
	migrations []Migration
	cat        *catalogue
}

// NewStore binds a DB to its engine's migrations.
func NewStore(db *DB, migrations []Migration) *Store {
	s := &Store{db: db, migrations: migrations, cat: newCatalogue(db)}
	// A request that changed the catalogue answers once its own instance
	// shows the change: the seller sees it in their next request.
	db.committed = s.cat.waitApplied
	s.cat.details = func(ctx context.Context, c conn, ids []int64) ([]*shop.ProductDetail, error) {
		return s.productDetails(ctx, c, ids, shop.DetailOptions{})
	}
	return s
}

// DB exposes the pools to the engine packages and tests.
func (s *Store) DB() *DB { return s.db }

// Engine names the engine: "sqlite" or "postgres".
func (s *Store) Engine() string { return s.db.Dialect.Name }

// Close stops the catalogue applier and releases the pools.
func (s *Store) Close() error {
	s.cat.close()
	return s.db.Close()
}

// StartCatalogue starts building the catalogue index in the background
// (`dwa serve` calls it after migrating; /readyz fails until it is built).
// Otherwise the first catalogue read starts it and waits.
func (s *Store) StartCatalogue() { s.cat.ensureStarted() }

// CatalogueReady reports whether the catalogue index is built; it starts
// building it if nobody has yet.
func (s *Store) CatalogueReady(context.Context) error {
	s.cat.ensureStarted()
	if s.cat.cur.Load() == nil {
		return errNotBuilt
	}
	return nil
}

// CatalogueBuilds is how many times this store built its catalogue index
// in full: once at start, and once after each Reset.
func (s *Store) CatalogueBuilds() int64 { return s.cat.builds.Load() }

// CatalogueCompactions is how many compacted catalogue indexes this store
// has published (each made in the background while changes went on).
func (s *Store) CatalogueCompactions() int64 { return s.cat.compactions.Load() }

// AppliedCatalogue is the change sequence this instance's catalogue index
// includes, and the last sequence that changed categories or stores (the
// service keeps its category tree under it): from memory, waiting for the
// first build. A process that has not started the index (a command such
// as dwa seed, which writes the catalogue without listing it) reads them
// from the database instead, so it never builds an index it does not use.
func (s *Store) AppliedCatalogue(ctx context.Context) (seq, tree int64, err error) {
	if !s.cat.running.Load() {
		st, err := readMeta(ctx, s.db.reader())
		return st.seq, st.tree, s.db.translate(err)
	}
	st, err := s.cat.current(ctx)
	if err != nil {
		return 0, 0, err
	}
	return st.seq, st.tree, nil
}

// OnCatalogueChange calls fn after each snapshot this instance publishes,
// with what it changed: in order, never concurrently, on the applier's
// goroutine: fn must not block for long, nor write to the store (the write
// would wait for the applier that is running fn).
func (s *Store) OnCatalogueChange(fn func(shop.CatalogueChange)) { s.cat.subscribe(fn) }

// Migrate applies pending migrations, then fills in what SQL cannot compute
// (the look-alike keys of usernames, migration 0007).
func (s *Store) Migrate(ctx context.Context) (int, error) {
	n, err := s.db.Migrate(ctx, s.migrations)
	if err != nil {
		return n, err
	}
	return n, s.fillUsernameSkeletons(ctx)
}

// Ping checks that both pools answer a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.db.R.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return s.db.translate(err)
	}
	if s.db.W != s.db.R {
		if err := s.db.W.PingContext(ctx); err != nil {
			return s.db.translate(err)
		}
	}
	return nil
}

// CatchUpCatalogue waits (for at most the wait a writer gets) until this
// instance's catalogue index shows every change committed so far: after a
// bulk load (shop.BulkWrites), whose writes did not wait one by one, so
// that the first requests served see all of it.
func (s *Store) CatchUpCatalogue(ctx context.Context) error {
	st, err := readMeta(ctx, s.db.reader())
	if err != nil {
		return s.db.translate(err)
	}
	s.cat.waitApplied(ctx, st.seq)
	return nil
}

// Warm fills the reader pool up to n open connections before traffic
// arrives, and runs on each the reads of an uncached product page. A new
// PostgreSQL backend takes milliseconds to start, and its first statement
// on each table milliseconds more (catalogue caches, plans): a pool that
// grows or warms up inside the first burst after a start or deploy makes
// those requests wait for it.
//
// It then places orders on each connection as a shopper does — a user, a
// bag, the order — as often as the reads, each rolled back at once: the
// order path's statements, its tables and its foreign keys' checks are new
// to each backend too, and a placement that meets them cold holds its
// product's row, and the search_meta row every order takes, while it does
// (decision 0016: 100 orders/s on a fresh start, p99 250–650 ms for 16–32
// connections).
func (s *Store) Warm(ctx context.Context, n int) error {
	product, err := s.warmProduct(ctx)
	if err != nil {
		return err
	}
	return s.db.warm(ctx, n, func(ctx context.Context, c conn) error {
		var seq int64
		if err := c.queryRow(ctx, `SELECT version FROM search_meta WHERE id = 1`).Scan(&seq); err != nil {
			return err
		}
		// No product has id 0: the statements run and find nothing (the
		// number of reviews is an argument, not part of their text). Run
		// as often as PostgreSQL plans a prepared statement afresh before
		// it settles on a plan: at 1,000 uncached product reads a second,
		// those plannings on every connection at once made the first
		// 200 ms's p99 25–60 ms.
		for range planRuns {
			if _, err := s.productDetails(ctx, c, []int64{0}, shop.DetailOptions{Reviews: true, Ratings: true, Newest: 1}); err != nil {
				return err
			}
		}
		// Only in warm's own transaction, which is rolled back: the first
		// call runs on the pool, where these writes would stay.
		if product == 0 || c.pinned == nil {
			return nil
		}
		for range planRuns {
			if err := s.warmOrder(ctx, c, product); err != nil {
				// A head start, not a condition of serving: the product
				// may have gone meanwhile (another instance serves).
				return ctx.Err()
			}
		}
		return nil
	})
}

// warmProduct is a product an order can be placed for as it is (active, in
// stock, without options); 0 when the shop has none, and on SQLite, whose
// one writer connection warms with the first request and whose readers
// cannot write.
func (s *Store) warmProduct(ctx context.Context) (int64, error) {
	if s.db.Dialect.Name != "postgres" {
		return 0, nil
	}
	var id int64
	err := s.db.reader().queryRow(ctx, `SELECT id FROM products p WHERE is_active AND inventory > 0
		AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = p.id) ORDER BY id LIMIT 1`).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, s.db.translate(err)
}

// warmOrder signs up a user, bags the product and orders it, through the
// store's own methods, in c's transaction (warmTxKey), and rolls that back
// to where it was: the rows it locked — the product's, search_meta's, which
// another instance's orders wait for — are free again at once.
func (s *Store) warmOrder(ctx context.Context, c conn, product int64) error {
	if _, err := c.exec(ctx, `SAVEPOINT warm_order`); err != nil {
		return err
	}
	err := s.placeWarmOrder(context.WithValue(ctx, warmTxKey{}, c), product)
	if _, rerr := c.exec(ctx, `ROLLBACK TO SAVEPOINT warm_order`); err == nil {
		err = rerr
	}
	return err
}

func (s *Store) placeWarmOrder(ctx context.Context, product int64) error {
	now := time.Now()
	key := shop.NewUUID()
	u := &shop.User{Username: "warm-" + key, Email: "warm-" + key + "@warm.invalid", PasswordHash: "!",
		IsActive: true, DateJoined: now, PasswordChangedAt: now}
	mail := shop.Mail{To: u.Email, Subject: "warm", Text: "warm", NextAttemptAt: now, CreatedAt: now}
	if err := s.CreateUser(ctx, u, mail); err != nil {
		return err
	}
	cart := shop.Cart{ID: shop.NewUUID(), UserID: u.ID, Status: shop.CartActive, CreatedAt: now}
	if _, _, err := s.AddToCart(ctx, cart, product, 0, 1, now, func(*shop.CartProduct, int, int) error { return nil }); err != nil {
		return err
	}
	o := &shop.Order{ID: shop.NewUUID(), UserID: u.ID, Status: shop.OrderPending, ShippingAddress: "warm",
		ContactInfo: "warm", CreatedAt: now, UpdatedAt: now}
	_, err := s.PlaceOrder(ctx, o, "", nil, func(_ *shop.Cart, lines []shop.CartLine) error {
		for _, l := range lines {
			o.Items = append(o.Items, l.OrderItem())
			o.Amount += l.Total()
		}
		return nil
	}, func(*shop.Order) []shop.Mail { return []shop.Mail{mail} })
	return err
}

// planRuns is how many times PostgreSQL runs a prepared statement with a
// plan of its arguments (five) before it may keep a generic plan, plus one.
const planRuns = 6

// Analyze has the database gather its planner's statistics again after a
// bulk load (dwa seed). PostgreSQL plans from statistics that only ANALYZE
// gathers — autovacuum does it, when it is on and gets there — and without
// them, at a million products, it read 256 products' images by scanning
// the whole table: 148 ms a read instead of under one.
func (s *Store) Analyze(ctx context.Context) error {
	if s.db.Dialect.Analyze == nil {
		return nil
	}
	return s.db.Dialect.Analyze(ctx, s.db.W)
}

// PendingMigrations counts migrations not applied yet.
func (s *Store) PendingMigrations(ctx context.Context) (int, error) {
	return s.db.PendingMigrations(ctx, s.migrations)
}

// dataTables lists every table in an order that deleting top to bottom
// never breaks a foreign key.
var dataTables = []string{
	"import_jobs", "ledger_lines", "ledger_journals", "ledger_parts", "payouts", "payout_accounts",
	"stream_tickets", "rate_limit_counters", "idempotency_keys", "password_reset_tokens", "phone_codes", "notification_prefs",
	"refresh_tokens", "outbox", "complaints", "page_views", "search_misses", "messages", "wishlists", "addresses",
	"refunds", "payment_events", "payments", "order_events", "order_items", "orders", "cart_items", "carts",
	"ratings", "reviews", "search_documents", "product_variants", "product_options", "product_images", "products", "category_images",
	"hero_slides", "stores", "users",
}

// Reset deletes every row of every table (the schema stays): `dwa seed
// --reset` and tests start from it.
func (s *Store) Reset(ctx context.Context) error {
	return s.db.inTx(ctx, func(c conn) error {
		for _, t := range dataTables {
			if _, err := c.exec(ctx, "DELETE FROM "+t); err != nil {
				return fmt.Errorf("reset %s: %w", t, err)
			}
		}
		// Children first: categories reference their parents.
		for level := 3; level >= 1; level-- {
			if _, err := c.exec(ctx, `DELETE FROM categories WHERE level = ?`, level); err != nil {
				return fmt.Errorf("reset categories: %w", err)
			}
		}
		// Every instance builds its catalogue index anew.
		return recordReset(ctx, c)
	})
}
