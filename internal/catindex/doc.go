// Package catindex is the in-memory catalogue index: it answers every
// product list — search or not, any filter, any explicit ordering, the
// seeded shuffle — with a page of ids and the exact total, from immutable
// snapshots that readers use without locks and that writes update
// incrementally. It is pure Go: the store feeds it rows (Builder) and
// changed products (Index.Apply).
//
// # Base and delta
//
// A snapshot is a base plus a delta. The base, built by a Builder or by
// Compact, numbers its documents in id order and keeps per document the
// attributes filters read packed in 32 bytes, the date, the name (in one
// byte arena), a hash of its search document, and a search.MemIndex over
// the documents. It also keeps lists of documents: all of them, and those
// of each category (at each level) and of each store, each list in five
// orders — by shop.ShuffleSpread and by each orderable field (price, date,
// rating, name; then id). The global orders are sorted once; the lists'
// orders come from distributing them. The base is never modified.
//
// The delta holds the products changed or added since the base was built:
// by id, in each field's order, and (for those whose search document
// changed, or new ones) a small MemIndex built by the first search that
// needs it. A bitset masks the base documents the delta replaces. A stock,
// price or rating change whose search document is unchanged keeps the
// base document searchable and only takes its attributes from the delta.
//
// Apply copies the delta's slices in runs, placing the changed products by
// halving (O(delta) copying + O(changed × log)), and copies the bitset
// (n/8 bytes) when a base document is newly replaced: about 0.1 ms for 10
// products at 1M with a delta of 2,000. Once the delta passes max(1024,
// n/256) products, or the shuffle domain outgrows the base's, the snapshot
// NeedsCompaction and a background goroutine calls Compact, which folds
// the delta into a new base in O(n log n) (unchanged search documents are
// copied token by token, not decoded). The count memo carries over.
//
// # Queries
//
// Search matches the terms in the base's and the delta's MemIndex (a
// masked base hit takes the delta's attributes, or is dropped if the delta
// has new tokens for it), filters, and selects the page by a packed rank
// key (relevance, in stock first, rating, id) without sorting every hit;
// an explicit ordering sorts the hits. Its cost follows the matches.
//
// Lists never score or sort the catalogue. A query's filters select a
// list: the shortest of its category and store lists, else all; with a
// price band, the band's range of that list's price order bounds the
// products that can pass.
//
//   - The seeded shuffle is a permutation of the id domain [0, 2^m), 2^m at
//     most 4 × the largest id (shop.ShufflePosition): the seed permutes
//     blocks of about √(2^m) ids (fixed pseudo-random sets) and the ids
//     within each block. A page is found by the cheapest of: probing
//     positions 0, 1, 2… through the inverse permutation (need × 2^m /
//     total probes: an unfiltered list); walking the blocks in the seed's
//     order, taking each block's members from the list's spread order by
//     halving (need × √(2^m) / total blocks: a category or store); or
//     ranking the products of the list's price band (a tiny list or band).
//   - An explicit ordering walks the list in its first key's order, merged
//     with the delta's, skipping masked and non-passing products: about
//     need × list / total visits. Ties go by id (each group of equal values
//     is found by galloping, so a descending walk still lists a group by id
//     ascending). With more keys, a small tie group is sorted by the
//     others; a large one is walked in the next key's order, constrained to
//     the group. A first key with huge tie groups (the rating) followed by
//     another costs the size of the group the page lands in. A walk by
//     price starts and stops at the price band; a narrow band is sorted.
//   - Totals come from a count memo per filter set (filters and hidden
//     categories and stores, not seed, order or page), bounded to 512
//     sets: a miss counts the list once; Apply carries every entry to the
//     next snapshot, adjusted by the changed products (passing after minus
//     passing before).
//
// So a first page costs about the same at 1k or 1M products (at 1M, some
// tens of cache misses more; TestFirstPagesDoNotGrowWithTheCatalogue
// counts the work); a page deep in a list costs in proportion to its
// offset.
package catindex
