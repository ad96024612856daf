package sqldb

import (
	"context"
	"fmt"

	"dwa/internal/shop"
)

// Store is the persistence adapter the service layer talks to. Both engine
// packages return one, configured with their dialect and migrations.
type Store struct {
	db         *DB
	migrations []Migration
	search     searchCache
}

// NewStore binds a DB to its engine's migrations.
func NewStore(db *DB, migrations []Migration) *Store {
	return &Store{db: db, migrations: migrations}
}

// DB exposes the pools to the engine packages and tests.
func (s *Store) DB() *DB { return s.db }

// Engine names the engine: "sqlite" or "postgres".
func (s *Store) Engine() string { return s.db.Dialect.Name }

// Close releases the pools.
func (s *Store) Close() error { return s.db.Close() }

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

// Warm fills the reader pool up to n open connections before traffic
// arrives, and runs on each the reads of an uncached product page. A new
// PostgreSQL backend takes milliseconds to start, and its first statement
// on each table milliseconds more (catalogue caches, plans): a pool that
// grows or warms up inside the first burst after a start or deploy makes
// those requests wait for it.
func (s *Store) Warm(ctx context.Context, n int) error {
	return s.db.warm(ctx, n, func(ctx context.Context, c conn) error {
		if _, _, err := readVersions(ctx, c); err != nil {
			return err
		}
		// No product has id 0: the statements run and find nothing (the
		// number of reviews is an argument, not part of their text).
		_, err := s.productDetails(ctx, c, []int64{0}, shop.DetailOptions{Reviews: true, Ratings: true, Newest: 1})
		return err
	})
}

// PendingMigrations counts migrations not applied yet.
func (s *Store) PendingMigrations(ctx context.Context) (int, error) {
	return s.db.PendingMigrations(ctx, s.migrations)
}

// dataTables lists every table in an order that deleting top to bottom
// never breaks a foreign key.
var dataTables = []string{
	"stream_tickets", "rate_limit_counters", "idempotency_keys", "password_reset_tokens",
	"refresh_tokens", "outbox", "complaints", "page_views", "search_misses", "messages", "wishlists",
	"payment_events", "payments", "order_events", "order_items", "orders", "cart_items", "carts",
	"ratings", "reviews", "search_documents", "product_images", "products", "category_images",
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
		// Copies kept by version (category tree, search index) are stale now.
		return bumpCatalogue(ctx, c)
	})
}
