// Package s3mediatest runs an in-memory S3-compatible service (gofakes3)
// for tests, so that the minio client signs and speaks the real protocol.
package s3mediatest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// The bucket every Server starts with, and keys for it. gofakes3 does not
// check signatures, so any keys would do.
const (
	Bucket    = "dwa-media"
	AccessKey = "AKIADWATEST"
	SecretKey = "dwa-test-secret-key"
)

// Server is an S3-compatible service on a local port with one bucket.
type Server struct {
	*httptest.Server
	backend *s3mem.Backend

	mu     sync.Mutex
	puts   map[string]http.Header // request headers of the last PUT of each key
	denied bool
}

// New starts a server that lives as long as the test.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{backend: s3mem.New(), puts: map[string]http.Header{}}
	if err := s.backend.CreateBucket(Bucket); err != nil {
		t.Fatal(err)
	}
	fake := gofakes3.New(s.backend).Server()
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.serveDenied(w) {
			return
		}
		if r.Method == http.MethodPut {
			s.mu.Lock()
			s.puts[strings.TrimPrefix(r.URL.Path, "/"+Bucket+"/")] = r.Header.Clone()
			s.mu.Unlock()
		}
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// Env is the configuration that points an app at the server's bucket,
// with a key prefix when prefix is not empty.
func (s *Server) Env(prefix string) map[string]string {
	return map[string]string{"DWA_S3_ENDPOINT": s.URL, "DWA_S3_BUCKET": Bucket, "DWA_S3_ACCESS_KEY": AccessKey,
		"DWA_S3_SECRET_KEY": SecretKey, "DWA_S3_PREFIX": prefix, "DWA_S3_PATH_STYLE": "1"}
}

// PutObject stores data under key directly in the backend, as a copy made
// with another tool would be (no Cache-Control, a generic Content-Type).
func (s *Server) PutObject(t testing.TB, key string, data []byte) {
	t.Helper()
	meta := map[string]string{"Content-Type": "application/octet-stream", "Last-Modified": time.Now().UTC().Format(http.TimeFormat)}
	if _, err := s.backend.PutObject(Bucket, key, meta, bytes.NewReader(data), int64(len(data)), nil); err != nil {
		t.Fatal(err)
	}
}

// Keys lists every key in the bucket, sorted.
func (s *Server) Keys(t testing.TB) []string {
	t.Helper()
	list, err := s.backend.ListBucket(Bucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, c := range list.Contents {
		keys = append(keys, c.Key)
	}
	slices.Sort(keys)
	return keys
}

// Object returns the content and Content-Type of the object under key,
// read from the backend directly; ok is false when there is none.
func (s *Server) Object(t testing.TB, key string) (data []byte, contentType string, ok bool) {
	t.Helper()
	obj, err := s.backend.GetObject(Bucket, key, nil)
	if gofakes3.HasErrorCode(err, gofakes3.ErrNoSuchKey) {
		return nil, "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Contents.Close()
	if data, err = io.ReadAll(obj.Contents); err != nil {
		t.Fatal(err)
	}
	return data, obj.Metadata["Content-Type"], true
}

// PutHeader is what the last PUT of key sent: gofakes3 keeps only some
// metadata (not Cache-Control), so tests look at the request itself.
func (s *Server) PutHeader(key string) http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.puts[key]
}

// Deny makes every request fail with 403 AccessDenied while on, as when
// the keys are revoked; minio does not retry it.
func (s *Server) Deny(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.denied = on
}

func (s *Server) serveDenied(w http.ResponseWriter) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.denied {
		return false
	}
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(http.StatusForbidden)
	_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+
		`<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`)
	return true
}
