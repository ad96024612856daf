-- A seller's own code for a product (issue 24, docs/decisions/0028-bulk-catalogue.md),
-- the key by which a CSV import finds the product to update. Keep in step
-- with ../../postgres/migrations/0020_product_sku.sql.
--
-- NULL for none (products made before SKUs, and any the seller leaves
-- without one). Unique per store regardless of letter case, enforced here so
-- that two imports racing cannot both create the same SKU. When products
-- get variants, the product's implicit variant carries this SKU.
ALTER TABLE products ADD COLUMN sku TEXT;
CREATE UNIQUE INDEX products_store_sku_idx ON products (store_id, LOWER(sku)) WHERE sku IS NOT NULL;
