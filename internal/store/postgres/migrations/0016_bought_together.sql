-- "Bought together" (ADR 0022) reads a product's latest order lines, newest
-- first and at most a fixed number: this index answers that from its head
-- without sorting every order line of a best seller.
CREATE INDEX order_items_product_recent_idx ON order_items (product_id, id);
