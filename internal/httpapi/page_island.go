package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
)

// inject puts the answer of GET <prefix><path>?<q> into the island when it
// succeeds, and returns it.
func (a *API) inject(ctx context.Context, p *page, path string, q url.Values) (json.RawMessage, bool) {
	raw, status := a.internalGet(ctx, path, q)
	if status != http.StatusOK {
		return nil, false
	}
	key := path
	if len(q) > 0 {
		key += "?" + q.Encode()
	}
	p.island[key] = raw
	return raw, true
}

// internalGet asks the API itself, anonymously, through its own handlers:
// the island holds exactly what the app would have been answered, and the
// data comes through the service layer like any API request.
func (a *API) internalGet(ctx context.Context, path string, q url.Values) (json.RawMessage, int) {
	target := a.cfg.APIPrefix + path
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	// Its own request info, so the page's log line and metrics keep the route "spa".
	ctx = context.WithValue(ctx, infoKey, &reqInfo{id: RequestID(ctx)})
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return nil, http.StatusInternalServerError
	}
	w := &bufferWriter{header: http.Header{}}
	a.apiHandler.ServeHTTP(w, req)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return json.RawMessage(w.body.Bytes()), w.status
}

// bufferWriter records an internal response.
type bufferWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *bufferWriter) Header() http.Header { return w.header }
func (w *bufferWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}
func (w *bufferWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

// renderIsland writes the data island. The API's JSON is written without
// HTML escaping, so it is escaped here: "</script>" in a product name
// becomes "\u003c/script\u003e" and cannot end the element.
func renderIsland(b *bytes.Buffer, island map[string]json.RawMessage) {
	if len(island) == 0 {
		return
	}
	var raw bytes.Buffer
	raw.WriteByte('{')
	// In key order: the same page must be the same bytes, or its ETag
	// changes from request to request and a revalidation costs the page.
	for i, key := range slices.Sorted(maps.Keys(island)) {
		if i > 0 {
			raw.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		raw.Write(k)
		raw.WriteByte(':')
		raw.Write(island[key])
	}
	raw.WriteByte('}')
	b.WriteString(`<script type="application/json" id="dwa-data">`)
	json.HTMLEscape(b, raw.Bytes())
	b.WriteString("</script>\n")
}
