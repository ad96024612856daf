package httpapi

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"slices"
	"strconv"
	"sync"
)

// Public catalogue reads (product lists and details, categories, stores) are
// most of the shop's traffic and the same for every visitor. Their encoded
// answers — JSON, and gzip for bodies worth compressing — are kept under the
// service's PublicReadVersion, which moves with every write they depend on
// (catalogue, stock, verified ratings and reviews) and with the default
// shuffle's window, so a kept answer is never served after the write that
// outdated it has committed, on any instance. A hit costs the one-row
// version read and a copy. See docs/decisions/0010-encoded-public-reads.md.

// readCacheBytes bounds the kept bodies; past it the cache starts over (the
// hot pages are back after one request each).
const readCacheBytes = 16 << 20

type readCache struct {
	mu      sync.Mutex
	version string
	size    int
	entries map[string]*encodedRead
}

// encodedRead is one kept answer: the handler's headers and its body, plain
// and (when worth it) gzipped.
type encodedRead struct {
	header http.Header
	plain  []byte
	gz     []byte
}

func (c *readCache) get(version, key string) *encodedRead {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version {
		return nil
	}
	return c.entries[key]
}

func (c *readCache) put(version, key string, e *encodedRead) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(e.plain) + len(e.gz)
	if c.version != version || c.size+n > readCacheBytes {
		c.version, c.size, c.entries = version, 0, map[string]*encodedRead{}
	}
	c.entries[key] = e
	c.size += n
}

// cachedRead serves a public GET handler's 200 answers from the read cache.
// It runs after the Authorization check (a bad token is still a 401), and
// the answers it keeps depend on nothing of the caller's.
func (a *API) cachedRead(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, version, err := a.svc.PublicReadVersion(r.Context())
		if err != nil {
			next(w, r)
			return
		}
		r = r.WithContext(ctx)
		key := r.URL.Path + "?" + r.URL.RawQuery
		if e := a.reads.get(version, key); e != nil {
			e.write(w, r)
			return
		}
		rec := &bodyRecorder{header: http.Header{}, status: http.StatusOK}
		next(rec, r)
		if rec.status != http.StatusOK {
			rec.replay(w)
			return
		}
		e := newEncodedRead(rec.header, rec.body.Bytes())
		a.reads.put(version, key, e)
		e.write(w, r)
	}
}

func newEncodedRead(header http.Header, body []byte) *encodedRead {
	e := &encodedRead{header: header, plain: body}
	if len(body) >= minGzipSize {
		// The middleware's fast level: a miss must not cost more than an
		// uncached answer did (most product details are read once a version).
		var buf bytes.Buffer
		gz := gzipPool.Get().(*gzip.Writer)
		gz.Reset(&buf)
		_, _ = gz.Write(body)
		if gz.Close() == nil {
			e.gz = buf.Bytes()
		}
		gzipPool.Put(gz)
	}
	return e
}

func (e *encodedRead) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range e.header {
		h[k] = slices.Clone(v)
	}
	body := e.plain
	if e.gz != nil && acceptsGzip(r) {
		// Already encoded: the gzip middleware leaves it as it is.
		h.Set("Content-Encoding", "gzip")
		body = e.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// bodyRecorder keeps what a handler writes, to be kept and then sent.
type bodyRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bodyRecorder) Header() http.Header         { return b.header }
func (b *bodyRecorder) WriteHeader(status int)      { b.status = status }
func (b *bodyRecorder) Write(p []byte) (int, error) { return b.body.Write(p) }

// replay sends an answer that is not kept (an error) as the handler wrote it.
func (b *bodyRecorder) replay(w http.ResponseWriter) {
	h := w.Header()
	for k, v := range b.header {
		h[k] = slices.Clone(v)
	}
	w.WriteHeader(b.status)
	_, _ = w.Write(b.body.Bytes())
}
