package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"dwa/internal/shop"
)

// defaultPageSize is page_size when it is absent or invalid (§1.5).
const defaultPageSize = 20

var errInvalidPage = &shop.Error{Kind: shop.KindNotFound, Code: "not_found", Detail: "Invalid page."}

// pager is how a list request wants its items: a bounded plain array, or —
// with page or page_size — the paged object.
type pager struct {
	paged          bool
	page, pageSize int
	offset, limit  int
}

// pagerFor reads page and page_size. An invalid page is the contract's 404;
// an invalid page_size falls back to the default.
func (a *API) pagerFor(r *http.Request) (pager, error) {
	rawPage, rawSize := lastQueryValue(r, "page"), lastQueryValue(r, "page_size")
	if rawPage == "" && rawSize == "" {
		return pager{limit: a.cfg.ListMax}, nil
	}
	p := pager{paged: true, page: 1, pageSize: defaultPageSize}
	if rawPage != "" {
		n, err := strconv.Atoi(strings.TrimSpace(rawPage))
		if err != nil || n < 1 {
			return pager{}, errInvalidPage
		}
		p.page = n
	}
	if n, err := strconv.Atoi(strings.TrimSpace(rawSize)); err == nil && n >= 1 {
		p.pageSize = n
	}
	p.pageSize = min(p.pageSize, a.cfg.ListMax)
	if p.page > (1<<31)/p.pageSize {
		return pager{}, errInvalidPage
	}
	p.offset, p.limit = (p.page-1)*p.pageSize, p.pageSize
	return p, nil
}

// pagedBody is the contract's paged list object.
type pagedBody struct {
	Count    int     `json:"count"`
	Next     *string `json:"next"`
	Previous *string `json:"previous"`
	Results  any     `json:"results"`
}

// writePage answers a list in the shape the pager asked for. items are the
// page's encoded elements, total the size of the whole list; extra query
// parameters (the shuffle seed) are carried into next/previous links.
func (a *API) writePage(w http.ResponseWriter, r *http.Request, p pager, items []json.RawMessage, total int, extra url.Values) error {
	if items == nil {
		items = []json.RawMessage{}
	}
	if !p.paged {
		w.Header().Set("X-Total-Count", strconv.Itoa(total))
		if total > len(items) {
			w.Header().Set("Link", "<"+a.pageURL(r, 2, p.limit, extra)+`>; rel="next"`)
		}
		return reply(w, http.StatusOK, items)
	}
	if p.page > 1 && len(items) == 0 {
		return errInvalidPage
	}
	body := pagedBody{Count: total, Results: items}
	if p.offset+len(items) < total {
		next := a.pageURL(r, p.page+1, p.pageSize, extra)
		body.Next = &next
	}
	if p.page > 1 {
		prev := a.pageURL(r, p.page-1, p.pageSize, extra)
		body.Previous = &prev
	}
	w.Header().Set("X-Total-Count", strconv.Itoa(total))
	return reply(w, http.StatusOK, body)
}

// pageURL is the absolute URL of another page of this list, built from the
// configured public URL (never Host). Page 1 is written without "page".
func (a *API) pageURL(r *http.Request, page, size int, extra url.Values) string {
	q := r.URL.Query()
	for k, vs := range extra {
		q[k] = vs
	}
	q.Set("page", strconv.Itoa(page))
	if page == 1 {
		q.Del("page")
	}
	q.Set("page_size", strconv.Itoa(size))
	return a.cfg.PublicURL + r.URL.Path + "?" + q.Encode()
}

// encodeAll encodes each element once, so lists of differently shaped
// objects (sparse fields) share one writer.
func encodeAll[T any](xs []T, enc func(T) ([]byte, error)) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, 0, len(xs))
	for _, x := range xs {
		b, err := enc(x)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// marshal encodes v as writeJSON does: HTML characters left as they are.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// writeAll answers a list the service returned whole, cut and paged per
// contract §1.5.
func writeAll[T, D any](a *API, w http.ResponseWriter, r *http.Request, xs []T, dto func(T) D) error {
	p, err := a.pagerFor(r)
	if err != nil {
		return err
	}
	return writeSlice(a, w, r, p, xs[min(p.offset, len(xs)):min(p.offset+p.limit, len(xs))], len(xs), dto)
}

// writeSlice answers with page, the part of a list of total items that p
// asked for (read bounded by the store).
func writeSlice[T, D any](a *API, w http.ResponseWriter, r *http.Request, p pager, page []T, total int, dto func(T) D) error {
	items, err := encodeAll(page, func(x T) ([]byte, error) { return marshal(dto(x)) })
	if err != nil {
		return err
	}
	return a.writePage(w, r, p, items, total, nil)
}
