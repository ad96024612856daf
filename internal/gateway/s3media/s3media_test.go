package s3media_test

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"time"

	"dwa/internal/gateway/s3media"
	"dwa/internal/gateway/s3media/s3mediatest"
)

func open(t *testing.T, srv *s3mediatest.Server, prefix string) *s3media.Bucket {
	t.Helper()
	b, err := s3media.New(s3media.Options{Endpoint: srv.URL, Bucket: s3mediatest.Bucket, AccessKey: s3mediatest.AccessKey,
		SecretKey: s3mediatest.SecretKey, Prefix: prefix, PathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPutOpenDelete(t *testing.T) {
	ctx := context.Background()
	srv := s3mediatest.New(t)
	b := open(t, srv, "")
	const name = "uploads/products/7/abc-320.jpg"
	before := time.Now().Add(-time.Second)
	if err := b.Put(ctx, name, []byte("jpeg bytes")); err != nil {
		t.Fatal(err)
	}
	data, ctype, ok := srv.Object(t, name)
	if !ok || string(data) != "jpeg bytes" || ctype != "image/jpeg" {
		t.Fatalf("stored %q (%s, %v)", data, ctype, ok)
	}
	if cc := srv.PutHeader(name).Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("Cache-Control sent = %q", cc)
	}

	f, err := b.Open(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	info, err := f.Stat()
	if err != nil || info.Name() != "abc-320.jpg" || info.Size() != 10 || info.IsDir() || info.ModTime().Before(before) {
		t.Fatalf("stat = %+v, %v", info, err)
	}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != "jpeg bytes" {
		t.Fatalf("read %q, %v", got, err)
	}
	// http.ServeContent seeks for ranges.
	rs := f.(io.ReadSeeker)
	if _, err := rs.Seek(5, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if got, err = io.ReadAll(rs); err != nil || string(got) != "bytes" {
		t.Errorf("read after seek %q, %v", got, err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	if err := b.Delete(ctx, name); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := srv.Object(t, name); ok {
		t.Error("object still stored after Delete")
	}
	if err := b.Delete(ctx, name); err != nil {
		t.Errorf("deleting a missing object: %v", err)
	}
	if _, err := b.Open(ctx, name); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("opening a missing object: %v", err)
	}
}

func TestPrefix(t *testing.T) {
	ctx := context.Background()
	srv := s3mediatest.New(t)
	b := open(t, srv, "shops/accra")
	if err := b.Put(ctx, "uploads/categories/3/x-640.jpg", []byte("jpeg")); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := srv.Object(t, "shops/accra/uploads/categories/3/x-640.jpg"); !ok {
		t.Fatal("object not stored under the prefix")
	}
	if _, _, ok := srv.Object(t, "uploads/categories/3/x-640.jpg"); ok {
		t.Error("object stored without the prefix")
	}
	if f, err := b.Open(ctx, "uploads/categories/3/x-640.jpg"); err != nil {
		t.Errorf("open through the prefix: %v", err)
	} else {
		f.Close()
	}
	if _, err := open(t, srv, "").Open(ctx, "uploads/categories/3/x-640.jpg"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("another prefix sees the object: %v", err)
	}
	if err := b.Delete(ctx, "uploads/categories/3/x-640.jpg"); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := srv.Object(t, "shops/accra/uploads/categories/3/x-640.jpg"); ok {
		t.Error("Delete missed the prefixed object")
	}
}

func TestInvalidNames(t *testing.T) {
	ctx := context.Background()
	srv := s3mediatest.New(t)
	b := open(t, srv, "shop")
	for _, bad := range []string{"../escape.jpg", "/etc/x.jpg", "a/../../b.jpg", "", "."} {
		if err := b.Put(ctx, bad, []byte("x")); err == nil {
			t.Errorf("Put(%q) accepted", bad)
		}
		if err := b.Delete(ctx, bad); err == nil {
			t.Errorf("Delete(%q) accepted", bad)
		}
		if _, err := b.Open(ctx, bad); !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("Open(%q): %v", bad, err)
		}
	}
}

func TestFailures(t *testing.T) {
	ctx := context.Background()
	srv := s3mediatest.New(t)
	b := open(t, srv, "")
	if err := b.Check(ctx); err != nil {
		t.Fatalf("Check: %v", err)
	}
	missing, err := s3media.New(s3media.Options{Endpoint: srv.URL, Bucket: "no-such-bucket", AccessKey: "k", SecretKey: "s", PathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := missing.Check(ctx); err == nil || !strings.Contains(err.Error(), `bucket "no-such-bucket" does not exist`) {
		t.Errorf("Check of a missing bucket: %v", err)
	}

	if err := b.Put(ctx, "uploads/a-320.jpg", []byte("jpeg")); err != nil {
		t.Fatal(err)
	}
	srv.Deny(true)
	if err := b.Check(ctx); err == nil || !strings.Contains(err.Error(), "Access Denied") {
		t.Errorf("Check with revoked keys: %v", err)
	}
	if err := b.Put(ctx, "uploads/b-320.jpg", []byte("jpeg")); err == nil {
		t.Error("Put succeeded against a refusing service")
	}
	if err := b.Delete(ctx, "uploads/a-320.jpg"); err == nil {
		t.Error("Delete succeeded against a refusing service")
	}
	if _, err := b.Open(ctx, "uploads/a-320.jpg"); err == nil || errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open against a refusing service: %v; want a failure that is not 'missing'", err)
	}

	if _, err := s3media.New(s3media.Options{Endpoint: "minio:9000", Bucket: "b"}); err == nil {
		t.Error("an endpoint without scheme was accepted")
	}
}
