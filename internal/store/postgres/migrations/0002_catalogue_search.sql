-- Catalogue reads and search. Keep in step with
-- ../../sqlite/migrations/0002_catalogue_search.sql.
--
-- Search runs on an in-memory index that each instance builds from
-- search_documents; the tokens are computed by Go (internal/search) when a
-- product is written, so both engines match and rank the same. See
-- docs/decisions/0006-search-as-a-shared-token-index.md.

-- One row per product: its index tokens with their best field weight,
-- "token:weight" separated by spaces. No foreign key: products are never
-- deleted.
CREATE TABLE search_documents (
    product_id BIGINT PRIMARY KEY,
    tokens     TEXT NOT NULL
);

-- version moves in the same transaction as every catalogue write (products,
-- categories, stores); rank_version with every change of stock or ratings,
-- which rank search ties but are not part of the catalogue version.
CREATE TABLE search_meta (
    id           BIGINT PRIMARY KEY CHECK (id = 1),
    version      BIGINT NOT NULL,
    rank_version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO search_meta (id, version) VALUES (1, 0);

-- Names sort byte-wise, as SQLite's do, so ordering=name agrees on both.
ALTER TABLE products ALTER COLUMN name TYPE TEXT COLLATE "C";

-- Public review and rating reads: verified rows of a product, newest first.
CREATE INDEX reviews_product_idx ON reviews (product_id, status, date_created);
CREATE INDEX ratings_product_idx ON ratings (product_id, status, date_created);
CREATE INDEX products_active_idx ON products (is_active, id);
