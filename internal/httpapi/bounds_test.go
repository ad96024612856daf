package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"dwa/internal/service"
	"dwa/internal/shoptest"
	"dwa/internal/shoptest/poll"
	"dwa/internal/store/sqldb"
)

// Issue 17 items 3 and 6: expensive work (image decoding, password
// hashing) runs in bounded pools, refused with 503 + Retry-After when full,
// and an upload's body is read only after the caller may upload there.

const busy = `{"detail":"Service temporarily unavailable.","code":"service_unavailable"}`

// countingBody is a request body that records how many bytes were read.
type countingBody struct {
	r    io.Reader
	read atomic.Int64
}

func (c *countingBody) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// sendCounted sends body through the real handler and reports how much of
// it the server read. Headers come in pairs.
func sendCounted(a *shoptest.App, method, target, body string, headers ...string) (*httptest.ResponseRecorder, int64) {
	b := &countingBody{r: bytes.NewReader([]byte(body))}
	req := httptest.NewRequest(method, target, b)
	req.RemoteAddr = "127.0.0.1:40000"
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	a.API.ServeHTTP(w, req)
	return w, b.read.Load()
}

// fill takes every worker and queue place of p, as a burst in progress
// would; the returned func gives them back.
func fill(t *testing.T, p *service.WorkPool) func() {
	t.Helper()
	var held []*service.Ticket
	for {
		tk, err := p.Admit()
		if err != nil {
			break
		}
		if len(held) > 10_000 {
			t.Fatal("the pool admits without bound")
		}
		if len(held) < p.Workers() {
			if err := tk.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		held = append(held, tk)
	}
	return func() {
		for _, tk := range held {
			tk.Done()
		}
	}
}

// holdWorkers takes every worker of p but leaves the queue free.
func holdWorkers(t *testing.T, p *service.WorkPool) func() {
	t.Helper()
	var held []*service.Ticket
	for range p.Workers() {
		tk, err := p.Admit()
		if err == nil {
			err = tk.Start(context.Background())
		}
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, tk)
	}
	return func() {
		for _, tk := range held {
			tk.Done()
		}
	}
}

// A shopper who sends 8 MB to an upload endpoint gets 403 without the
// server reading the body (it read all 8 MB and answered 400 before).
func TestUploadCallerCheckedBeforeBodyIsRead(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		body, headers := upload(t, "big.jpg", "image/jpeg", make([]byte, 8<<20+1))
		images := fmt.Sprintf("/api/seller/products/%d/images/", f.headset.ID)
		for _, tc := range []struct {
			name, method, path string
			auth               []string
			code               int
			want               string
		}{
			{"anonymous", "POST", images, nil, 401, notAuthenticated},
			{"a shopper's product image", "POST", images, f.shopper.Auth(), 403, forbidden},
			{"a shopper's store logo", "PUT", "/api/seller/store/logo/", f.shopper.Auth(), 403, forbidden},
			{"another store's product", "POST", images, f.rival.Auth(), 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"a shopper's category image", "POST", fmt.Sprintf("/api/admin/categories/%d/images/", f.gaming.ID), f.shopper.Auth(), 403, forbidden},
			{"staff, no such category", "POST", "/api/admin/categories/999999/images/", f.staff.Auth(), 404, `{"detail":"No Category matches the given query.","code":"not_found"}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w, read := sendCounted(a, tc.method, tc.path, body, append(tc.auth, headers...)...)
				assertStatus(t, w.Code, tc.code)
				assertBody(t, w.Body.String(), tc.want)
				if read != 0 {
					t.Errorf("the server read %d bytes of the refused upload", read)
				}
			})
		}
	})
}

// With every image worker and queue place taken, an upload is refused at
// once with 503 and Retry-After, unread; with only the workers taken it
// waits for one and is stored.
func TestImagePoolFullAnswers503(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		path := fmt.Sprintf("/api/seller/products/%d/images/", f.headset.ID)
		body, headers := upload(t, "photo.jpg", "image/jpeg", photo(t, 400, 300, false))
		auth := append(f.owner.Auth(), headers...)

		release := fill(t, a.ImagePool)
		for _, ep := range []struct{ method, path string }{
			{"POST", path},
			{"PUT", "/api/seller/store/logo/"},
		} {
			w, read := sendCounted(a, ep.method, ep.path, body, auth...)
			assertStatus(t, w.Code, 503)
			assertBody(t, w.Body.String(), busy)
			if got := w.Header().Get("Retry-After"); got != "5" {
				t.Errorf("%s: Retry-After = %q; want 5", ep.path, got)
			}
			if read != 0 {
				t.Errorf("%s: read %d bytes of a refused upload", ep.path, read)
			}
		}
		w := a.Do("POST", fmt.Sprintf("/api/admin/categories/%d/images/", f.gaming.ID), body, append(f.staff.Auth(), headers...)...)
		assertStatus(t, w.Code, 503)
		release()

		release = holdWorkers(t, a.ImagePool)
		done := make(chan int)
		go func() { done <- a.Do("POST", path, body, auth...).Code }()
		poll.Until(t, "the upload to queue", func() bool { return a.ImagePool.Waiting() == 1 })
		release()
		if code := <-done; code != 201 {
			t.Fatalf("queued upload: status %d; want 201", code)
		}
	})
}

// With every hashing worker and queue place taken, each endpoint that
// hashes or verifies a password answers 503 with Retry-After; a sign-in
// that only has to wait for a worker succeeds.
func TestHashPoolFullAnswers503(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama := a.Shopper("ama")
		login := fmt.Sprintf(`{"username":"ama","password":%q}`, shoptest.Password)

		release := fill(t, a.HashPool)
		for _, tc := range []struct {
			name, path, body string
			auth             []string
		}{
			{"sign-in", "/api/auth/jwt/create/", login, nil},
			{"sign-in of an unknown account", "/api/auth/jwt/create/", `{"username":"nobody","password":"x"}`, nil},
			{"registration", "/api/auth/users/", `{"username":"kofi","email":"kofi@example.com","password":"Adinkra-Drum-77","re_password":"Adinkra-Drum-77"}`, nil},
			{"password change", "/api/auth/users/set_password/", fmt.Sprintf(`{"current_password":%q,"new_password":"Adinkra-Drum-77","re_new_password":"Adinkra-Drum-77"}`, shoptest.Password), ama.Auth()},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", tc.path, tc.body, tc.auth...)
				assertStatus(t, w.Code, 503)
				assertBody(t, w.Body.String(), busy)
				if got := w.Header().Get("Retry-After"); got != "1" {
					t.Errorf("Retry-After = %q; want 1", got)
				}
			})
		}
		release()
		if w := a.Do("GET", "/api/auth/users/me/", "", ama.Auth()...); w.Code != 200 {
			t.Fatalf("the refused password change changed the password: me = %d", w.Code)
		}

		release = holdWorkers(t, a.HashPool)
		done := make(chan int)
		go func() { done <- a.Do("POST", "/api/auth/jwt/create/", login).Code }()
		poll.Until(t, "the sign-in to queue", func() bool { return a.HashPool.Waiting() == 1 })
		release()
		if code := <-done; code != 200 {
			t.Fatalf("queued sign-in: status %d; want 200", code)
		}
	})
}

// With every catalogue query worker and queue place taken, a list, search,
// facet count or correction the read cache cannot answer is refused at once
// with 503 and Retry-After, while a kept answer is still served; with only
// the workers taken an uncached list waits for one and is answered.
func TestQueryPoolFullAnswers503(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		a.Products(shoptest.NewProduct("Wireless Controller", 78000, gaming))
		const kept = "/api/store/products/?search=controller"
		assertStatus(t, a.Do("GET", kept, "").Code, 200)

		release := fill(t, a.QueryPool)
		for _, target := range []string{
			"/api/store/products/?seed=4242",
			"/api/store/products/?search=wireless",
			"/api/store/products/facets/?search=wireless",
			"/api/store/search/corrections/?search=contoler",
		} {
			w := a.Do("GET", target, "")
			assertStatus(t, w.Code, 503)
			assertBody(t, w.Body.String(), busy)
			if got := w.Header().Get("Retry-After"); got != "1" {
				t.Errorf("%s: Retry-After = %q; want 1", target, got)
			}
		}
		assertStatus(t, a.Do("GET", kept, "").Code, 200)
		release()

		release = holdWorkers(t, a.QueryPool)
		done := make(chan int)
		go func() { done <- a.Do("GET", "/api/store/products/?seed=4243", "").Code }()
		poll.Until(t, "the list to queue", func() bool { return a.QueryPool.Waiting() == 1 })
		release()
		if code := <-done; code != 200 {
			t.Fatalf("queued list: status %d; want 200", code)
		}
	})
}
