package main

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dwa/internal/shoptest/poll"
	"dwa/internal/store/sqlite"
)

// TestServeAccounts runs the real binary's serve: a registration is
// answered at once, its welcome mail reaches data/mail/ through the
// background outbox sender, and the stored hash uses OWASP's argon2id
// parameters.
func TestServeAccounts(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	vars := map[string]string{"DWA_DATA_DIR": dir, "DWA_ADDR": addr, "DWA_DEMO": "0", "DWA_PUBLIC_URL": "https://dwa.test"}
	ctx, cancel := context.WithCancel(context.Background())
	e, _ := testEnv(t, vars, "")
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	base := "http://" + addr
	post := func(path, body string) int {
		t.Helper()
		resp, err := http.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	answered := poll.Within(5*time.Second, func() bool {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil
	})
	if !answered {
		t.Fatal("server never answered")
	}
	const pw = "Tro-tro to Kaneshie 7"
	if code := post("/api/auth/users/", `{"email":"kofi@example.com","username":"kofi_m","password":"`+pw+`","re_password":"`+pw+`"}`); code != 201 {
		t.Fatalf("register: %d", code)
	}
	if code := post("/api/auth/jwt/create/", `{"username":"kofi@example.com","password":"`+pw+`"}`); code != 200 {
		t.Fatalf("login: %d", code)
	}
	var mail []byte
	poll.Within(5*time.Second, func() bool {
		files, _ := filepath.Glob(filepath.Join(dir, "mail", "*.eml"))
		if len(files) > 0 {
			mail, _ = os.ReadFile(files[0])
		}
		return mail != nil
	})
	if !strings.Contains(string(mail), "To: <kofi@example.com>") || !strings.Contains(string(mail), "https://dwa.test/products") {
		t.Fatalf("welcome mail = %.400s", mail)
	}

	st, err := sqlite.Open(filepath.Join(dir, "dwa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u, err := st.UserByUsername(context.Background(), "kofi_m")
	if err != nil || u == nil || !strings.HasPrefix(u.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("stored user = %+v, %v", u, err)
	}
}
