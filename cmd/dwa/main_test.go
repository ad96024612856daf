package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dwa/internal/gateway/s3media/s3mediatest"
	"dwa/internal/shoptest"
	"dwa/internal/shoptest/poll"
)

// testEnv runs commands against a private data directory.
func testEnv(t *testing.T, vars map[string]string, stdin string) (env, *bytes.Buffer) {
	t.Helper()
	if vars == nil {
		vars = map[string]string{}
	}
	if _, ok := vars["DWA_DATA_DIR"]; !ok {
		vars["DWA_DATA_DIR"] = t.TempDir()
	}
	out := &bytes.Buffer{}
	return env{getenv: func(k string) string { return vars[k] }, stdin: strings.NewReader(stdin), stdout: out,
		stderr: io.Discard}, out
}

func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"serve", "--help"}, {"migrate", "--help"}, {"seed", "--help"},
		{"user", "--help"}, {"user", "create", "--help"}, {"version", "--help"}, {"backup", "--help"}, {"restore", "--help"}} {
		e, out := testEnv(t, nil, "")
		err := run(context.Background(), args, e)
		if err != nil && !errors.Is(err, flag.ErrHelp) {
			t.Errorf("%v: %v", args, err)
		}
		if !strings.Contains(out.String(), "usage: dwa") {
			t.Errorf("%v printed %q", args, out)
		}
	}
	e, out := testEnv(t, nil, "")
	if err := run(context.Background(), []string{"version"}, e); err != nil || !strings.HasPrefix(out.String(), "dwa ") {
		t.Errorf("version: %v %q", err, out)
	}
	e, _ = testEnv(t, nil, "")
	if err := run(context.Background(), []string{"frobnicate"}, e); err == nil {
		t.Error("unknown command accepted")
	}
}

func TestInvalidConfigurationStopsStart(t *testing.T) {
	e, _ := testEnv(t, map[string]string{"DWA_ADDR": "no-port"}, "")
	err := run(context.Background(), []string{"migrate"}, e)
	if err == nil || !strings.Contains(err.Error(), "DWA_ADDR") {
		t.Fatalf("err = %v", err)
	}
}

func TestUserCreate(t *testing.T) {
	dir := t.TempDir()
	vars := map[string]string{"DWA_DATA_DIR": dir, "DWA_DEMO": "0"}
	e, out := testEnv(t, vars, "correct-horse-battery\n")
	args := []string{"user", "create", "--username", "efua", "--email", "efua@example.com", "--staff", "--store", "Cape Coast Crafts", "--password-stdin"}
	if err := run(context.Background(), args, e); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Created user efua") || !strings.Contains(out.String(), "with staff rights") ||
		!strings.Contains(out.String(), `Opened store "Cape Coast Crafts"`) {
		t.Errorf("output = %q", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "secret.key")); err != nil {
		t.Errorf("secret key not generated: %v", err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "secret.key")); st != nil && st.Mode().Perm() != 0o600 {
		t.Errorf("secret.key mode %v", st.Mode().Perm())
	}
	e, _ = testEnv(t, vars, "another-long-password\n")
	err := run(context.Background(), []string{"user", "create", "--username", "EFUA", "--email", "x@example.com", "--password-stdin"}, e)
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("duplicate username: %v", err)
	}
	e, _ = testEnv(t, vars, "short\n")
	err = run(context.Background(), []string{"user", "create", "--username", "kojo", "--email", "kojo@example.com", "--password-stdin"}, e)
	if err == nil || !strings.Contains(err.Error(), "too short") {
		t.Errorf("short password: %v", err)
	}
}

func TestSeedAndMigrate(t *testing.T) {
	for _, engine := range shoptest.Engines(t) {
		t.Run(engine.Name, func(t *testing.T) {
			vars := map[string]string{"DWA_DATA_DIR": t.TempDir()}
			if engine.Name == "postgres" {
				vars["DATABASE_URL"] = shoptest.PostgresURL(t)
			}
			testSeedAndMigrate(t, vars)
		})
	}
}

func testSeedAndMigrate(t *testing.T, vars map[string]string) {
	dir := vars["DWA_DATA_DIR"]
	e, out := testEnv(t, vars, "")
	if err := run(context.Background(), []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Seeded the demo catalogue") || !strings.Contains(out.String(), "Demo accounts") {
		t.Errorf("seed output = %q", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "media", "demo", "categories", "gaming.svg")); err != nil {
		t.Errorf("demo images not written: %v", err)
	}
	e, out = testEnv(t, vars, "")
	if err := run(context.Background(), []string{"seed"}, e); err != nil || !strings.Contains(out.String(), "not empty") {
		t.Errorf("second seed: %v %q", err, out)
	}
	e, out = testEnv(t, vars, "")
	if err := run(context.Background(), []string{"seed", "--products", "1200"}, e); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Added 1200 synthetic products") {
		t.Errorf("synthetic output = %q", out)
	}
	e, out = testEnv(t, vars, "")
	if err := run(context.Background(), []string{"migrate"}, e); err != nil || !strings.Contains(out.String(), "up to date") {
		t.Errorf("migrate: %v %q", err, out)
	}
}

// TestServe starts the real server, checks it answers quickly on an existing
// database, and that cancelling (Ctrl-C) lets an in-flight request finish.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	vars := map[string]string{"DWA_DATA_DIR": dir, "DWA_ADDR": addr}
	// First start seeds; the timed start below is on the existing database.
	e, _ := testEnv(t, vars, "")
	if err := run(context.Background(), []string{"migrate"}, e); err != nil {
		t.Fatal(err)
	}
	e, _ = testEnv(t, vars, "")
	if err := run(context.Background(), []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e, out := testEnv(t, vars, "")
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	base := "http://" + addr
	if !poll.Within(60*time.Second, func() bool { return answersReady(base) }) {
		t.Fatal("server never became ready")
	}
	t.Logf("ready after %s", time.Since(start))
	resp, err := http.Get(base + "/api/store/categories/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"slug":"gaming"`) {
		t.Fatalf("categories: %d %.200s", resp.StatusCode, body)
	}
	if !strings.Contains(out.String(), "Dwa is open at http://"+addr) || !strings.Contains(out.String(), "Demo accounts") {
		t.Errorf("banner = %q", out)
	}

	// A sign-in is in flight when Ctrl-C comes: its handler is reading the
	// body (the server has answered "100 Continue"), which arrives only
	// once shutdown has begun. It still gets its whole answer.
	inflight := startSlowLogin(t, addr)
	cancel()
	waitListenerClosed(t, addr)
	resp = inflight.finish()
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `{"detail":"No active account found with the given credentials"}`; resp.StatusCode != 401 || string(body) != want {
		t.Errorf("in-flight sign-in during shutdown: %d %s; want 401 %s", resp.StatusCode, body, want)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("still serving after shutdown")
	}
}

// slowLogin is a sign-in request whose body is held back until finish.
type slowLogin struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
	body string
}

// startSlowLogin sends a sign-in's headers and returns once the server's
// handler has started reading its body.
func startSlowLogin(t *testing.T, addr string) *slowLogin {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(20 * time.Second))
	body := `{"username":"nobody","password":"not the password"}`
	fmt.Fprintf(conn, "POST /api/auth/jwt/create/ HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
		"Content-Length: %d\r\nExpect: 100-continue\r\n\r\n", addr, len(body))
	r := bufio.NewReader(conn)
	// Go's server sends 100 Continue when the handler first reads the body.
	cont, err := http.ReadResponse(r, nil)
	if err != nil || cont.StatusCode != http.StatusContinue {
		t.Fatalf("before the body: %v, %v; want 100 Continue", cont, err)
	}
	return &slowLogin{t: t, conn: conn, r: r, body: body}
}

// finish sends the body and reads the answer.
func (s *slowLogin) finish() *http.Response {
	s.t.Helper()
	if _, err := io.WriteString(s.conn, s.body); err != nil {
		s.t.Fatalf("sending the body: %v", err)
	}
	resp, err := http.ReadResponse(s.r, nil)
	if err != nil {
		s.t.Fatalf("in-flight request cut off: %v", err)
	}
	return resp
}

// waitListenerClosed waits until addr refuses connections: the server has
// begun shutting down.
func waitListenerClosed(t *testing.T, addr string) {
	t.Helper()
	refused := poll.Within(10*time.Second, func() bool {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return true
		}
		c.Close()
		return false
	})
	if !refused {
		t.Fatal("the server kept listening after cancel")
	}
}

// answersReady reports whether the server at base answers /readyz with 200.
func answersReady(base string) bool {
	resp, err := http.Get(base + "/readyz")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == 200
}

// TestServeWithBucket: with S3 configured, serve refuses to start when the
// bucket cannot be reached, and otherwise serves uploads from it.
func TestServeWithBucket(t *testing.T) {
	srv := s3mediatest.New(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	vars := srv.Env("")
	vars["DWA_DATA_DIR"], vars["DWA_ADDR"], vars["DWA_DEMO"] = t.TempDir(), addr, "0"

	for _, tc := range []struct {
		name   string
		bucket string
		deny   bool
		want   string
	}{
		{"missing bucket", "no-such-bucket", false, `bucket "no-such-bucket" does not exist`},
		{"refused keys", s3mediatest.Bucket, true, "Access Denied"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv.Deny(tc.deny)
			defer srv.Deny(false)
			env := maps.Clone(vars)
			env["DWA_S3_BUCKET"] = tc.bucket
			e, _ := testEnv(t, env, "")
			// Bounded, so that a server that starts anyway ends the test (generous: start-up runs
			// every migration first, slow under -race on a loaded machine).
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			err := run(ctx, []string{"serve"}, e)
			if err == nil || !strings.Contains(err.Error(), "S3 media storage (DWA_S3_*)") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("serve = %v; want a start-up failure mentioning %q", err, tc.want)
			}
		})
	}

	srv.PutObject(t, "uploads/products/1/abc-320.jpg", []byte("jpeg"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e, _ := testEnv(t, vars, "")
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	var resp *http.Response
	served := poll.Within(60*time.Second, func() bool {
		resp, err = http.Get("http://" + addr + "/media/uploads/products/1/abc-320.jpg")
		return err == nil
	})
	if !served {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "jpeg" || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("upload served as %d %v %q", resp.StatusCode, resp.Header, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v", err)
	}
}
