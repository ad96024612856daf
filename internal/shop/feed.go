package shop

import "context"

type bulkWritesKey struct{}

// BulkWrites marks ctx's writes as a bulk load's (the demo seed): each
// answers once committed instead of once this instance's catalogue index
// shows it, which every other write waits for (so that the writer sees its
// change in its next request). The index still learns of each at once, and
// applies them in order.
func BulkWrites(ctx context.Context) context.Context {
	return context.WithValue(ctx, bulkWritesKey{}, true)
}

// IsBulkWrites reports whether ctx is marked by BulkWrites.
func IsBulkWrites(ctx context.Context) bool { return ctx.Value(bulkWritesKey{}) != nil }

// CatalogueChange is one batch of committed catalogue writes as an instance
// applies it to what it serves (its in-memory catalogue index): which
// products changed, where each showed before and shows now, and whether
// categories or stores changed (names, visibility, profiles, new ones).
// Consumers — the read cache — drop what the batch may have changed and
// nothing else.
type CatalogueChange struct {
	// Seq is the change sequence the instance has applied up to, included.
	Seq int64
	// Tree: categories or stores changed, so anything showing their names
	// or depending on their visibility may have.
	Tree     bool
	Products []ChangedProduct
}

// ChangedProduct is one product a catalogue change touched: where it showed
// before the batch (zero for a new product) and where it shows after it.
// Listed reports whether what lists and search know of it changed — all but
// its stock count and what only its own page shows — so a sale that leaves
// it in stock changes its own answers and not the lists it is in.
type ChangedProduct struct {
	ID            int64
	Before, After ProductPlace
	Listed        bool
	// BeforeText and AfterText are its search documents (as
	// search.EncodeDocument writes them), "" when it had or has none: a
	// kept search can change only if one of them may match its terms.
	BeforeText, AfterText string
}

// ProductPlace is where a product is listed: its category chain (0 for a
// missing level) and its store (0 for none).
type ProductPlace struct {
	Categories [MaxCategoryDepth]int64
	Store      int64
}
