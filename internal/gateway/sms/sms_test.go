package sms

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/shop"
)

// fakeHubtel answers like Hubtel's send endpoint: it checks the Basic
// credentials and the JSON body, then replies with the status and body the
// test chose. hold keeps a request waiting until the client gives up.
type fakeHubtel struct {
	mu       sync.Mutex
	got      []hubtelRequest
	status   int
	body     string
	hold     chan struct{}
	authSeen []bool
}

func (f *fakeHubtel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	user, pw, ok := r.BasicAuth()
	authed := ok && user == "client-id" && pw == "client-secret"
	var req hubtelRequest
	raw, _ := io.ReadAll(r.Body)
	decodeErr := json.Unmarshal(raw, &req)
	f.mu.Lock()
	f.got = append(f.got, req)
	f.authSeen = append(f.authSeen, authed)
	status, body, hold := f.status, f.body, f.hold
	f.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-r.Context().Done():
		}
		return
	}
	switch {
	case !authed:
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"message":"The request authorization failed."}`)
		return
	case r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" || decodeErr != nil:
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"message":"General invalid request."}`)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

var code = shop.Mail{ID: 3, Channel: shop.ChannelSMS, To: "+233241234567", Text: "Your Dwa code is 123456."}

func TestHubtel(t *testing.T) {
	tests := []struct {
		name              string
		secret            string
		status            int
		body              string
		wantErr           string
		wantUndeliverable bool
	}{
		{"accepted", "client-secret", 201,
			`{"rate":0.03,"messageId":"9c5f3edc","status":0,"networkId":"62001","statusDescription":"request submitted successfully"}`, "", false},
		{"accepted with a non-zero status", "client-secret", 200, `{"status":4,"statusDescription":"not routable"}`, "status 4: not routable", false},
		{"invalid number is given up", "client-secret", 400, `{"status":1,"statusDescription":"Invalid Destination address"}`, "400 Invalid Destination address", true},
		{"recipient opted out is given up", "client-secret", 403, `{"message":"Forbidden"}`, "403 Forbidden", true},
		{"wrong credentials are retried", "wrong", 201, `{"status":0}`, "401 The request authorization failed.", false},
		{"no credit is retried", "client-secret", 402, `{"message":"not enough messaging credit"}`, "402 not enough messaging credit", false},
		{"server error is retried", "client-secret", 500, `<html>oops</html>`, "500 <html>oops</html>", false},
		{"bad gateway is retried", "client-secret", 502, ``, "502 ", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fake := &fakeHubtel{status: tc.status, body: tc.body}
			srv := httptest.NewServer(fake)
			defer srv.Close()
			h := NewHubtel(srv.URL+"/v1/messages/send", "client-id", tc.secret, "Dwa")
			err := h.Send(context.Background(), code)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
			} else if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v; want %q", err, tc.wantErr)
			}
			if got := errors.Is(err, shop.ErrUndeliverable); got != tc.wantUndeliverable {
				t.Errorf("undeliverable = %v; want %v (err %v)", got, tc.wantUndeliverable, err)
			}
			fake.mu.Lock()
			defer fake.mu.Unlock()
			want := hubtelRequest{From: "Dwa", To: "+233241234567", Content: "Your Dwa code is 123456."}
			if len(fake.got) != 1 || fake.got[0] != want {
				t.Errorf("provider received %+v; want one %+v", fake.got, want)
			}
		})
	}
}

// TestHubtelTimeout: a provider that never answers fails the send when the
// client's deadline passes (the outbox then retries), not never.
func TestHubtelTimeout(t *testing.T) {
	fake := &fakeHubtel{hold: make(chan struct{})}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	defer close(fake.hold)
	h := NewHubtel(srv.URL, "client-id", "client-secret", "Dwa")
	h.Client.Timeout = 200 * time.Millisecond
	start := time.Now()
	err := h.Send(context.Background(), code)
	if err == nil || !strings.Contains(err.Error(), "Timeout") {
		t.Fatalf("err = %v; want a timeout", err)
	}
	if errors.Is(err, shop.ErrUndeliverable) {
		t.Error("a timeout must be retried, not given up")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the send took %s", d)
	}
}

func TestFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sms")
	f, err := NewFiles(dir, "Dwa", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Send(context.Background(), code); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	data, _ := os.ReadFile(files[0])
	if want := "To: +233241234567\nFrom: Dwa\n\nYour Dwa code is 123456.\n"; string(data) != want {
		t.Errorf("file = %q; want %q", data, want)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v", st.Mode().Perm())
	}
}
