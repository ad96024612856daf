package sqldb

import (
	"context"
	"time"

	"dwa/internal/shop"
)

// AddPageView stores one page view.
func (s *Store) AddPageView(ctx context.Context, v shop.PageView) error {
	_, err := s.db.writer().exec(ctx, `INSERT INTO page_views (path, referrer_host, visitor_hash, viewed_at, is_bot)
		VALUES (?, ?, ?, ?, ?)`, v.Path, v.ReferrerHost, v.VisitorHash, shop.Millis(v.ViewedAt), v.IsBot)
	return err
}

// dayMillis is one UTC day; the SQL below spells it out as 86400000.
const dayMillis = 24 * 60 * 60 * 1000

// PageViewSummary sums the human page views of the UTC days from `from`
// (a midnight) up to `to`: totals, unique visitors per day, and the top
// paths and referrer hosts (most views first, then by name).
func (s *Store) PageViewSummary(ctx context.Context, from, to time.Time, top int) (shop.AnalyticsSummary, error) {
	c := s.db.reader()
	lo, hi := shop.Millis(from), shop.Millis(to)
	var sum shop.AnalyticsSummary
	rows, err := c.query(ctx, `SELECT viewed_at / 86400000, COUNT(*), COUNT(DISTINCT visitor_hash) FROM page_views
		WHERE is_bot = FALSE AND viewed_at >= ? AND viewed_at < ? GROUP BY viewed_at / 86400000 ORDER BY 1`, lo, hi)
	if err != nil {
		return sum, err
	}
	defer rows.Close()
	for rows.Next() {
		var day int64
		var d shop.DayCount
		if err := rows.Scan(&day, &d.PageViews, &d.Visitors); err != nil {
			return sum, err
		}
		d.Date = shop.FromMillis(day * dayMillis)
		sum.Daily = append(sum.Daily, d)
	}
	if err := rows.Err(); err != nil {
		return sum, err
	}
	if sum.TopPaths, err = s.topCounts(ctx, c, "path", "", lo, hi, top); err != nil {
		return sum, err
	}
	sum.TopReferrers, err = s.topCounts(ctx, c, "referrer_host", ` AND referrer_host <> ''`, lo, hi, top)
	return sum, err
}

func (s *Store) topCounts(ctx context.Context, c conn, col, extra string, lo, hi int64, top int) ([]shop.Count, error) {
	return counts(ctx, c, `SELECT `+col+`, COUNT(*) FROM page_views
		WHERE is_bot = FALSE AND viewed_at >= ? AND viewed_at < ?`+extra+`
		GROUP BY `+col+` ORDER BY 2 DESC, 1 LIMIT ?`, lo, hi, top)
}

// counts runs a query of (key, count) rows.
func counts(ctx context.Context, c conn, query string, args ...any) ([]shop.Count, error) {
	rows, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.Count
	for rows.Next() {
		var n shop.Count
		if err := rows.Scan(&n.Key, &n.N); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// DailySalt returns the analytics salt of the UTC day starting at `day`,
// storing fresh (hex) when no instance has made one yet. The conditional
// insert lets concurrent instances agree on the first salt written; older
// days' salts are deleted in the same transaction, so they are destroyed
// as soon as any instance reaches the new day.
func (s *Store) DailySalt(ctx context.Context, day time.Time, fresh string) (string, error) {
	var salt string
	err := s.db.inTx(ctx, func(c conn) error {
		d := shop.Millis(day)
		if _, err := c.exec(ctx, `DELETE FROM analytics_salts WHERE day < ?`, d); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO analytics_salts (day, salt) VALUES (?, ?)
			ON CONFLICT (day) DO NOTHING`, d, fresh); err != nil {
			return err
		}
		return s.db.translate(c.queryRow(ctx, `SELECT salt FROM analytics_salts WHERE day = ?`, d).Scan(&salt))
	})
	return salt, err
}

// AddSearchMiss stores one search that found nothing.
func (s *Store) AddSearchMiss(ctx context.Context, m shop.SearchMiss) error {
	_, err := s.db.writer().exec(ctx, `INSERT INTO search_misses (term, visitor_hash, searched_at) VALUES (?, ?, ?)`,
		m.Term, m.VisitorHash, shop.Millis(m.SearchedAt))
	return err
}

// TopSearchMisses ranks the searches that found nothing between from and
// to by visitors: a visitor counts once a day per term (the hash changes
// daily), however often they searched.
func (s *Store) TopSearchMisses(ctx context.Context, from, to time.Time, top int) ([]shop.Count, error) {
	return counts(ctx, s.db.reader(), `SELECT term, COUNT(*) FROM (
			SELECT DISTINCT term, visitor_hash, searched_at / 86400000 AS day FROM search_misses
			WHERE searched_at >= ? AND searched_at < ?) AS m
		GROUP BY term ORDER BY 2 DESC, 1 LIMIT ?`, shop.Millis(from), shop.Millis(to), top)
}
