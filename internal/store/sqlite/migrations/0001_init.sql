-- Dwa data model, SQLite flavour. Timestamps are Unix milliseconds (UTC);
-- money is integer pesewas; booleans are 0/1. Keep in step with
-- ../../postgres/migrations/0001_init.sql (same tables, same meaning).

CREATE TABLE users (
    id                  INTEGER PRIMARY KEY,
    username            TEXT    NOT NULL,
    username_key        TEXT    NOT NULL UNIQUE,
    email               TEXT    NOT NULL,
    email_key           TEXT    NOT NULL UNIQUE,
    password_hash       TEXT    NOT NULL,
    is_staff            INTEGER NOT NULL DEFAULT 0 CHECK (is_staff IN (0, 1)),
    is_active           INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    date_joined         INTEGER NOT NULL,
    last_login          INTEGER,
    password_changed_at INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE stores (
    id           INTEGER PRIMARY KEY,
    owner_id     INTEGER NOT NULL UNIQUE REFERENCES users (id),
    name         TEXT    NOT NULL,
    name_key     TEXT    NOT NULL UNIQUE,
    logo         TEXT    NOT NULL DEFAULT '',
    description  TEXT    NOT NULL DEFAULT '',
    contact_info TEXT    NOT NULL DEFAULT '',
    address      TEXT    NOT NULL DEFAULT '',
    is_active    INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at   INTEGER NOT NULL
);

CREATE TABLE categories (
    id        INTEGER PRIMARY KEY,
    parent_id INTEGER REFERENCES categories (id),
    level     INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
    name      TEXT    NOT NULL,
    slug      TEXT    NOT NULL UNIQUE,
    position  INTEGER NOT NULL DEFAULT 0,
    is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1))
);
CREATE INDEX categories_parent_idx ON categories (parent_id, position, name);

CREATE TABLE category_images (
    id          INTEGER PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    image       TEXT    NOT NULL,
    position    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX category_images_category_idx ON category_images (category_id, position);

CREATE TABLE products (
    id                 INTEGER PRIMARY KEY,
    store_id           INTEGER REFERENCES stores (id),
    category_id        INTEGER REFERENCES categories (id),
    subcategory_id     INTEGER REFERENCES categories (id),
    sub_subcategory_id INTEGER REFERENCES categories (id),
    name               TEXT    NOT NULL,
    slug               TEXT    NOT NULL UNIQUE,
    description        TEXT    NOT NULL DEFAULT '',
    specification      TEXT    NOT NULL DEFAULT '',
    unit_price         INTEGER NOT NULL CHECK (unit_price >= 0),
    inventory          INTEGER NOT NULL DEFAULT 0 CHECK (inventory >= 0),
    is_active          INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
);
CREATE INDEX products_store_idx ON products (store_id);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_subcategory_idx ON products (subcategory_id);
CREATE INDEX products_sub_subcategory_idx ON products (sub_subcategory_id);
CREATE INDEX products_price_idx ON products (unit_price);
CREATE INDEX products_created_idx ON products (created_at);
CREATE INDEX products_name_idx ON products (name);

CREATE TABLE product_images (
    id         INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    image      TEXT    NOT NULL,
    position   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_images_product_idx ON product_images (product_id, position);

CREATE TABLE reviews (
    id           INTEGER PRIMARY KEY,
    product_id   INTEGER NOT NULL REFERENCES products (id),
    user_id      INTEGER NOT NULL REFERENCES users (id),
    review       TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    date_created INTEGER NOT NULL,
    UNIQUE (product_id, user_id)
);
CREATE INDEX reviews_user_idx ON reviews (user_id);
CREATE INDEX reviews_status_idx ON reviews (status, date_created);

CREATE TABLE ratings (
    id           INTEGER PRIMARY KEY,
    product_id   INTEGER NOT NULL REFERENCES products (id),
    user_id      INTEGER NOT NULL REFERENCES users (id),
    rating       INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    status       TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    date_created INTEGER NOT NULL,
    UNIQUE (product_id, user_id)
);
CREATE INDEX ratings_user_idx ON ratings (user_id);
CREATE INDEX ratings_status_idx ON ratings (status, date_created);

CREATE TABLE carts (
    id         TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX carts_one_active_idx ON carts (user_id) WHERE status = 'active';
CREATE INDEX carts_user_idx ON carts (user_id);

CREATE TABLE cart_items (
    id         INTEGER PRIMARY KEY,
    cart_id    TEXT    NOT NULL REFERENCES carts (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (cart_id, product_id)
);
CREATE INDEX cart_items_product_idx ON cart_items (product_id);

CREATE TABLE orders (
    id               TEXT    PRIMARY KEY,
    user_id          INTEGER NOT NULL REFERENCES users (id),
    status           TEXT    NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
    amount           INTEGER NOT NULL CHECK (amount >= 0),
    shipping_address TEXT    NOT NULL,
    contact_info     TEXT    NOT NULL,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    paid_at          INTEGER,
    cancelled_at     INTEGER,
    hidden_by_user   INTEGER NOT NULL DEFAULT 0 CHECK (hidden_by_user IN (0, 1))
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
CREATE INDEX orders_status_idx ON orders (status, created_at);

CREATE TABLE order_items (
    id         INTEGER PRIMARY KEY,
    order_id   TEXT    NOT NULL REFERENCES orders (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    store_id   INTEGER REFERENCES stores (id),
    name       TEXT    NOT NULL,
    unit_price INTEGER NOT NULL CHECK (unit_price >= 0),
    quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99)
);
CREATE INDEX order_items_order_idx ON order_items (order_id);
CREATE INDEX order_items_product_idx ON order_items (product_id);
CREATE INDEX order_items_store_idx ON order_items (store_id);

CREATE TABLE payments (
    id               INTEGER PRIMARY KEY,
    order_id         TEXT    NOT NULL REFERENCES orders (id),
    user_id          INTEGER NOT NULL REFERENCES users (id),
    reference        TEXT    NOT NULL UNIQUE,
    amount           INTEGER NOT NULL CHECK (amount >= 0),
    currency         TEXT    NOT NULL DEFAULT 'GHS',
    status           TEXT    NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'successful', 'failed', 'refunded')),
    provider         TEXT    NOT NULL,
    access_code      TEXT,
    gateway_response TEXT    NOT NULL DEFAULT '',
    flag             TEXT    NOT NULL DEFAULT '' CHECK (flag IN ('', 'review', 'refund')),
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    paid_at          INTEGER
);
CREATE UNIQUE INDEX payments_one_pending_idx ON payments (order_id, provider) WHERE status = 'pending';
CREATE INDEX payments_order_idx ON payments (order_id);
CREATE INDEX payments_user_idx ON payments (user_id, created_at);
CREATE INDEX payments_pending_idx ON payments (status, created_at);

CREATE TABLE payment_events (
    id           INTEGER PRIMARY KEY,
    provider     TEXT    NOT NULL,
    event        TEXT    NOT NULL,
    reference    TEXT    NOT NULL,
    payload      TEXT    NOT NULL,
    received_at  INTEGER NOT NULL,
    processed_at INTEGER,
    UNIQUE (provider, event, reference)
);
CREATE INDEX payment_events_unprocessed_idx ON payment_events (processed_at);

CREATE TABLE wishlists (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    date_added INTEGER NOT NULL,
    UNIQUE (user_id, product_id)
);
CREATE INDEX wishlists_product_idx ON wishlists (product_id);

CREATE TABLE messages (
    id                INTEGER PRIMARY KEY,
    sender_id         INTEGER NOT NULL REFERENCES users (id),
    sender_store_id   INTEGER REFERENCES stores (id),
    receiver_user_id  INTEGER REFERENCES users (id),
    receiver_store_id INTEGER REFERENCES stores (id),
    content           TEXT    NOT NULL,
    is_read           INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
    created_at        INTEGER NOT NULL,
    CHECK ((receiver_user_id IS NULL) <> (receiver_store_id IS NULL))
);
CREATE INDEX messages_sender_idx ON messages (sender_id, id);
CREATE INDEX messages_sender_store_idx ON messages (sender_store_id);
CREATE INDEX messages_receiver_user_idx ON messages (receiver_user_id, id);
CREATE INDEX messages_receiver_store_idx ON messages (receiver_store_id, id);

CREATE TABLE complaints (
    id         INTEGER PRIMARY KEY,
    email      TEXT    NOT NULL,
    complaint  TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    handled_at INTEGER
);
CREATE INDEX complaints_open_idx ON complaints (handled_at, created_at);

CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    to_addr         TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    text_body       TEXT    NOT NULL,
    html_body       TEXT    NOT NULL DEFAULT '',
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error      TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    sent_at         INTEGER
);
CREATE INDEX outbox_due_idx ON outbox (status, next_attempt_at);

CREATE TABLE refresh_tokens (
    jti        TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    issued_at  INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);

CREATE TABLE password_reset_tokens (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    token_hash TEXT    NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

CREATE TABLE idempotency_keys (
    user_id         INTEGER NOT NULL REFERENCES users (id),
    idem_key        TEXT    NOT NULL,
    request_hash    TEXT    NOT NULL,
    state           TEXT    NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
    response_status INTEGER,
    response_body   TEXT,
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE rate_limit_counters (
    bucket       TEXT    NOT NULL,
    counter_key  TEXT    NOT NULL,
    window_start INTEGER NOT NULL,
    hits         INTEGER NOT NULL,
    PRIMARY KEY (bucket, counter_key, window_start)
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);

CREATE TABLE stream_tickets (
    ticket_hash TEXT    PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id),
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
);
CREATE INDEX stream_tickets_user_idx ON stream_tickets (user_id);

CREATE TABLE page_views (
    id            INTEGER PRIMARY KEY,
    path          TEXT    NOT NULL,
    referrer_host TEXT    NOT NULL DEFAULT '',
    visitor_hash  TEXT    NOT NULL,
    viewed_at     INTEGER NOT NULL,
    is_bot        INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1))
);
CREATE INDEX page_views_time_idx ON page_views (viewed_at);
CREATE INDEX page_views_path_idx ON page_views (path, viewed_at);

CREATE TABLE hero_slides (
    id          INTEGER PRIMARY KEY,
    title       TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    image       TEXT    NOT NULL,
    link        TEXT    NOT NULL,
    position    INTEGER NOT NULL DEFAULT 0,
    is_active   INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1))
);
CREATE INDEX hero_slides_position_idx ON hero_slides (position);
