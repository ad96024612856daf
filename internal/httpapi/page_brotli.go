package httpapi

import (
	"bytes"
	"sync"

	"github.com/andybalholm/brotli"
)

// pageBrotliQuality trades bytes for CPU on a page's first compression: on
// the 61 KB home page quality 5 gives 10.9 KB (gzip's default level 11.6)
// in a few milliseconds; 11 gives 9.9 KB but takes some 200 ms, too long
// for the request that finds a page changed.
const pageBrotliQuality = 5

// pageBrotliEntries bounds the cache: about 11 KB a page, 5–6 MB at most.
const pageBrotliEntries = 512

// pageBrotli keeps the brotli form of each page as built, keyed by its
// content tag: a page is the same bytes for every shopper until the
// catalogue changes it, so it is compressed once, not per request.
type pageBrotli struct {
	mu    sync.Mutex
	pages map[string][]byte
}

// get returns the brotli form of body, whose content tag is tag.
func (c *pageBrotli) get(tag string, body []byte) []byte {
	c.mu.Lock()
	br, ok := c.pages[tag]
	c.mu.Unlock()
	if ok {
		return br
	}
	var buf bytes.Buffer
	buf.Grow(len(body) / 4)
	w := brotli.NewWriterLevel(&buf, pageBrotliQuality)
	_, _ = w.Write(body)
	_ = w.Close()
	br = buf.Bytes()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil {
		c.pages = map[string][]byte{}
	}
	if len(c.pages) >= pageBrotliEntries {
		// Pages replaced by a catalogue change are never asked for again;
		// dropping any entry (map order) is as good as tracking which.
		for k := range c.pages {
			delete(c.pages, k)
			break
		}
	}
	c.pages[tag] = br
	return br
}
