-- Delivery fees, dates and pickup stations (issue 21, decision 0024).
-- Keep in step with ../../postgres/migrations/0018_delivery.sql.

-- A region's zones: one for the whole region (city '') and one per city
-- that differs from it. city_key is the city folded for comparison
-- (lower case, spaces collapsed).
CREATE TABLE delivery_zones (
    id         INTEGER PRIMARY KEY,
    region     TEXT    NOT NULL,
    city       TEXT    NOT NULL DEFAULT '',
    city_key   TEXT    NOT NULL DEFAULT '',
    fee        INTEGER NOT NULL CHECK (fee >= 0),
    days_min   INTEGER NOT NULL CHECK (days_min BETWEEN 0 AND 30),
    days_max   INTEGER NOT NULL CHECK (days_max BETWEEN days_min AND 30),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX delivery_zones_city_idx ON delivery_zones (region, city_key);

CREATE TABLE pickup_points (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    region     TEXT    NOT NULL,
    city       TEXT    NOT NULL,
    address    TEXT    NOT NULL,
    hours      TEXT    NOT NULL DEFAULT '',
    fee        INTEGER NOT NULL CHECK (fee >= 0),
    is_active  INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX pickup_points_region_idx ON pickup_points (region, name);

-- Days without delivery work besides Sundays, as 'YYYY-MM-DD'.
CREATE TABLE holidays (
    day  TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

ALTER TABLE stores ADD COLUMN ship_from_region TEXT NOT NULL DEFAULT '';
ALTER TABLE stores ADD COLUMN ship_from_city TEXT NOT NULL DEFAULT '';
-- Pesewas; NULL: delivery is never free.
ALTER TABLE stores ADD COLUMN free_delivery_over INTEGER;
-- Hour (0–23) before which orders to the ship-from city go out the same day; NULL: never.
ALTER TABLE stores ADD COLUMN same_day_cutoff INTEGER CHECK (same_day_cutoff BETWEEN 0 AND 23);
ALTER TABLE stores ADD COLUMN store_pickup INTEGER NOT NULL DEFAULT 0 CHECK (store_pickup IN (0, 1));

-- The region the shopper chose for delivery quotes ('' = none).
ALTER TABLE users ADD COLUMN delivery_region TEXT NOT NULL DEFAULT '';

-- Each store part's delivery as promised at placement. store_id 0 is the
-- part of lines without a store; pickup is the station's copy as JSON
-- (NULL unless method is 'pickup'). Orders placed with the free-text
-- fields only have no rows.
CREATE TABLE order_deliveries (
    order_id     TEXT    NOT NULL REFERENCES orders (id),
    store_id     INTEGER NOT NULL,
    method       TEXT    NOT NULL CHECK (method IN ('door', 'pickup', 'store')),
    fee          INTEGER NOT NULL CHECK (fee >= 0),
    pickup       TEXT,
    promise_from TEXT    NOT NULL,
    promise_to   TEXT    NOT NULL,
    same_day     INTEGER NOT NULL DEFAULT 0 CHECK (same_day IN (0, 1)),
    PRIMARY KEY (order_id, store_id)
);
