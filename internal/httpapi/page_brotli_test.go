package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Pages go out in brotli to clients that accept it (decision 0025): the same page as gzip or
// plain, one weak ETag for all three, a 304 for a page the client has, Vary on the encoding and on
// Save-Data; a catalogue change is a new page, compressed anew. Through the real handler.
func TestPagesInBrotli(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		// Enough of a catalogue for a page worth compressing (below 1 KB a page goes as it is).
		a.OpenStore("Kumasi Gadgets")
		phones := a.Category("Phones", "phones", nil, 0, true)
		for i := range 12 {
			a.Products(shoptest.NewProduct("Tecno Spark "+strconv.Itoa(i), 120000, phones))
		}
		plain := a.Do("GET", "/", "")
		assertStatus(t, plain.Code, http.StatusOK)
		tag := plain.Header().Get("ETag")
		decode := map[string]func(io.Reader) (io.Reader, error){
			"br":   func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
			"gzip": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		}
		for _, tc := range []struct{ accept, encoding string }{
			{"gzip, deflate, br, zstd", "br"},
			{"br;q=1, gzip;q=0.5", "br"},
			{"gzip", "gzip"},
			{"br;q=0, gzip", "gzip"},
		} {
			t.Run(tc.accept, func(t *testing.T) {
				for range 2 { // the second answer comes from the cache of built pages
					w := a.Do("GET", "/", "", "Accept-Encoding", tc.accept)
					h := w.Header()
					if h.Get("Content-Encoding") != tc.encoding || h.Get("ETag") != tag {
						t.Fatalf("Content-Encoding %q, ETag %q; want %q, %q", h.Get("Content-Encoding"), h.Get("ETag"), tc.encoding, tag)
					}
					if vary := strings.Join(h.Values("Vary"), ", "); !strings.Contains(vary, "Accept-Encoding") || !strings.Contains(vary, "Save-Data") {
						t.Errorf("Vary = %q", vary)
					}
					if tc.encoding == "br" && h.Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
						t.Errorf("Content-Length %q for %d bytes", h.Get("Content-Length"), w.Body.Len())
					}
					r, err := decode[tc.encoding](w.Body)
					if err != nil {
						t.Fatal(err)
					}
					if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, plain.Body.Bytes()) {
						t.Errorf("decoded page differs from the plain one (%v)", err)
					}
				}
				if w := a.Do("GET", "/", "", "Accept-Encoding", tc.accept, "If-None-Match", tag); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
					t.Errorf("revalidation: status %d, %d bytes", w.Code, w.Body.Len())
				}
			})
		}
		// A page too small to gain stays as it is.
		if w := a.Do("GET", "/forgot-password", "", "Accept-Encoding", "br"); w.Body.Len() < 1024 && w.Header().Get("Content-Encoding") != "" {
			t.Errorf("a %d-byte page went out as %q", w.Body.Len(), w.Header().Get("Content-Encoding"))
		}
		// HEAD answers as it always did: no body, nothing encoded.
		if w := a.Do("HEAD", "/", "", "Accept-Encoding", "br"); w.Header().Get("Content-Encoding") != "" || w.Body.Len() != 0 {
			t.Errorf("HEAD: %v, %d bytes", w.Header(), w.Body.Len())
		}

		a.Category("Brotli Phones", "brotli-phones", nil, 1, true)
		w := a.Do("GET", "/", "", "Accept-Encoding", "br")
		if w.Header().Get("ETag") == tag {
			t.Fatalf("the page kept its ETag %q after a catalogue change", tag)
		}
		if got, err := io.ReadAll(brotli.NewReader(w.Body)); err != nil || !bytes.Contains(got, []byte("Brotli Phones")) {
			t.Errorf("the changed page's brotli form lacks the new category (%v)", err)
		}
	})
}
