package httpapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
)

// writeJSON encodes v compactly with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		slog.Error("encode response", "err", err)
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"detail":"Internal server error.","code":"server_error"}`)
	}
	body := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// publicCache marks a public read that shows no stock, price, rating or
// review (the category tree, hero slides) as cacheable for a minute: it
// changes only when staff edit the shop's frame, and a minute's delay there
// hides nothing a shopper acts on.
func publicCache(w http.ResponseWriter) { w.Header().Set("Cache-Control", "public, max-age=60") }

// liveCache marks a public read that shows stock, prices, ratings or reviews:
// a browser may keep it but must revalidate it on every use, which the read
// cache's ETag answers with a 304 when nothing changed (readcache.go), so a
// shopper never sees stock or a price older than the request.
func liveCache(w http.ResponseWriter) { w.Header().Set("Cache-Control", "public, no-cache") }

// absolute makes a root-relative path or URL absolute with the public URL
// (DWA_PUBLIC_URL); absolute http(s) URLs and "" are left as they are. Every
// image and file URL the API answers goes through it, so that a client
// served from another origin can load them (contract §2.2), as the original
// back end's answers allowed.
func (a *API) absolute(u string) string {
	if u == "" || strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	return a.cfg.PublicURL + "/" + strings.TrimPrefix(u, "/")
}
