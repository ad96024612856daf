package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"slices"
	"strconv"
	"strings"
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
//
// Every kept answer also carries an ETag, a hash of its headers and body
// taken once when it is kept, so a browser revalidating (If-None-Match) is
// answered 304 for the cost of the version read. The tag names the content,
// not the version it was kept under: it stays right however finely the kept
// answers come to be invalidated, agrees between instances, and an answer
// that a write did not change keeps its tag. See
// docs/decisions/0014-revalidated-public-reads.md.

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
// and (when worth it) gzipped, with the strong ETag of each. The two
// encodings are different representations (RFC 9110 §8.8.3), so they get
// different tags; Vary: Accept-Encoding (gzipResponses) tells caches so.
type encodedRead struct {
	header http.Header
	plain  []byte
	gz     []byte
	tag    string
	gzTag  string
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
	opaque := contentTag(header, body)
	e := &encodedRead{header: header, plain: body, tag: `"` + opaque + `"`, gzTag: `"` + opaque + `-gz"`}
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

// contentTag is the opaque part of an answer's ETag: a hash of the headers
// the handler set (count, links, shuffle seed, Cache-Control — a 304 keeps
// the browser's copy of them too) and of the body. 128 bits of SHA-256 in
// base64url: no quote or backslash, so it is a valid entity-tag as it is.
func contentTag(header http.Header, body []byte) string {
	h := sha256.New()
	keys := make([]string, 0, len(header))
	for k := range header {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, v := range header[k] {
			h.Write([]byte(k + ": " + v + "\n"))
		}
	}
	h.Write([]byte("\n"))
	h.Write(body)
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16])
}

func (e *encodedRead) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	body, tag := e.plain, e.tag
	gz := e.gz != nil && acceptsGzip(r)
	if gz {
		body, tag = e.gz, e.gzTag
	}
	if noneMatch(r.Header.Values("If-None-Match"), tag) {
		// The browser's copy is current: only the fields that refresh it
		// (RFC 9110 §15.4.5; Vary comes from gzipResponses).
		h.Set("ETag", tag)
		h.Set("Cache-Control", e.header.Get("Cache-Control"))
		w.WriteHeader(http.StatusNotModified)
		return
	}
	for k, v := range e.header {
		h[k] = slices.Clone(v)
	}
	if gz {
		// Already encoded: the gzip middleware leaves it as it is.
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", tag)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// noneMatch evaluates If-None-Match (RFC 9110 §13.1.2) against the tag of
// the representation this request would get: true — answer 304 — when a
// field value is "*" or one of its entity-tags matches by weak comparison
// (W/ ignored, opaque parts equal). Commas may occur inside an entity-tag,
// so the list is scanned, not split; a malformed rest of a field is ignored.
func noneMatch(fields []string, tag string) bool {
	for _, f := range fields {
		if strings.TrimSpace(f) == "*" {
			return true
		}
		for s := f; ; {
			s = strings.TrimLeft(s, " \t,")
			s = strings.TrimPrefix(s, "W/")
			if len(s) < 2 || s[0] != '"' {
				break
			}
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				break
			}
			if s[:end+2] == tag {
				return true
			}
			s = s[end+2:]
		}
	}
	return false
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
