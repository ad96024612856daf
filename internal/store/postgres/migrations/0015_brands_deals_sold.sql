-- Brands, deals and units sold for the storefront's filters and sorts
-- (issue 19, docs/decisions/0021-facets.md). Keep in step with
-- ../../sqlite/migrations/0015_brands_deals_sold.sql.
--
-- brand: the seller's brand name, '' when none. was_price: the price before
-- a deal in pesewas, NULL when none (the service keeps it above unit_price).
-- units_sold: the units of the product in paid orders, kept by the
-- transaction that pays an order (and any that would take a paid order
-- back), so the catalogue index reads a column, never the order lines.
ALTER TABLE products ADD COLUMN brand TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN was_price BIGINT CHECK (was_price IS NULL OR was_price > 0);
ALTER TABLE products ADD COLUMN units_sold BIGINT NOT NULL DEFAULT 0 CHECK (units_sold >= 0);

UPDATE products p SET units_sold = s.units FROM (SELECT oi.product_id, SUM(oi.quantity) AS units
    FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE o.status IN ('processing', 'shipped', 'delivered') GROUP BY oi.product_id) s
    WHERE s.product_id = p.id;
