package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestGzipLeavesRangesAlone: a 206 is a slice of the unencoded body with
// Content-Range counting its bytes, so it is never compressed; a full
// answer is, and then does not advertise ranges.
func TestGzipLeavesRangesAlone(t *testing.T) {
	body := []byte(strings.Repeat(`{"name":"Kente cloth","price":"GH₵ 450.00"}`+"\n", 200))
	h := gzipResponses(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		http.ServeContent(w, r, "", time.Unix(1_780_000_000, 0), bytes.NewReader(body))
	}))
	tests := []struct {
		name, rangeHeader string
		status            int
		encoding          string
		want              []byte
	}{
		{"one range", "bytes=0-2047", 206, "", body[:2048]},
		{"range from the middle", "bytes=1000-", 206, "", body[1000:]},
		{"whole body", "", 200, "gzip", body},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/x.json", nil)
			r.Header.Set("Accept-Encoding", "gzip")
			if tc.rangeHeader != "" {
				r.Header.Set("Range", tc.rangeHeader)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tc.status || w.Header().Get("Content-Encoding") != tc.encoding {
				t.Fatalf("status %d, Content-Encoding %q; want %d, %q", w.Code, w.Header().Get("Content-Encoding"),
					tc.status, tc.encoding)
			}
			got := w.Body.Bytes()
			if tc.encoding == "gzip" {
				zr, err := gzip.NewReader(w.Body)
				if err != nil {
					t.Fatal(err)
				}
				got, _ = io.ReadAll(zr)
				if w.Header().Get("Accept-Ranges") != "" || w.Header().Get("Content-Length") != "" {
					t.Errorf("gzip answer with Accept-Ranges %q, Content-Length %q",
						w.Header().Get("Accept-Ranges"), w.Header().Get("Content-Length"))
				}
			}
			if !bytes.Equal(got, tc.want) {
				t.Errorf("body: %d bytes, want %d", len(got), len(tc.want))
			}
		})
	}
	// A handler's own Content-Range (not via ServeContent) is honoured too.
	own := gzipResponses(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Range", "bytes 0-4095/9000")
		_, _ = w.Write(body[:4096])
	}))
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	w := httptest.NewRecorder()
	own.ServeHTTP(w, r)
	if w.Header().Get("Content-Encoding") != "" || w.Body.Len() != 4096 {
		t.Errorf("Content-Range answer: Content-Encoding %q, %d bytes", w.Header().Get("Content-Encoding"), w.Body.Len())
	}
}

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		accept []string
		want   bool
	}{
		{nil, false},
		{[]string{"gzip"}, true},
		{[]string{"br, gzip"}, true},
		{[]string{"GZIP;Q=0.5"}, true},
		{[]string{"x-gzip"}, true},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; q=0.0"}, false},
		{[]string{"gzip;q=0.000"}, false},
		{[]string{"gzip;q=0.001"}, true},
		{[]string{"gzip;q=bogus"}, false},
		{[]string{"gzip;q=2"}, false},
		{[]string{"*"}, true},
		{[]string{"*;q=0"}, false},
		{[]string{"br, *;q=0"}, false},
		{[]string{"gzip, *;q=0"}, true},      // gzip named: "*" is for the others
		{[]string{"*;q=1, gzip;q=0"}, false}, // gzip named and refused
		{[]string{"identity", "gzip"}, true}, // two header lines
		{[]string{"deflate", "gzip;q=0"}, false},
		{[]string{"gzipx, xgzip"}, false},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		for _, v := range tc.accept {
			r.Header.Add("Accept-Encoding", v)
		}
		if got := acceptsGzip(r); got != tc.want {
			t.Errorf("Accept-Encoding %q: %v; want %v", tc.accept, got, tc.want)
		}
	}
}
