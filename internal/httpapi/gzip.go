package httpapi

import (
	"compress/gzip"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// minGzipSize is the smallest body worth compressing: below it the gzip
// header and CPU cost more than they save.
const minGzipSize = 1024

var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// pageGzipPool compresses the app's pages harder than API answers: a page
// (60 KB with its inlined stylesheet) is the first download of every visit,
// and the default level makes it 13.3 → 11.6 KB for about a millisecond.
var pageGzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// compressible reports whether a content type is text worth compressing.
func compressible(ct string) bool {
	ct, _, _ = strings.Cut(ct, ";")
	switch strings.TrimSpace(ct) {
	case "application/json", "text/html", "text/css", "text/plain", "text/javascript",
		"application/javascript", "image/svg+xml", "application/manifest+json", "application/xml", "text/xml":
		return true
	}
	return false
}

// acceptsGzip reads Accept-Encoding (RFC 9110 §12.5.3): gzip (or x-gzip)
// with a non-zero weight, or else "*" with one. "gzip;q=0" and "*;q=0"
// without a gzip entry mean the client refuses gzip.
func acceptsGzip(r *http.Request) bool { return accepts(r, "gzip", "x-gzip") }

// acceptsBrotli is acceptsGzip for br. Chromium sends it over HTTPS and to
// localhost, so the data budget measured on 127.0.0.1 sees what a phone on
// the HTTPS site gets.
func acceptsBrotli(r *http.Request) bool { return accepts(r, "br") }

// accepts reports whether Accept-Encoding allows one of the names of a
// content coding: listed with a non-zero weight, or else "*" with one.
func accepts(r *http.Request, names ...string) bool {
	codingQ, anyQ := -1.0, -1.0
	for _, part := range strings.Split(strings.Join(r.Header.Values("Accept-Encoding"), ","), ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		switch {
		case slices.Contains(names, coding):
			codingQ = max(codingQ, qValue(params))
		case coding == "*":
			anyQ = max(anyQ, qValue(params))
		}
	}
	if codingQ >= 0 {
		return codingQ > 0
	}
	return anyQ > 0
}

// qValue is the weight among a coding's parameters: 1 when absent, 0 when
// unreadable (when in doubt, send the body as it is).
func qValue(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || !(q >= 0 && q <= 1) {
			return 0
		}
		return q
	}
	return 1
}

// gzipResponses compresses text responses for clients that accept gzip.
// Handlers that already encode (precompressed assets) or stream are left
// alone.
func gzipResponses(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		if !acceptsGzip(r) || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		next.ServeHTTP(gw, r)
	})
}

type gzipWriter struct {
	http.ResponseWriter
	decided bool
	gz      *gzip.Writer
	pool    *sync.Pool
}

func (g *gzipWriter) WriteHeader(code int) {
	if !g.decided {
		g.decide(code)
	}
	g.ResponseWriter.WriteHeader(code)
}

func (g *gzipWriter) decide(code int) {
	g.decided = true
	h := g.Header()
	// A range answer is a slice of the unencoded body, with Content-Range
	// counting its bytes: compressing it would make both wrong.
	if code < 200 || code == http.StatusNoContent || code == http.StatusNotModified ||
		code == http.StatusPartialContent || h.Get("Content-Range") != "" ||
		h.Get("Content-Encoding") != "" || !compressible(h.Get("Content-Type")) {
		return
	}
	if cl, err := strconv.Atoi(h.Get("Content-Length")); err == nil && cl < minGzipSize {
		return
	}
	h.Del("Content-Length")
	// A client resuming this gzip body with a range would get bytes of the
	// unencoded body (range answers are never compressed): do not invite it.
	h.Del("Accept-Ranges")
	h.Set("Content-Encoding", "gzip")
	g.pool = &gzipPool
	if ct, _, _ := strings.Cut(h.Get("Content-Type"), ";"); strings.TrimSpace(ct) == "text/html" {
		g.pool = &pageGzipPool
	}
	gz := g.pool.Get().(*gzip.Writer)
	gz.Reset(g.ResponseWriter)
	g.gz = gz
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	if !g.decided {
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		return g.gz.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

// Flush lets streaming handlers push data through the compressor.
func (g *gzipWriter) Flush() {
	if g.gz != nil {
		_ = g.gz.Flush()
	}
	// The writer below may be a wrapper (the access log's recorder) that
	// only exposes Unwrap; the controller finds the real flusher.
	_ = http.NewResponseController(g.ResponseWriter).Flush()
}

func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

func (g *gzipWriter) close() {
	if g.gz != nil {
		_ = g.gz.Close()
		g.pool.Put(g.gz)
		g.gz = nil
	}
}
