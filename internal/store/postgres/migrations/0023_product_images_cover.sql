-- The images of a page of products read from the index alone (issue 15,
-- docs/decisions/0016-live-catalogue.md): with the image and its id in the
-- index, an uncached list page no longer seeks into product_images once
-- per image, a seek that reaches a random page of a large table. It
-- replaces product_images_product_idx, its prefix. Keep in step with
-- ../../sqlite/migrations/0023_product_images_cover.sql.
CREATE INDEX product_images_cover_idx ON product_images (product_id, position, id, image);
DROP INDEX product_images_product_idx;
