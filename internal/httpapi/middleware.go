package httpapi

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"
)

type ctxKey int

const infoKey ctxKey = 0

// reqInfo travels in the request context so that the outer middleware can
// learn what the inner layers decided (route pattern, request id).
type reqInfo struct {
	id    string
	route string
	log   *slog.Logger
}

func infoFrom(ctx context.Context) *reqInfo {
	i, _ := ctx.Value(infoKey).(*reqInfo)
	return i
}

// RequestID returns the id of the request being served, for log handlers.
func RequestID(ctx context.Context) string {
	if i := infoFrom(ctx); i != nil {
		return i.id
	}
	return ""
}

// logFor is the API's logger for lines about the request being served;
// outside a request (tests calling helpers directly) the default one.
func logFor(ctx context.Context) *slog.Logger {
	if i := infoFrom(ctx); i != nil && i.log != nil {
		return i.log
	}
	return slog.Default()
}

// LogRequestIDs wraps h so that every record logged while a request is
// served carries its request id; wrapping twice adds it once.
func LogRequestIDs(h slog.Handler) slog.Handler {
	if _, ok := h.(requestIDHandler); ok {
		return h
	}
	return requestIDHandler{h}
}

type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h requestIDHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(as)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}

// validRequestID accepts 1–64 characters of [A-Za-z0-9._:-].
func validRequestID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("._:-", c) >= 0) {
			return false
		}
	}
	return true
}

func newRequestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// statusRecorder remembers the status and size for logs and metrics.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// statusClientClosed is recorded for a request whose client went away
// before it was answered (nginx's 499): nobody receives the answer, and
// the failure is not the server's, so it stays out of the 5xx series.
const statusClientClosed = 499

// clientGone reports whether the client of r has gone away. The server's
// base context is never cancelled (cmd/dwa serve), so a done request
// context means the connection closed (or, in HTTP/2, the stream reset).
func clientGone(r *http.Request) bool { return r.Context().Err() != nil }

// observe is the outermost layer: request id, access log, metrics, and a
// recovery that turns a panic into the contract's 500.
func (a *API) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &reqInfo{id: r.Header.Get("X-Request-ID"), log: a.log}
		if !validRequestID(info.id) {
			info.id = newRequestID()
		}
		w.Header().Set("X-Request-ID", info.id)
		r = r.WithContext(context.WithValue(r.Context(), infoKey, info))
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			panicked := false
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				panicked = true
				a.log.ErrorContext(r.Context(), "panic", "panic", p, "stack", string(debug.Stack()))
				if rec.status == 0 {
					writeJSON(rec, http.StatusInternalServerError, errInternal)
				}
			}
			elapsed := time.Since(start)
			route := info.route
			if route == "" {
				route = "other"
			}
			status := cmp.Or(rec.status, http.StatusOK)
			// A handler cut short by the departed client fails or answers
			// nothing; either way the client closed the request.
			if !panicked && clientGone(r) && (rec.status == 0 || status >= 500) {
				status = statusClientClosed
			}
			a.metrics.observe(route, r.Method, status, elapsed)
			a.accessLog(r, route, status, rec.bytes, elapsed)
		}()
		next.ServeHTTP(rec, r)
	})
}

// accessLog writes the request's line when the configured mode wants it:
// errors (4xx, 5xx, 499) and slow requests in every mode but off; in
// sampled mode also one in N of the rest.
func (a *API) accessLog(r *http.Request, route string, status int, bytes int64, elapsed time.Duration) {
	mode := a.cfg.AccessLog
	slow := elapsed >= mode.Slow
	switch {
	case mode.Mode == "off":
		return
	case mode.Mode == "all", status >= 400, slow:
	case mode.Mode == "sampled" && a.sampled.Add(1)%uint64(mode.Every) == 0:
	default:
		return
	}
	attrs := []slog.Attr{slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.String("route", route),
		slog.Int("status", status), slog.Int64("bytes", bytes),
		slog.Float64("ms", float64(elapsed.Microseconds())/1000)}
	if slow {
		attrs = append(attrs, slog.Bool("slow", true))
	}
	a.log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
}

// securityHeaders sets each response's security headers by what it is
// (decision 0025). A document — a page, and anything else a browser could
// open and render as one (SVG, XML, text, an error page, anything unknown) —
// gets the full set; an SVG's CSP is svgSecurityPolicy, which runs nothing.
// A script, stylesheet, raster image, font, manifest or event stream is
// never a document: it gets nosniff, the one header that applies to it, and
// HSTS. So does an answer without a body (204, 304: a 304's headers only
// update those the browser kept). A JSON answer gets nosniff and a CSP that
// lets it load nothing and be framed nowhere, should it be opened directly.
// A handler's own CSP is kept. The service worker's script keeps the full
// set: its CSP is the worker's own policy.
func (a *API) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		if strings.HasPrefix(a.cfg.PublicURL, "https://") {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		sw := &securityWriter{ResponseWriter: w, api: a, worker: r.URL.Path == "/sw.js"}
		// A handler that wrote nothing or panicked (the observer answers
		// for it) gets the full set: what follows is not its response.
		defer func() {
			if !sw.decided {
				sw.decided = true
				documentHeaders(h, a.csp)
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// The policy of a JSON answer: nothing to load, no framing.
const dataSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

// The policy of an SVG opened directly: its own styles, no script, no
// loads, no framing, and a unique origin.
const svgSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"

// securityWriter sets the headers when the response's Content-Type is
// known, at its first WriteHeader, Write or Flush.
type securityWriter struct {
	http.ResponseWriter
	api     *API
	worker  bool
	decided bool
}

func (s *securityWriter) decide(code int) {
	if s.decided {
		return
	}
	s.decided = true
	h := s.Header()
	ct, _, _ := strings.Cut(h.Get("Content-Type"), ";")
	switch kind := strings.ToLower(strings.TrimSpace(ct)); {
	case s.worker:
	case subresourceTypes[kind], code == http.StatusNoContent, code == http.StatusNotModified:
		return
	case kind == "application/json" || kind == "application/problem+json":
		if h.Get("Content-Security-Policy") == "" {
			h.Set("Content-Security-Policy", dataSecurityPolicy)
		}
		return
	case kind == "image/svg+xml":
		if h.Get("Content-Security-Policy") == "" {
			h.Set("Content-Security-Policy", svgSecurityPolicy)
		}
	}
	documentHeaders(h, s.api.csp)
}

// documentHeaders are the full set, for anything a browser may render as a
// page; a CSP already set is kept.
func documentHeaders(h http.Header, csp string) {
	if h.Get("Content-Security-Policy") == "" {
		h.Set("Content-Security-Policy", csp)
	}
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self \"https://checkout.paystack.com\")")
	h.Set("Cross-Origin-Opener-Policy", "same-origin-allow-popups")
}

// subresourceTypes are the media types a browser never renders as a page
// of ours: opened directly, a script or stylesheet shows as text, an image
// in the browser's own viewer.
var subresourceTypes = map[string]bool{
	"text/javascript": true, "application/javascript": true, "text/css": true,
	"image/png": true, "image/jpeg": true, "image/webp": true, "image/avif": true, "image/gif": true,
	"image/x-icon": true, "image/vnd.microsoft.icon": true,
	"font/woff2": true, "font/woff": true,
	"application/manifest+json": true, "text/event-stream": true,
}

func (s *securityWriter) WriteHeader(code int) {
	s.decide(code)
	s.ResponseWriter.WriteHeader(code)
}

func (s *securityWriter) Write(b []byte) (int, error) {
	s.decide(http.StatusOK)
	return s.ResponseWriter.Write(b)
}

func (s *securityWriter) Flush() {
	s.decide(http.StatusOK)
	_ = http.NewResponseController(s.ResponseWriter).Flush()
}

func (s *securityWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// contentSecurityPolicy allows only our own origin plus the card payment
// provider's script, frame and API hosts. The service worker and the app
// manifest are named although default-src covers them: a change to
// default-src must not silently stop the app installing (decision 0026).
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://js.paystack.co; " +
	"worker-src 'self'; manifest-src 'self'; " +
	"frame-src https://checkout.paystack.com; " +
	"connect-src 'self' https://api.paystack.co; " +
	"img-src 'self' data: https:; " +
	"style-src 'self' 'unsafe-inline'; " +
	"font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// imagesFrom lets pages load images from the public URL even when it is
// plain http (development): image URLs are absolute (API.absolute), and a
// page opened on another name of the host ("127.0.0.1" for "localhost")
// would find them blocked by "img-src 'self'". https: is allowed already.
func imagesFrom(policy, publicURL string) string {
	if !strings.HasPrefix(publicURL, "http://") {
		return policy
	}
	origin := publicURL
	if i := strings.Index(origin[len("http://"):], "/"); i >= 0 {
		origin = origin[:len("http://")+i]
	}
	return strings.Replace(policy, "img-src 'self' data: https:;", "img-src 'self' data: https: "+origin+";", 1)
}

// cors applies the configured origins to API requests; none by default.
func (a *API) cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" || !slices.Contains(a.cfg.CORSOrigins, origin) {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Expose-Headers", "Link, X-Total-Count, X-Request-ID, Retry-After, X-Shuffle-Seed")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST, PATCH, DELETE, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, X-Request-ID, Last-Event-ID")
			h.Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}
