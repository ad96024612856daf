-- Catalogue reads and search. Keep in step with
-- ../../postgres/migrations/0002_catalogue_search.sql.
--
-- Search runs on an in-memory index that each instance builds from
-- search_documents; the tokens are computed by Go (internal/search) when a
-- product is written, so both engines match and rank the same. See
-- docs/decisions/0006-search-as-a-shared-token-index.md.

-- One row per product: its index tokens with their best field weight,
-- "token:weight" separated by spaces. One row per product rather than one
-- per posting: the index is rebuilt from it whenever the catalogue version
-- moves, and reading 100,000 rows takes a fraction of the time 4,000,000
-- would. No foreign key: products are never deleted.
CREATE TABLE search_documents (
    product_id INTEGER PRIMARY KEY,
    tokens     TEXT NOT NULL
);

-- version moves in the same transaction as every catalogue write (products,
-- categories, stores); rank_version with every change of stock or ratings,
-- which rank search ties but are not part of the catalogue version.
CREATE TABLE search_meta (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    version      INTEGER NOT NULL,
    rank_version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO search_meta (id, version) VALUES (1, 0);

-- Public review and rating reads: verified rows of a product, newest first.
CREATE INDEX reviews_product_idx ON reviews (product_id, status, date_created);
CREATE INDEX ratings_product_idx ON ratings (product_id, status, date_created);
CREATE INDEX products_active_idx ON products (is_active, id);
