package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/service"
)

type pageViewRequest struct {
	Path *string `json:"path"`
	// Referrer is raw: a value of any type is at worst ignored, never a 400.
	Referrer json.RawMessage `json:"referrer"`
}

func (a *API) recordPageView(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[pageViewRequest](r)
	if err != nil {
		return err
	}
	var referrer *string
	if f := decodeField(in.Referrer); f.Present && !f.Null && f.TypeErr == "" {
		referrer = &f.Text
	}
	return replyNoContent(w, a.svc.RecordPageView(r.Context(), service.PageViewInput{Path: in.Path, Referrer: referrer,
		IP: clientIP(r, a.cfg.TrustedProxies), UserAgent: r.UserAgent()}))
}

type searchMissRequest struct {
	Query *string `json:"query"`
}

func (a *API) recordSearchMiss(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[searchMissRequest](r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.RecordSearchMiss(r.Context(), service.SearchMissInput{Query: in.Query,
		IP: clientIP(r, a.cfg.TrustedProxies), UserAgent: r.UserAgent()}))
}

type searchCountDTO struct {
	Query    string `json:"query"`
	Visitors int64  `json:"visitors"`
}

type pathCountDTO struct {
	Path      string `json:"path"`
	PageViews int64  `json:"pageviews"`
}

type hostCountDTO struct {
	Host      string `json:"host"`
	PageViews int64  `json:"pageviews"`
}

type dayDTO struct {
	Date      string `json:"date"`
	PageViews int64  `json:"pageviews"`
	Visitors  int64  `json:"visitors"`
}

type summaryDTO struct {
	Days         int            `json:"days"`
	PageViews    int64          `json:"pageviews"`
	Visitors     int64          `json:"visitors"`
	TopPaths     []pathCountDTO `json:"top_paths"`
	TopReferrers []hostCountDTO `json:"top_referrers"`
	// TopMissedSearches extends the contract's summary (api/openapi.yaml).
	TopMissedSearches []searchCountDTO `json:"top_missed_searches"`
	Daily             []dayDTO         `json:"daily"`
}

func (a *API) analyticsSummary(w http.ResponseWriter, r *http.Request) error {
	s, err := a.svc.AnalyticsSummary(r.Context(), lastQueryValue(r, "days"))
	if err != nil {
		return err
	}
	out := summaryDTO{Days: s.Days, PageViews: s.PageViews, Visitors: s.Visitors,
		TopPaths: []pathCountDTO{}, TopReferrers: []hostCountDTO{}, TopMissedSearches: []searchCountDTO{}, Daily: []dayDTO{}}
	for _, c := range s.TopPaths {
		out.TopPaths = append(out.TopPaths, pathCountDTO{Path: c.Key, PageViews: c.N})
	}
	for _, c := range s.TopReferrers {
		out.TopReferrers = append(out.TopReferrers, hostCountDTO{Host: c.Key, PageViews: c.N})
	}
	for _, c := range s.MissedSearches {
		out.TopMissedSearches = append(out.TopMissedSearches, searchCountDTO{Query: c.Key, Visitors: c.N})
	}
	for _, d := range s.Daily {
		out.Daily = append(out.Daily, dayDTO{Date: d.Date.Format("2006-01-02"), PageViews: d.PageViews, Visitors: d.Visitors})
	}
	return reply(w, http.StatusOK, out)
}
