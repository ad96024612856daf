package main

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/demo"
	"dwa/internal/shoptest/poll"
)

// productionVars is the least configuration production starts with.
func productionVars(t *testing.T, more map[string]string) map[string]string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	vars := map[string]string{"DWA_ENV": "production", "DWA_PUBLIC_URL": "https://shop.example",
		"DWA_ALLOW_TEST_PAYMENTS": "1", "DWA_DATA_DIR": t.TempDir(), "DWA_ADDR": addr}
	maps.Copy(vars, more)
	return vars
}

// serveUntilDone starts `dwa serve` and waits until it is ready (seeding
// under the race detector on a busy machine takes a while); stopping it is
// left to the test's cleanup. Everything it prints (stdout and the
// log on stderr) lands in the returned buffer.
func serveUntilDone(t *testing.T, vars map[string]string) (string, *syncBuffer) {
	t.Helper()
	out := &syncBuffer{}
	e := env{getenv: func(k string) string { return vars[k] }, stdin: strings.NewReader(""), stdout: out, stderr: out}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, e) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	base := "http://" + vars["DWA_ADDR"]
	ready := poll.Within(60*time.Second, func() bool {
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, out)
		default:
		}
		return answersReady(base)
	})
	if !ready {
		t.Fatal("server never became ready")
	}
	return base, out
}

// TestProductionDemo: production seeds the demo catalogue only when
// DWA_DEMO=1 says so, never prints a demo password, and none of the
// published demo passwords signs in there, the staff account's above all.
func TestProductionDemo(t *testing.T) {
	cat, err := demo.Load()
	if err != nil {
		t.Fatal(err)
	}
	account := map[string]demo.Account{}
	for _, a := range cat.Accounts {
		role := "shopper"
		switch {
		case a.Staff:
			role = "staff"
		case a.Store != "":
			role = "owner"
		}
		if _, ok := account[role]; !ok {
			account[role] = a
		}
	}
	const staffPassword = "Labadi-Beach-Lantern-4417"
	for _, tc := range []struct {
		name      string
		vars      map[string]string
		catalogue bool   // the demo categories are served
		staff     string // the password the demo staff account signs in with; "" when there is none
		banner    string
	}{
		{"without DWA_DEMO nothing is seeded", nil, false, "", ""},
		{"DWA_DEMO=0", map[string]string{"DWA_DEMO": "0"}, false, "", ""},
		{"DWA_DEMO=1 seeds accounts nobody can sign in to", map[string]string{"DWA_DEMO": "1"}, true, "",
			"No demo staff account: set DWA_DEMO_STAFF_PASSWORD to have one."},
		{"DWA_DEMO=1 with a staff password", map[string]string{"DWA_DEMO": "1", "DWA_DEMO_STAFF_PASSWORD": staffPassword}, true,
			staffPassword, "staff        staff                / (DWA_DEMO_STAFF_PASSWORD)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, out := serveUntilDone(t, productionVars(t, tc.vars))
			resp, err := http.Get(base + "/api/store/categories/")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if seeded := strings.Contains(string(body), `"slug":"gaming"`); seeded != tc.catalogue || resp.StatusCode != 200 {
				t.Errorf("categories = %d %.120s; want the demo catalogue: %t", resp.StatusCode, body, tc.catalogue)
			}
			login := func(username, password string) int {
				t.Helper()
				resp, err := http.Post(base+"/api/auth/jwt/create/", "application/json",
					strings.NewReader(`{"username":"`+username+`","password":"`+password+`"}`))
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				return resp.StatusCode
			}
			for _, role := range []string{"staff", "owner", "shopper"} {
				a := account[role]
				if code := login(a.Username, a.Password); code != 401 {
					t.Errorf("%s %s signs in with the published password: %d", role, a.Username, code)
				}
			}
			if tc.staff != "" {
				if code := login(account["staff"].Username, tc.staff); code != 200 {
					t.Errorf("staff with DWA_DEMO_STAFF_PASSWORD: %d", code)
				}
			}
			printed := out.String()
			for _, a := range cat.Accounts {
				if strings.Contains(printed, a.Password) {
					t.Errorf("the output shows %s's password:\n%s", a.Username, printed)
				}
			}
			if strings.Contains(printed, staffPassword) {
				t.Errorf("the output shows DWA_DEMO_STAFF_PASSWORD:\n%s", printed)
			}
			if tc.banner != "" && !strings.Contains(printed, tc.banner) {
				t.Errorf("output lacks %q:\n%s", tc.banner, printed)
			}
			if !tc.catalogue && strings.Contains(printed, "Demo accounts") {
				t.Errorf("output speaks of demo accounts:\n%s", printed)
			}
		})
	}
}

// TestPublishedStaffPasswordRefused: a demo staff password that ships with
// Dwa's source stops the start with a clear error, before anything is
// seeded, whatever the case or surrounding spaces.
func TestPublishedStaffPasswordRefused(t *testing.T) {
	for _, pw := range []string{"akwaaba-staff-2026", " AKWAABA-STAFF-2026 ", "Oxford-Street-Joystick-88"} {
		for _, command := range []string{"serve", "seed"} {
			vars := productionVars(t, map[string]string{"DWA_DEMO": "1", "DWA_DEMO_STAFF_PASSWORD": pw})
			e, out := testEnv(t, vars, "")
			// Bounded, so that a server that starts anyway ends the test.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := run(ctx, []string{command}, e)
			cancel()
			const want = "DWA_DEMO_STAFF_PASSWORD is one of the demo passwords published with Dwa's source; choose another"
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s with %q: err = %v; want %q", command, pw, err, want)
			}
			if out.Len() != 0 {
				t.Errorf("%s with %q printed %q", command, pw, out)
			}
		}
	}
}

// syncBuffer is a bytes.Buffer the server's goroutines may write to while
// the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
