package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// Public catalogue reads (product lists and details, reviews, categories,
// stores) are most of the shop's traffic and the same for every visitor.
// Their encoded answers — JSON, and gzip for bodies worth compressing — are
// kept, each with what it was computed from (readDeps), and dropped when this
// instance applies a catalogue change that touches it: a changed product
// drops its own answers and — unless only its stock count changed — the
// lists it showed in, before or after the change, and nothing else; a category or store change drops everything (those
// are rare). The default shuffle's window is part of every key. A hit costs a
// map lookup and a copy, no statement. See
// docs/decisions/0010-encoded-public-reads.md.
//
// Every kept answer also carries an ETag, a hash of its headers and body
// taken once when it is kept, so a browser revalidating (If-None-Match) is
// answered 304. The tag names the content, not when it was kept: it agrees
// between instances, and an answer that a write did not change keeps its
// tag. See docs/decisions/0014-revalidated-public-reads.md.

// readCacheBytes bounds the kept bodies; past it the cache starts over (the
// hot pages are back after one request each).
const readCacheBytes = 16 << 20

type readCache struct {
	mu sync.Mutex
	// gen moves with every change applied: an answer computed while one
	// was applied may predate it, so it is not kept.
	gen     uint64
	size    int
	entries map[string]*encodedRead
	byTag   map[string]map[string]struct{} // dependency tag → keys
	// searches are the terms of the search tags in byTag.
	searches map[string][]string
}

// readDeps is what a public answer depends on besides categories and stores
// (every answer does): the products it shows and, for a list, the products
// that could enter it — those of one category or of its stores, or any product.
// Handlers name them with dependOn.
type readDeps struct {
	products   []int64
	stores     []int64 // stores shown (their ratings), or those a list is filtered by
	category   int64   // a list of one category (the deepest level filtered)
	anyProduct bool    // a list any product may enter
	// terms: a search, which a product may enter only if its search
	// document may match them (search.MayMatch), before or after a change.
	terms []string
}

func (d readDeps) tags() []string {
	tags := make([]string, 0, len(d.products)+len(d.stores)+1)
	for _, id := range d.products {
		tags = append(tags, productTag(id))
	}
	for _, id := range d.stores {
		tags = append(tags, storeTag(id))
	}
	if d.anyProduct {
		tags = append(tags, anyProductTag)
	}
	if d.category != 0 {
		tags = append(tags, categoryTag(d.category))
	}
	if d.terms != nil {
		tags = append(tags, searchTag(d.terms))
	}
	return tags
}

const anyProductTag = "*"

// Search tags are the terms after searchTagPrefix, space-separated (terms
// hold no spaces).
const searchTagPrefix = "q "

func searchTag(terms []string) string { return searchTagPrefix + strings.Join(terms, " ") }

func productTag(id int64) string  { return "p" + strconv.FormatInt(id, 10) }
func categoryTag(id int64) string { return "c" + strconv.FormatInt(id, 10) }
func storeTag(id int64) string    { return "s" + strconv.FormatInt(id, 10) }

// changeTags are the tags of every answer a change may have outdated: each
// changed product's own and, when what lists know of it changed (not a sale
// that leaves it in stock), those of the lists it was or is in.
func changeTags(c shop.CatalogueChange) []string {
	var tags []string
	listed := false
	for _, p := range c.Products {
		tags = append(tags, productTag(p.ID))
		if !p.Listed {
			continue
		}
		listed = true
		for _, place := range [2]shop.ProductPlace{p.Before, p.After} {
			for _, id := range place.Categories {
				if id != 0 {
					tags = append(tags, categoryTag(id))
				}
			}
			if place.Store != 0 {
				tags = append(tags, storeTag(place.Store))
			}
		}
	}
	if listed {
		tags = append(tags, anyProductTag)
	}
	return tags
}

// searchTestsPerChange bounds the (product, kept search) pairs a change tests
// with search.MayMatch: past it — a bulk import or price change of thousands
// of products — every kept search is dropped instead (the hot ones are back
// after one request each).
const searchTestsPerChange = 50_000

// forget applies a catalogue change: it drops the answers it may have
// outdated — all of them when categories or stores changed. The kept
// searches are tested against the changed products outside the lock, so
// that reads do not wait on a large change; the generation moved first, so
// no answer computed before the change can be kept meanwhile.
func (c *readCache) forget(change shop.CatalogueChange) {
	c.mu.Lock()
	c.gen++
	if change.Tree {
		c.size, c.entries, c.byTag, c.searches = 0, nil, nil, nil
		c.mu.Unlock()
		return
	}
	listed := 0
	for _, p := range change.Products {
		if p.Listed {
			listed++
		}
	}
	// Most changes are sales that leave a product in stock: nothing a
	// search shows moved, so the kept searches are not even copied.
	var searches map[string][]string
	if listed > 0 {
		searches = maps.Clone(c.searches)
	}
	c.mu.Unlock()

	tags := append(changeTags(change), outdatedSearches(change.Products, listed, searches)...)
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, tag := range tags {
		for key := range c.byTag[tag] {
			c.drop(key)
		}
	}
}

// outdatedSearches are the tags of the kept searches that one of the listed
// changed products may have entered or left — all of them past
// searchTestsPerChange.
func outdatedSearches(products []shop.ChangedProduct, listed int, searches map[string][]string) []string {
	var tags []string
	if listed*len(searches) > searchTestsPerChange {
		for tag := range searches {
			tags = append(tags, tag)
		}
		return tags
	}
	for tag, terms := range searches {
		for _, p := range products {
			if p.Listed && (search.MayMatch(p.BeforeText, terms) || search.MayMatch(p.AfterText, terms)) {
				tags = append(tags, tag)
				break
			}
		}
	}
	return tags
}

// drop forgets one kept answer and its tags; callers hold mu.
func (c *readCache) drop(key string) {
	e := c.entries[key]
	if e == nil {
		return
	}
	delete(c.entries, key)
	c.size -= len(e.plain) + len(e.gz)
	for _, tag := range e.tags {
		keys := c.byTag[tag]
		delete(keys, key)
		if len(keys) == 0 {
			delete(c.byTag, tag)
			delete(c.searches, tag)
		}
	}
}

func (c *readCache) get(key string) (*encodedRead, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries[key], c.gen
}

// put keeps an answer computed from what the cache had seen at gen, unless a
// change has been applied since.
func (c *readCache) put(gen uint64, key string, e *encodedRead) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	n := len(e.plain) + len(e.gz)
	if c.entries == nil || c.size+n > readCacheBytes {
		c.size, c.entries, c.byTag, c.searches = 0, map[string]*encodedRead{}, map[string]map[string]struct{}{}, map[string][]string{}
	}
	c.drop(key)
	c.entries[key] = e
	c.size += n
	for _, tag := range e.tags {
		if c.byTag[tag] == nil {
			c.byTag[tag] = map[string]struct{}{}
			if terms, ok := strings.CutPrefix(tag, searchTagPrefix); ok {
				c.searches[tag] = strings.Split(terms, " ")
			}
		}
		c.byTag[tag][key] = struct{}{}
	}
}

// encodedRead is one kept answer: the handler's headers and its body, plain
// and (when worth it) gzipped, with the strong ETag of each, and the tags of
// what it depends on. The two encodings are different representations (RFC
// 9110 §8.8.3), so they get different tags; Vary: Accept-Encoding
// (gzipResponses) tells caches so.
type encodedRead struct {
	header http.Header
	plain  []byte
	gz     []byte
	tag    string
	gzTag  string
	tags   []string
}

// cachedRead serves a public GET handler's 200 answers from the read cache.
// It runs after the Authorization check (a bad token is still a 401), and
// the answers it keeps depend on nothing of the caller's. An answer whose
// handler named no dependencies (dependOn) is not kept.
func (a *API) cachedRead(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.Path + "?" + r.URL.RawQuery + "#" + strconv.FormatInt(a.svc.DefaultSeed(), 10)
		e, gen := a.reads.get(key)
		if e != nil {
			e.write(w, r)
			return
		}
		rec := &bodyRecorder{header: http.Header{}, status: http.StatusOK}
		next(rec, r)
		if rec.status != http.StatusOK || rec.deps == nil {
			rec.replay(w)
			return
		}
		e = newEncodedRead(rec.header, rec.body.Bytes())
		e.tags = rec.deps.tags()
		a.reads.put(gen, key, e)
		e.write(w, r)
	}
}

// dependOn names what a public answer was computed from, so that the read
// cache can keep it until one of those changes; outside cachedRead it does
// nothing.
func dependOn(w http.ResponseWriter, d readDeps) {
	if rec, ok := w.(*bodyRecorder); ok {
		rec.deps = &d
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
	deps   *readDeps
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
