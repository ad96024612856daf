-- Product options and variants (issue 24, docs/decisions/0029-product-variants.md).
-- Keep in step with ../../postgres/migrations/0021_product_variants.sql.
--
-- A product has 0–3 options (position 0–2), each with its values as a JSON
-- array of strings in order. A product with options has one variant per
-- combination that exists; a product without options has none and is its
-- own single variant. products.unit_price and products.inventory are then
-- aggregates of the variants (lowest active price, in stock first; total
-- active stock), kept by every transaction that writes variants or takes
-- or returns their stock.
CREATE TABLE product_options (
    product_id    INTEGER NOT NULL REFERENCES products (id),
    position      INTEGER NOT NULL CHECK (position BETWEEN 0 AND 2),
    name          TEXT    NOT NULL,
    option_values TEXT    NOT NULL,
    PRIMARY KEY (product_id, position)
);

-- option_values: the variant's values, one per option in option order (JSON
-- array). combo_key: shop.ComboKey, names and values folded and sorted, so a
-- reordering of options keeps the variant. A variant whose combination the
-- seller removed is deleted if never ordered, else retired (inactive and
-- hidden; order lines keep referring to it), and comes back, with its price,
-- stock and SKU, if the combination does. store_id repeats the product's,
-- for the SKU index: SKUs are unique per store ignoring case, among variants
-- here and against products' SKUs by the writing transaction.
CREATE TABLE product_variants (
    id            INTEGER PRIMARY KEY,
    product_id    INTEGER NOT NULL REFERENCES products (id),
    store_id      INTEGER REFERENCES stores (id),
    option_values TEXT    NOT NULL,
    combo_key     TEXT    NOT NULL,
    position      INTEGER NOT NULL,
    unit_price    INTEGER NOT NULL CHECK (unit_price >= 0),
    inventory     INTEGER NOT NULL DEFAULT 0 CHECK (inventory >= 0),
    sku           TEXT,
    is_active     INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    retired       INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
    image_ids     TEXT    NOT NULL DEFAULT '[]',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    UNIQUE (product_id, combo_key)
);
CREATE INDEX product_variants_product_idx ON product_variants (product_id, position);
CREATE UNIQUE INDEX product_variants_store_sku_idx ON product_variants (store_id, LOWER(sku)) WHERE sku IS NOT NULL;

-- Bag lines name their variant (NULL without options) and merge per
-- (product, variant): the old UNIQUE (cart_id, product_id) is a table
-- constraint, which SQLite can only drop by rebuilding the table.
CREATE TABLE cart_items_v (
    id         INTEGER PRIMARY KEY,
    cart_id    TEXT    NOT NULL REFERENCES carts (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    variant_id INTEGER REFERENCES product_variants (id),
    quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
INSERT INTO cart_items_v (id, cart_id, product_id, quantity, created_at, updated_at)
    SELECT id, cart_id, product_id, quantity, created_at, updated_at FROM cart_items;
DROP TABLE cart_items;
ALTER TABLE cart_items_v RENAME TO cart_items;
CREATE INDEX cart_items_product_idx ON cart_items (product_id);
CREATE UNIQUE INDEX cart_items_line_idx ON cart_items (cart_id, product_id, COALESCE(variant_id, 0));
CREATE INDEX cart_items_variant_idx ON cart_items (variant_id) WHERE variant_id IS NOT NULL;

-- Order lines: the variant ordered and a JSON copy of its named values
-- ([{"name","value"}], '[]' without options).
ALTER TABLE order_items ADD COLUMN variant_id INTEGER REFERENCES product_variants (id);
ALTER TABLE order_items ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
CREATE INDEX order_items_variant_idx ON order_items (variant_id) WHERE variant_id IS NOT NULL;
