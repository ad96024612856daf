package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// AnalyticsStore keeps anonymous page views and sums them up.
type AnalyticsStore interface {
	AddPageView(ctx context.Context, v shop.PageView) error
	PageViewSummary(ctx context.Context, from, to time.Time, top int) (shop.AnalyticsSummary, error)
	// DailySalt returns the salt of the UTC day starting at day, storing
	// fresh if there is none yet, and deletes the salts of earlier days.
	DailySalt(ctx context.Context, day time.Time, fresh string) (string, error)
	AddSearchMiss(ctx context.Context, m shop.SearchMiss) error
	TopSearchMisses(ctx context.Context, from, to time.Time, top int) ([]shop.Count, error)
}

// MaxPathLength bounds a page-view path in code points.
const MaxPathLength = 2048

// topEntries is how many paths and referrers the summary lists.
const topEntries = 10

// PageViewInput is a beacon from the storefront plus what the server knows
// of the sender; the IP and User-Agent only feed the visitor hash.
type PageViewInput struct {
	Path, Referrer *string
	IP, UserAgent  string
}

// botUserAgent matches crawlers, link previewers, monitors and scripted
// clients: their views are stored but never counted.
var botUserAgent = regexp.MustCompile(`(?i)bot|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|` +
	`preview|headless|lighthouse|pingdom|uptime|monitor|curl/|wget/|python-|go-http-client|java/|libwww|` +
	`okhttp|axios/|node-fetch|scrapy|httpclient|phantomjs|^$`)

// dailySalt is the secret that makes visitor hashes unlinkable across
// days. Every instance must hash with the same salt, or one visitor served
// by two of them counts twice, so the day's salt is agreed on in the
// database (which keeps only the current day's) and cached here for the
// day. The previous day's copy is overwritten, so once the day has changed
// yesterday's hashes can never be recomputed.
type dailySalt struct {
	mu   sync.Mutex
	day  time.Time
	salt [32]byte
}

func (d *dailySalt) current(ctx context.Context, store AnalyticsStore, now time.Time) ([32]byte, error) {
	now = now.UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.day.Equal(day) {
		return d.salt, nil
	}
	var fresh [32]byte
	if _, err := rand.Read(fresh[:]); err != nil {
		return [32]byte{}, err
	}
	stored, err := store.DailySalt(ctx, day, hex.EncodeToString(fresh[:]))
	if err != nil {
		return [32]byte{}, err
	}
	b, err := hex.DecodeString(stored)
	if err != nil || len(b) != len(d.salt) {
		return [32]byte{}, fmt.Errorf("analytics salt of %s is malformed", day.Format(time.DateOnly))
	}
	copy(d.salt[:], b)
	d.day = day
	return d.salt, nil
}

// RecordPageView validates and stores one page view (contract §2.9).
func (s *Service) RecordPageView(ctx context.Context, in PageViewInput) error {
	fe := shop.FieldErrors{}
	path := requiredText(fe, "path", in.Path, MaxPathLength)
	if !fe.Has("path") && !strings.HasPrefix(path, "/") {
		fe.Add("path", `Enter a path that starts with "/".`)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	now := s.now()
	visitor, err := s.visitorHash(ctx, now, in.IP, in.UserAgent)
	if err != nil {
		return err
	}
	return s.store.AddPageView(ctx, shop.PageView{Path: path, ReferrerHost: s.foreignHost(in.Referrer),
		VisitorHash: visitor, ViewedAt: now, IsBot: botUserAgent.MatchString(in.UserAgent)})
}

// visitorHash is the anonymous visitor key of contract §2.9: SHA-256 of
// the day's salt, the IP and the User-Agent.
func (s *Service) visitorHash(ctx context.Context, now time.Time, ip, userAgent string) (string, error) {
	salt, err := s.salt.current(ctx, s.store, now)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(salt[:])
	h.Write([]byte(ip))
	h.Write([]byte{0})
	h.Write([]byte(userAgent))
	return hex.EncodeToString(h.Sum(nil)), nil
}

// MaxSearchTerm bounds a reported search in code points (the search
// itself reads no more).
const MaxSearchTerm = search.MaxQueryRunes

// missCandidates is how many of the most missed searches the summary
// checks against the catalogue to list topEntries that still find nothing.
const missCandidates = 50

// SearchMissInput is the search page's report that a query found nothing.
type SearchMissInput struct {
	Query         *string
	IP, UserAgent string
}

// RecordSearchMiss keeps a search that found nothing, for the staff's
// "top searches with no results". Only a query that really finds nothing
// is kept, so a report cannot put a term with results on that list; bots'
// reports are accepted and dropped.
func (s *Service) RecordSearchMiss(ctx context.Context, in SearchMissInput) error {
	fe := shop.FieldErrors{}
	q := requiredText(fe, "query", in.Query, MaxSearchTerm)
	if err := fe.Err(); err != nil {
		return err
	}
	if botUserAgent.MatchString(in.UserAgent) {
		return nil
	}
	term := strings.Join(strings.Fields(strings.ToLower(q)), " ")
	found, err := s.searchFinds(ctx, term)
	if err != nil || found {
		return err
	}
	now := s.now()
	visitor, err := s.visitorHash(ctx, now, in.IP, in.UserAgent)
	if err != nil {
		return err
	}
	return s.store.AddSearchMiss(ctx, shop.SearchMiss{Term: term, VisitorHash: visitor, SearchedAt: now})
}

// searchFinds reports whether the product search for term has a result
// (a blank or punctuation-only term has none to find, so it counts as
// found: there is nothing to stock for it).
func (s *Service) searchFinds(ctx context.Context, term string) (bool, error) {
	if sq := search.Parse(term); sq.Blank || len(sq.Terms) == 0 {
		return true, nil
	}
	list, err := s.ListProducts(ctx, ProductFilter{Search: term, Limit: 1})
	return list.Total > 0, err
}

// foreignHost returns the host of an absolute http(s) referrer that is not
// the shop itself; anything else is dropped.
func (s *Service) foreignHost(ref *string) string {
	if ref == nil || *ref == "" || utf8.RuneCountInString(*ref) > MaxPathLength {
		return ""
	}
	u, err := url.Parse(*ref)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" || host == s.ownHost() {
		return ""
	}
	return host
}

func (s *Service) ownHost() string {
	u, err := url.Parse(s.accounts.PublicURL)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// AnalyticsSummary sums the last `days` UTC days, today included, from the
// raw ?days= value (default 30, 1–365).
func (s *Service) AnalyticsSummary(ctx context.Context, rawDays string) (shop.AnalyticsSummary, error) {
	days := 30
	if rawDays != "" {
		n, err := strconv.Atoi(strings.TrimSpace(rawDays))
		switch {
		case err != nil:
			return shop.AnalyticsSummary{}, shop.Invalid(map[string][]string{"days": {"A valid integer is required."}})
		case n < 1:
			return shop.AnalyticsSummary{}, shop.Invalid(map[string][]string{"days": {"Ensure this value is greater than or equal to 1."}})
		case n > 365:
			return shop.AnalyticsSummary{}, shop.Invalid(map[string][]string{"days": {"Ensure this value is less than or equal to 365."}})
		}
		days = n
	}
	now := s.now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	from := today.AddDate(0, 0, 1-days)
	got, err := s.store.PageViewSummary(ctx, from, today.AddDate(0, 0, 1), topEntries)
	if err != nil {
		return shop.AnalyticsSummary{}, err
	}
	sum := shop.AnalyticsSummary{Days: days, TopPaths: got.TopPaths, TopReferrers: got.TopReferrers}
	if sum.MissedSearches, err = s.stillMissed(ctx, from, today.AddDate(0, 0, 1)); err != nil {
		return shop.AnalyticsSummary{}, err
	}
	byDay := make(map[time.Time]shop.DayCount, len(got.Daily))
	for _, d := range got.Daily {
		byDay[d.Date] = d
	}
	// Every day of the window is listed, quiet ones with zeros, so charts
	// need no gap filling.
	for d := from; !d.After(today); d = d.AddDate(0, 0, 1) {
		c := byDay[d]
		c.Date = d
		sum.PageViews += c.PageViews
		sum.Visitors += c.Visitors
		sum.Daily = append(sum.Daily, c)
	}
	return sum, nil
}

// stillMissed is the window's most missed searches that the catalogue
// still cannot answer: one a seller has since stocked drops off the list.
func (s *Service) stillMissed(ctx context.Context, from, to time.Time) ([]shop.Count, error) {
	top, err := s.store.TopSearchMisses(ctx, from, to, missCandidates)
	if err != nil {
		return nil, err
	}
	var out []shop.Count
	for _, c := range top {
		found, err := s.searchFinds(ctx, c.Key)
		if err != nil {
			return nil, err
		}
		if !found {
			out = append(out, c)
		}
		if len(out) == topEntries {
			break
		}
	}
	return out, nil
}
