package shop

import "time"

// PageView is one anonymous page view: no user, no address, no cookie.
type PageView struct {
	Path         string
	ReferrerHost string // "" unless a foreign host
	VisitorHash  string // hex SHA-256 of the day's salt, IP and User-Agent
	ViewedAt     time.Time
	IsBot        bool
}

// SearchMiss is one shopper's search that found nothing.
type SearchMiss struct {
	Term        string // as typed, lower case, spaces collapsed
	VisitorHash string // as for page views
	SearchedAt  time.Time
}

// AnalyticsSummary is the staff view of page views over whole UTC days.
type AnalyticsSummary struct {
	Days         int
	PageViews    int64
	Visitors     int64 // sum of daily unique visitors
	TopPaths     []Count
	TopReferrers []Count
	// MissedSearches are the searches that still find nothing, by the
	// number of visitors (per day) who made them.
	MissedSearches []Count
	Daily          []DayCount
}

// Count is how many page views a path or referrer host had, or how many
// visitors made a search.
type Count struct {
	Key string
	N   int64
}

// DayCount is one UTC day of the summary.
type DayCount struct {
	Date      time.Time
	PageViews int64
	Visitors  int64
}
