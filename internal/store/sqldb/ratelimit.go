package sqldb

import (
	"context"
	"database/sql"
	"errors"
)

// HitRateLimit counts one event in a window and returns the window's count.
// The upsert is atomic on both engines, so instances sharing the database
// share the limit.
func (s *Store) HitRateLimit(ctx context.Context, bucket, key string, windowStart int64) (int64, error) {
	var hits int64
	err := s.db.writer().queryRow(ctx, `INSERT INTO rate_limit_counters (bucket, counter_key, window_start, hits)
		VALUES (?, ?, ?, 1)
		ON CONFLICT (bucket, counter_key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
		RETURNING hits`, bucket, key, windowStart).Scan(&hits)
	return hits, s.db.translate(err)
}

// RateLimitHits returns a window's count without adding to it.
func (s *Store) RateLimitHits(ctx context.Context, bucket, key string, windowStart int64) (int64, error) {
	var hits int64
	err := s.db.reader().queryRow(ctx, `SELECT hits FROM rate_limit_counters
		WHERE bucket = ? AND counter_key = ? AND window_start = ?`, bucket, key, windowStart).Scan(&hits)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return hits, s.db.translate(err)
}

// PruneRateLimits deletes windows that started before the given time.
func (s *Store) PruneRateLimits(ctx context.Context, before int64) error {
	_, err := s.db.writer().exec(ctx, `DELETE FROM rate_limit_counters WHERE window_start < ?`, before)
	return err
}
