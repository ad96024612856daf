package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"dwa/internal/catindex"
	"dwa/internal/shop"
)

// The applier: each Store (so each instance) keeps the catalogue index that
// answers every product list and search, builds it once in full when it
// starts, and from then on applies the change feed (feed.go) to it: the
// products stamped after the sequence it has applied, read and applied in
// proportion to the change, never to the catalogue. Readers take the
// current snapshot from an atomic pointer and never wait. See
// docs/decisions/0016-live-catalogue.md.

// Applier timing.
const (
	// pollEvery is how often an applier looks for changes nobody told it
	// about: the fallback when notifications are lost (a dropped listener
	// connection) or unavailable (several processes on one SQLite file).
	pollEvery = 200 * time.Millisecond
	// ownChangeWait bounds how long a writer waits for its own instance
	// to apply its committed change before answering anyway (the applier
	// cannot read the database): the write is done, only its visibility
	// on this instance comes later.
	ownChangeWait = 5 * time.Second
	// buildRetry is the pause between failed attempts at the first build.
	buildRetry = time.Second
	// listenRetry is the pause between attempts at starting notifications
	// that could not start (a listener that started reconnects by itself).
	listenRetry = 5 * time.Second
	// failureLogEvery spaces the log lines of applies that keep failing.
	failureLogEvery = 10 * time.Second
)

// catalogueState is one published snapshot: the index and the sequences it
// includes.
type catalogueState struct {
	ix *catindex.Index
	// seq is the change sequence applied; tree the last one that changed
	// categories or stores; reset the last Store.Reset seen.
	seq, tree, reset int64
}

// catalogue is a Store's applier.
type catalogue struct {
	db  *DB
	log *slog.Logger

	start   sync.Once
	running atomic.Bool
	cancel  context.CancelFunc
	stop    sync.Once
	quit    chan struct{} // closed by close
	done    sync.WaitGroup
	wake    chan struct{}
	builds  atomic.Int64
	// compactions counts the compacted indexes published.
	compactions atomic.Int64

	cur atomic.Pointer[catalogueState]
	// told is the change sequence the subscribers have been told of, set
	// after cur: what a writer waits for, so that when it answers, the
	// caches have dropped what its change outdated.
	told atomic.Int64
	// mu guards advanced, which is closed and replaced whenever a
	// snapshot is published, and the subscribers.
	mu          sync.Mutex
	advanced    chan struct{}
	subscribers []func(shop.CatalogueChange)

	// Owned by the applier's goroutine: the number of full builds made,
	// a compaction in flight, and the products applied since the snapshot
	// it compacts.
	generation int
	compacting bool
	compacted  chan compaction
	since      []catindex.Product

	// cards are the list cards (cards.go), read by details; filling says
	// a background fill is under way, past the product id fillAfter,
	// since fillStart.
	cards     cardTable
	details   func(ctx context.Context, c conn, ids []int64) ([]*shop.ProductDetail, error)
	filling   bool
	fillAfter int64
	fillStart time.Time

	// own is the connection the applier keeps between applies where
	// writes share the read pool (applierConn).
	own *sql.Conn
}

type compaction struct {
	generation int
	ix         *catindex.Index
	err        error
}

func newCatalogue(db *DB) *catalogue {
	return &catalogue{db: db, log: slog.Default(), wake: make(chan struct{}, 1), quit: make(chan struct{}),
		advanced: make(chan struct{}), compacted: make(chan compaction, 1)}
}

// ensureStarted starts the applier once: a full build, then applying
// changes until Close.
func (a *catalogue) ensureStarted() {
	a.start.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		a.cancel = cancel
		a.running.Store(true)
		a.done.Add(1)
		go a.run(ctx)
	})
}

// close stops the applier and waits for it; it never starts afterwards.
func (a *catalogue) close() {
	a.stop.Do(func() {
		a.start.Do(func() {})
		close(a.quit)
		if a.cancel != nil {
			a.cancel()
		}
	})
	a.done.Wait()
}

// notify asks the applier to look for changes now.
func (a *catalogue) notify() {
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// current returns the published snapshot, waiting for the first build.
func (a *catalogue) current(ctx context.Context) (*catalogueState, error) {
	a.ensureStarted()
	for {
		if st := a.cur.Load(); st != nil {
			return st, nil
		}
		a.mu.Lock()
		advanced := a.advanced
		a.mu.Unlock()
		if st := a.cur.Load(); st != nil {
			return st, nil
		}
		select {
		case <-advanced:
		case <-ctx.Done():
			return nil, shop.Unavailable(fmt.Errorf("%w: %w", errNotBuilt, ctx.Err()))
		case <-a.quit:
			return nil, shop.Unavailable(fmt.Errorf("%w: the store is closed", errNotBuilt))
		}
	}
}

// waitApplied waits until this instance has applied seq (a change its own
// request just committed) and told its subscribers, for at most
// ownChangeWait (not at all for shop.BulkWrites). An applier never
// started has nothing to be behind: it will build from the database.
func (a *catalogue) waitApplied(ctx context.Context, seq int64) {
	if !a.running.Load() {
		return
	}
	a.notify()
	if shop.IsBulkWrites(ctx) {
		return
	}
	deadline := time.NewTimer(ownChangeWait)
	defer deadline.Stop()
	for {
		a.mu.Lock()
		advanced := a.advanced
		a.mu.Unlock()
		if a.told.Load() >= seq {
			return
		}
		select {
		case <-advanced:
		case <-ctx.Done():
			return
		case <-a.quit:
			return
		case <-deadline.C:
			a.log.Warn("catalogue: a committed change is not applied on this instance yet", "seq", seq)
			return
		}
	}
}

// run builds the index, then applies changes as it is woken (after a
// local commit, by a notification) or every pollEvery.
func (a *catalogue) run(ctx context.Context) {
	defer a.done.Done()
	defer a.dropApplierConn()
	listening := a.listen(ctx)
	defer func() {
		if listening != nil {
			listening()
		}
	}()
	for {
		err := a.build(ctx)
		if err == nil {
			break
		}
		a.log.Error("catalogue: building the index failed; retrying", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(buildRetry):
		}
	}
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	lastListen := time.Now()
	var failedAt time.Time // when a failure was last logged; zero while applies succeed
	for {
		// While the cards are filled, one batch at a time goes between
		// looks for changes: a change waits for at most one batch.
		var fill <-chan struct{}
		if a.filling {
			fill = closedChan
		}
		select {
		case <-ctx.Done():
			return
		case <-a.wake:
		case <-tick.C:
			if listening == nil && time.Since(lastListen) > listenRetry {
				listening, lastListen = a.listen(ctx), time.Now()
			}
		case c := <-a.compacted:
			a.adoptCompaction(c)
			continue
		case <-fill:
			if err := a.fillCards(ctx); err != nil && ctx.Err() == nil {
				a.log.Error("catalogue: filling the list cards failed; retrying", "err", err)
				select {
				case <-ctx.Done():
				case <-time.After(buildRetry):
				}
			}
			continue
		}
		err := a.applyChanges(ctx)
		switch {
		case ctx.Err() != nil:
		case err != nil && time.Since(failedAt) > failureLogEvery:
			// Logged when it starts failing, then every failureLogEvery:
			// a database outage would otherwise log every pollEvery.
			a.log.Error("catalogue: applying changes failed; serving the last snapshot", "err", err)
			failedAt = time.Now()
		case err == nil && !failedAt.IsZero():
			a.log.Info("catalogue: applying changes again")
			failedAt = time.Time{}
		}
	}
}

// listen starts the engine's change notifications and returns their stop
// function; nil when the engine has none or they could not start (then
// polling alone brings every change, and run tries again later). Once
// started, a listener reconnects by itself.
func (a *catalogue) listen(ctx context.Context) func() {
	if a.db.Dialect.Listen == nil {
		return nil
	}
	stop, err := a.db.Dialect.Listen(ctx, a.db.W, a.log, a.notify)
	if err != nil {
		a.log.Warn("catalogue: change notifications unavailable; polling", "err", err)
		return nil
	}
	return stop
}

// productColumns are the columns scanProduct reads, over products p, their
// search document d and verified average r.
const productColumns = `p.id, p.is_active, COALESCE(p.category_id, 0), COALESCE(p.subcategory_id, 0),
	COALESCE(p.sub_subcategory_id, 0), COALESCE(p.store_id, 0), p.unit_price, p.created_at, p.name,
	CASE WHEN p.inventory > 0 THEN 1 ELSE 0 END, COALESCE(d.tokens, ''), COALESCE(r.avg100, 0), p.brand,
	COALESCE(p.was_price, 0), p.units_sold`

func scanProduct(rows *sql.Rows, p *catindex.Product) error {
	var inStock, avg int64
	err := rows.Scan(&p.ID, &p.Active, &p.Categories[0], &p.Categories[1], &p.Categories[2], &p.Store, &p.Price,
		&p.Created, &p.Name, &inStock, &p.Tokens, &avg, &p.Brand, &p.WasPrice, &p.Sold)
	p.InStock, p.Avg100 = inStock == 1, int32(avg)
	return err
}

// readMeta reads the sequences: the version first, so that rows read
// after it are at least as new (commits come in sequence order, so every
// change up to it is in them; newer ones are applied again next time,
// which changes nothing).
func readMeta(ctx context.Context, c conn) (catalogueState, error) {
	var st catalogueState
	err := c.queryRow(ctx, `SELECT version, tree_seq, reset_seq FROM search_meta WHERE id = 1`).
		Scan(&st.seq, &st.tree, &st.reset)
	return st, err
}

// build reads every product into a new index and publishes it.
func (a *catalogue) build(ctx context.Context) error {
	c := a.db.background()
	st, err := readMeta(ctx, c)
	if err != nil {
		return err
	}
	// Read after the version, like the products: a newer option is applied
	// again with its product's change.
	options, err := indexOptions(ctx, c, "", nil)
	if err != nil {
		return err
	}
	rows, err := c.query(ctx, `SELECT `+productColumns+` FROM products p
		LEFT JOIN search_documents d ON d.product_id = p.id
		LEFT JOIN (SELECT product_id, `+averageSQL+` AS avg100 FROM ratings WHERE status = 'approved'
			GROUP BY product_id) r ON r.product_id = p.id
		ORDER BY p.id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	b := catindex.NewBuilder()
	var p catindex.Product
	for rows.Next() {
		if err := scanProduct(rows, &p); err != nil {
			return err
		}
		p.Options = options[p.ID]
		if err := b.Add(p); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if st.ix, err = b.Finish(st.seq); err != nil {
		return err
	}
	a.builds.Add(1)
	a.generation++ // a compaction of the previous index is worthless now
	// The cards are filled anew behind the build: until a product has
	// one, lists read its details from the database.
	a.cards.reset()
	a.filling, a.fillAfter, a.fillStart = a.details != nil, 0, time.Now()
	a.publish(&st, shop.CatalogueChange{Seq: st.seq, Tree: true})
	return nil
}

// applierConn is the connection applyChanges reads on. Where writes and
// reads share one pool (PostgreSQL), it is one the applier keeps: every
// write waits for the applier (waitApplied), so the applier must not wait
// for a connection behind writes that are themselves queued (a burst of
// orders held the whole pool, in line for the search_meta row), and on
// its own connection each of its statements is planned once, not once
// per pooled connection. With a pool of its own for writes (SQLite), the
// readers' pool serves it as it serves the requests.
func (a *catalogue) applierConn(ctx context.Context) (conn, error) {
	if a.db.W != a.db.R {
		return a.db.background(), nil
	}
	if a.own == nil {
		c, err := a.db.R.Conn(ctx)
		if err != nil {
			return conn{}, err
		}
		a.own = c
	}
	return conn{db: a.db, q: a.own, uncounted: true}, nil
}

// dropApplierConn gives the applier's connection back to the pool, after a
// failed apply (a broken connection is not kept: the next apply takes
// another) and when the applier stops.
func (a *catalogue) dropApplierConn() {
	if a.own != nil {
		_ = a.own.Close()
		a.own = nil
	}
}

// applyChanges applies the products changed since the published snapshot.
func (a *catalogue) applyChanges(ctx context.Context) (err error) {
	cur := a.cur.Load()
	c, err := a.applierConn(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			a.dropApplierConn()
		}
	}()
	next, err := readMeta(ctx, c)
	if err != nil {
		return err
	}
	if next.reset > cur.reset {
		return a.build(ctx)
	}
	if next.seq == cur.seq {
		return nil
	}
	changed, err := changedProducts(ctx, c, cur.seq)
	if err != nil {
		return err
	}
	ix, products, err := cur.ix.Apply(next.seq, changed)
	if err != nil {
		return fmt.Errorf("apply: %w", err)
	}
	ix.Prepare()
	next.ix = ix
	if a.details != nil {
		ids := make([]int64, len(changed))
		for i, p := range changed {
			ids[i] = p.ID
		}
		if err := a.loadCards(ctx, c, ids); err != nil {
			return fmt.Errorf("list cards: %w", err)
		}
	}
	if a.compacting {
		a.since = append(a.since, changed...)
	}
	a.publish(&next, shop.CatalogueChange{Seq: next.seq, Tree: next.tree > cur.tree, Products: products})
	a.maybeCompact(ix)
	return nil
}

// changedBatch bounds the ids of one statement reading changed products.
const changedBatch = 500

// changedProducts reads the products stamped after seq. The ids come first,
// then the rows by id: a comparison with a parameter is planned on
// PostgreSQL as if a third of the products matched, which joined every
// search document (~150 ms at 100k products) for a handful of changes.
func changedProducts(ctx context.Context, c conn, seq int64) ([]catindex.Product, error) {
	ids, err := changedIDs(ctx, c, seq)
	if err != nil {
		return nil, err
	}
	changed := make([]catindex.Product, 0, len(ids))
	for start := 0; start < len(ids); start += changedBatch {
		// Padded, as the detail reads are: a few texts, each planned once
		// per connection, rather than one for every number of changes.
		batch := paddedIDs(ids[start:min(start+changedBatch, len(ids))])
		in := marks(len(batch))
		args := append(append(make([]any, 0, 2*len(batch)), batch...), batch...)
		rows, err := c.query(ctx, `SELECT `+productColumns+` FROM products p
			LEFT JOIN search_documents d ON d.product_id = p.id
			LEFT JOIN (SELECT product_id, `+averageSQL+` AS avg100 FROM ratings WHERE status = 'approved'
				AND product_id IN (`+in+`) GROUP BY product_id) r ON r.product_id = p.id
			WHERE p.id IN (`+in+`)`, args...)
		if err != nil {
			return nil, err
		}
		start := len(changed)
		for rows.Next() {
			var p catindex.Product
			if err := scanProduct(rows, &p); err != nil {
				rows.Close()
				return nil, err
			}
			changed = append(changed, p)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		options, err := indexOptions(ctx, c, in, args[:len(batch)])
		if err != nil {
			return nil, err
		}
		for i := start; i < len(changed); i++ {
			changed[i].Options = options[changed[i].ID]
		}
	}
	return changed, nil
}

// changedIDs lists the products stamped after seq, a bounded batch at a
// time in stamp order. The bound keeps PostgreSQL on the change_seq index:
// unbounded, a catalogue it has no statistics for yet (just loaded) was
// planned as a scan of every product — 300 ms per apply at 1M products,
// which every write waited for. A batch that ends inside one change (a
// rename stamps many products with one value) is completed by equality.
func changedIDs(ctx context.Context, c conn, seq int64) ([]int64, error) {
	var ids []int64
	for {
		rows, err := c.query(ctx, `SELECT id, change_seq FROM products WHERE change_seq > ?
			ORDER BY change_seq LIMIT `+strconv.Itoa(changedBatch), seq)
		if err != nil {
			return nil, err
		}
		var batch, seqs []int64
		for rows.Next() {
			var id, at int64
			if err := rows.Scan(&id, &at); err != nil {
				rows.Close()
				return nil, err
			}
			batch, seqs = append(batch, id), append(seqs, at)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if len(batch) < changedBatch {
			return append(ids, batch...), nil
		}
		last := seqs[len(seqs)-1]
		for i, at := range seqs {
			if at < last {
				ids = append(ids, batch[i])
			}
		}
		same, err := c.ids(ctx, `SELECT id FROM products WHERE change_seq = ?`, last)
		if err != nil {
			return nil, err
		}
		ids, seq = append(ids, same...), last
	}
}

// maybeCompact starts folding the index's delta into a new base in the
// background when it has grown past its bound; applies go on meanwhile.
func (a *catalogue) maybeCompact(ix *catindex.Index) {
	if a.compacting || !ix.NeedsCompaction() {
		return
	}
	a.compacting, a.since = true, nil
	gen := a.generation
	a.done.Add(1)
	work := ix.Compaction()
	go func() {
		defer a.done.Done()
		out, err := work()
		a.compacted <- compaction{gen, out, err}
	}()
}

// adoptCompaction publishes a compacted index once the products applied
// while it was made are applied to it again (Apply is idempotent).
func (a *catalogue) adoptCompaction(c compaction) {
	since := a.since
	a.compacting, a.since = false, nil
	if c.err != nil {
		a.log.Error("catalogue: compaction failed", "err", c.err)
		return
	}
	if c.generation != a.generation {
		return // the index was rebuilt meanwhile
	}
	cur := a.cur.Load()
	ix, _, err := c.ix.Apply(cur.seq, since)
	if err != nil {
		a.log.Error("catalogue: compaction failed", "err", err)
		return
	}
	ix.Prepare()
	next := *cur
	next.ix = ix
	a.cur.Store(&next)
	a.compactions.Add(1)
}

// publish makes st the current snapshot, tells the subscribers what
// changed, in order, on the applier's goroutine, then wakes whoever waits for
// it. The subscribers come before the waiters: a writer whose change this is
// returns once told is at its sequence, and its next read must not find an
// answer the change outdated still kept (the caches forget in subscribers).
func (a *catalogue) publish(st *catalogueState, change shop.CatalogueChange) {
	a.cur.Store(st)
	a.mu.Lock()
	subs := a.subscribers
	a.mu.Unlock()
	for _, fn := range subs {
		fn(change)
	}
	a.told.Store(st.seq)
	a.mu.Lock()
	close(a.advanced)
	a.advanced = make(chan struct{})
	a.mu.Unlock()
}

// subscribe adds fn to the subscribers.
func (a *catalogue) subscribe(fn func(shop.CatalogueChange)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.subscribers = append(a.subscribers, fn)
}

// closedChan is always ready to receive from.
var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// errNotBuilt is CatalogueReady's answer before the first build.
var errNotBuilt = errors.New("catalogue index not built yet")
