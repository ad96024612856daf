package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestClientClosedRequest: a request whose client went away before it was
// answered fails in the store (a cancelled query, on PostgreSQL a dropped
// connection). It is counted and logged as 499, with its request id, and
// never as a server error: an alert on 5xx must not fire for it.
func TestClientClosedRequest(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		a.OpenStore("Kumasi Crafts")
		a.Products(shoptest.NewProduct("Kente stole", shop.Money(12000)))
		shopper := a.Shopper("ama")
		for _, tc := range []struct {
			method, path string
			headers      []string
		}{
			{"GET", "/api/store/products/", nil},
			{"GET", "/api/store/orders/", shopper.Auth()},
			{"POST", "/api/store/carts/", shopper.Auth()},
		} {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			req := httptest.NewRequestWithContext(ctx, tc.method, tc.path, nil)
			req.RemoteAddr = "127.0.0.1:40000"
			for i := 0; i+1 < len(tc.headers); i += 2 {
				req.Header.Set(tc.headers[i], tc.headers[i+1])
			}
			req.Header.Set("X-Request-ID", "gone-"+tc.method)
			w := httptest.NewRecorder()
			a.API.ServeHTTP(w, req)
			if w.Code != 499 {
				t.Errorf("%s %s: status %d; want 499", tc.method, tc.path, w.Code)
			}
		}

		metrics := a.Do("GET", "/metrics", "").Body.String()
		for _, want := range []string{
			`dwa_http_requests_total{route="/store/products",method="GET",status="499"} 1`,
			`dwa_http_requests_total{route="/store/orders",method="GET",status="499"} 1`,
			`dwa_http_requests_total{route="/store/carts",method="POST",status="499"} 1`,
		} {
			if !strings.Contains(metrics, want) {
				t.Errorf("metrics lack %s\n%s", want, grepLines(metrics, "requests_total"))
			}
		}
		if strings.Contains(metrics, `status="5`) {
			t.Errorf("a departed client was counted as a server error:\n%s", grepLines(metrics, `status="5`))
		}
		closed := 0
		for _, rec := range a.Logs.Lines() {
			if rec["level"] == "ERROR" || rec["level"] == "WARN" {
				t.Errorf("a departed client was logged as %s: %v", rec["level"], rec)
			}
			if rec["msg"] == "request" && rec["status"] == float64(499) {
				closed++
				if id, _ := rec["request_id"].(string); !strings.HasPrefix(id, "gone-") {
					t.Errorf("access line without the request id: %v", rec)
				}
			}
		}
		if closed != 3 {
			t.Errorf("%d access lines with status 499; want 3", closed)
		}
	})
}

func grepLines(text, part string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, part) {
			out = append(out, l)
		}
	}
	return fmt.Sprint(out)
}

// TestClientLeavesWhileWaiting: a client disconnects while its request
// waits in the store (for SQLite's one writer connection; on PostgreSQL
// for a table lock, so the driver cancels a running statement). The
// request is counted and logged as 499, nothing is logged as an error,
// and the next request is served normally.
func TestClientLeavesWhileWaiting(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		shopper := a.Shopper("kwame")
		srv := httptest.NewServer(a.API)
		defer srv.Close()
		ctx := context.Background()

		blocked, release := holdCarts(t, st)
		defer release()
		reqCtx, leave := context.WithCancel(ctx)
		req, err := http.NewRequestWithContext(reqCtx, "POST", srv.URL+"/api/store/carts/", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set(shopper.Auth()[0], shopper.Auth()[1])
		done := make(chan error, 1)
		go func() {
			resp, err := srv.Client().Do(req)
			if err == nil {
				resp.Body.Close()
			}
			done <- err
		}()
		waitFor(t, blocked)
		leave()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Fatalf("client: %v; want its own cancellation", err)
		}
		// The handler ends on its own once the store gives up.
		waitFor(t, func() bool {
			return strings.Contains(a.Do("GET", "/metrics", "").Body.String(), `dwa_http_requests_total{route="/store/carts",method="POST"`)
		})
		release()
		if metrics := a.Do("GET", "/metrics", "").Body.String(); !strings.Contains(metrics, `dwa_http_requests_total{route="/store/carts",method="POST",status="499"} 1`) {
			t.Errorf("the request that lost its client was not counted as 499:\n%s", grepLines(metrics, "/store/carts"))
		}

		w := a.Do("POST", "/api/store/carts/", "", shopper.Auth()...)
		if w.Code != http.StatusCreated {
			t.Errorf("the next request: %d %s; want 201", w.Code, w.Body)
		}
		if metrics := a.Do("GET", "/metrics", "").Body.String(); strings.Contains(metrics, `status="5`) {
			t.Errorf("counted as a server error:\n%s", grepLines(metrics, `status="5`))
		}
		for _, rec := range a.Logs.Lines() {
			if rec["level"] == "ERROR" || rec["level"] == "WARN" {
				t.Errorf("logged as %s: %v", rec["level"], rec)
			}
		}
	})
}

// holdCarts makes writes to carts wait: on SQLite by holding the one
// writer connection, on PostgreSQL by locking the table. blocked reports
// whether a request is waiting; release lets it go.
func holdCarts(t *testing.T, st *sqldb.Store) (blocked func() bool, release func()) {
	t.Helper()
	ctx := context.Background()
	db := st.DB()
	conn, err := db.W.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Engine() == "sqlite" {
		waits := db.W.Stats().WaitCount
		return func() bool { return db.W.Stats().WaitCount > waits }, sync.OnceFunc(func() { conn.Close() })
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `LOCK TABLE carts IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	return func() bool {
			var n int
			err := db.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_locks WHERE relation = 'carts'::regclass AND NOT granted`).Scan(&n)
			return err == nil && n > 0
		}, sync.OnceFunc(func() {
			_ = tx.Rollback()
			conn.Close()
		})
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 20 s")
		}
	}
}
