package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"dwa/internal/gateway/s3media/s3mediatest"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const immutable = "public, max-age=31536000, immutable"

// TestMediaFromBucket serves /media/uploads/… from the configured bucket
// (under its prefix) and everything else from the media directory.
func TestMediaFromBucket(t *testing.T) {
	srv := s3mediatest.New(t)
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), srv.Env("shop1"))
	jpeg := []byte("\xff\xd8\xff\xe0 not really a JPEG, served as stored")
	srv.PutObject(t, "shop1/uploads/products/7/abc-320.jpg", jpeg)
	srv.PutObject(t, "uploads/products/7/unprefixed-320.jpg", jpeg)

	w := a.Do("GET", "/media/uploads/products/7/abc-320.jpg", "")
	assertStatus(t, w.Code, 200)
	if w.Body.String() != string(jpeg) {
		t.Errorf("body = %q", w.Body)
	}
	h := w.Header()
	if h.Get("Content-Type") != "image/jpeg" || h.Get("Cache-Control") != immutable ||
		h.Get("Content-Length") != fmt.Sprint(len(jpeg)) || h.Get("Last-Modified") == "" {
		t.Errorf("headers = %v", h)
	}

	w = a.Do("HEAD", "/media/uploads/products/7/abc-320.jpg", "")
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != fmt.Sprint(len(jpeg)) {
		t.Errorf("HEAD: %d %v %q", w.Code, w.Header(), w.Body)
	}
	w = a.Do("GET", "/media/uploads/products/7/abc-320.jpg", "", "Range", "bytes=4-6")
	if w.Code != 206 || w.Body.String() != string(jpeg[4:7]) {
		t.Errorf("range: %d %q", w.Code, w.Body)
	}
	w = a.Do("GET", "/media/uploads/products/7/abc-320.jpg", "", "If-Modified-Since", h.Get("Last-Modified"))
	assertStatus(t, w.Code, 304)

	for _, path := range []string{
		"/media/uploads/products/7/missing-320.jpg",
		"/media/uploads/products/7/unprefixed-320.jpg", // outside the prefix
		"/media/uploads/products/7/abc-320.txt",
		"/media/uploads/products/7/",
	} {
		if w := a.Do("GET", path, ""); w.Code != 404 {
			t.Errorf("%s: status %d", path, w.Code)
		}
	}

	// Demo artwork stays on disk.
	w = a.Do("GET", "/media/demo/products/phone-1.svg", "")
	assertStatus(t, w.Code, 200)
	if !strings.Contains(w.Header().Get("Content-Security-Policy"), "sandbox") || w.Header().Get("Cache-Control") != "public, max-age=86400" {
		t.Errorf("demo headers = %v", w.Header())
	}

	// A failing bucket is the server's problem: 502, not cached, not a 404.
	srv.Deny(true)
	w = a.Do("GET", "/media/uploads/products/7/abc-320.jpg", "")
	assertStatus(t, w.Code, 502)
	if w.Header().Get("Cache-Control") != "no-store" || strings.Contains(w.Body.String(), "Access Denied") {
		t.Errorf("failure answered %v %q", w.Header(), w.Body)
	}
	assertStatus(t, a.Do("GET", "/media/demo/products/phone-1.svg", "").Code, 200)
}

// TestSellerImagesInBucket uploads through the seller API with S3
// configured: the renditions land in the bucket, are served back from it,
// and deleting the image removes them.
func TestSellerImagesInBucket(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		srv := s3mediatest.New(t)
		a := shoptest.NewApp(t, st, srv.Env("shop1"))
		f := newSellerFixture(a)
		body, headers := upload(t, "photo.png", "image/png", photo(t, 1400, 700, true))
		w := a.Do("POST", fmt.Sprintf("/api/seller/products/%d/images/", f.headset.ID), body, append(f.owner.Auth(), headers...)...)
		assertStatus(t, w.Code, 201)
		var p sellerImages
		decode(t, w.Body.Bytes(), &p)
		url := p.Images[len(p.Images)-1].Image
		base, ok := strings.CutSuffix(url, "-1024.jpg")
		if !ok || !strings.HasPrefix(url, fmt.Sprintf(testPublicURL+"/media/uploads/products/%d/", f.headset.ID)) {
			t.Fatalf("stored as %s", url)
		}
		name := strings.TrimPrefix(base, testPublicURL+"/media/")
		want := []string{"shop1/" + name + "-1024.jpg", "shop1/" + name + "-320.jpg", "shop1/" + name + "-640.jpg"}
		if got := srv.Keys(t); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("bucket holds %v; want %v", got, want)
		}
		for _, key := range want {
			stored, ctype, _ := srv.Object(t, key)
			if ctype != "image/jpeg" || srv.PutHeader(key).Get("Cache-Control") != immutable {
				t.Errorf("%s stored as %s with %v", key, ctype, srv.PutHeader(key))
			}
			w := a.Do("GET", "/media/"+strings.TrimPrefix(key, "shop1/"), "")
			assertStatus(t, w.Code, 200)
			if w.Body.String() != string(stored) || w.Header().Get("Content-Type") != "image/jpeg" || w.Header().Get("Cache-Control") != immutable {
				t.Errorf("%s served as %v (%d bytes of %d)", key, w.Header(), w.Body.Len(), len(stored))
			}
		}

		w = a.Do("DELETE", fmt.Sprintf("/api/seller/products/%d/images/%d/", f.headset.ID, p.Images[len(p.Images)-1].ID), "", f.owner.Auth()...)
		assertStatus(t, w.Code, 204)
		if got := srv.Keys(t); len(got) != 0 {
			t.Errorf("bucket still holds %v", got)
		}
		assertStatus(t, a.Do("GET", url, "").Code, http.StatusNotFound)
	})
}
