package httpapi_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dwa/internal/shoptest"
	"dwa/internal/shoptest/poll"
	"dwa/internal/store/sqldb"
)

// waitReadyz polls /readyz until it answers status (checks that fail are
// cached for up to a second), then compares the body.
func waitReadyz(t *testing.T, a *shoptest.App, status int, body string) {
	t.Helper()
	var w *httptest.ResponseRecorder
	if !poll.Within(10*time.Second, func() bool { w = a.Do("GET", "/readyz", ""); return w.Code == status }) {
		t.Fatalf("/readyz still %d %s; want %d", w.Code, w.Body, status)
	}
	assertBody(t, w.Body.String(), body)
}

// killListener terminates the database backend LISTENing on channel, as a
// database restart would. Parallel tests listen on channels of their own
// schemas, so theirs live on.
func killListener(t *testing.T, st *sqldb.Store, channel string) {
	t.Helper()
	var killed int
	err := st.DB().W.QueryRow(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE query LIKE 'LISTEN %' AND position($1 in query) > 0`, channel).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d listeners: %v", killed, err)
	}
}

// TestStreamSurvivesListenerLoss: when the PostgreSQL listener loses its
// connection, /readyz says so until it is back; it comes back by itself,
// and an open stream receives the message sent while it was deaf, then
// the ones after.
func TestStreamSurvivesListenerLoss(t *testing.T) {
	st := shoptest.OpenPostgres(t)
	a := shoptest.NewApp(t, st, nil)
	f := newMessageFixture(a)
	srv := httptest.NewServer(a.API)
	t.Cleanup(srv.Close)
	s := openStream(t, srv, "", f.kwesi.Auth()...)
	s.next(time.Second)
	waitReadyz(t, a, 200, `{"status":"ready"}`)
	send := func(content string) string {
		t.Helper()
		w := a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":%q,"receiver_store":%d}`, content, f.kicks), f.abena.Auth()...)
		assertStatus(t, w.Code, 201)
		return w.Body.String()
	}
	event := func(want string) {
		t.Helper()
		if got := s.next(5 * time.Second); !strings.HasSuffix(got, "data: "+want+"\n") {
			t.Fatalf("event = %q\nwant data: %s", got, want)
		}
	}

	for round := 1; round <= 2; round++ { // the second loss tests the reconnected listener
		release := a.HoldListener()
		killListener(t, st, a.Listener.Channel())
		waitReadyz(t, a, 503, `{"status":"not_ready","checks":{"catalogue":"ok","data_dir":"ok","database":"ok","migrations":"ok","realtime":"fail","shutdown":"ok"}}`)
		during := send(fmt.Sprintf("Sent while the listener was down (%d)", round))
		release()
		waitReadyz(t, a, 200, `{"status":"ready"}`)
		event(during)
		event(send(fmt.Sprintf("Sent once it was back (%d)", round)))
	}
}

// TestReadyzDataDir: /readyz fails while the data directory takes no new
// files and recovers when it does again. Tests run as root, whom chmod
// does not stop, so the directory is taken away instead: replaced by a
// file, or gone.
func TestReadyzDataDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_DATA_DIR": dir})
	waitReadyz(t, a, 200, `{"status":"ready"}`)
	for _, tc := range []struct {
		name  string
		spoil func() error
	}{
		{"a file in its place", func() error { return os.WriteFile(dir, []byte("not a directory"), 0o600) }},
		{"gone", func() error { return nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			if err := tc.spoil(); err != nil {
				t.Fatal(err)
			}
			waitReadyz(t, a, 503, `{"status":"not_ready","checks":{"catalogue":"ok","data_dir":"fail","database":"ok","migrations":"ok","shutdown":"ok"}}`)
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(dir, 0o750); err != nil {
				t.Fatal(err)
			}
			waitReadyz(t, a, 200, `{"status":"ready"}`)
			if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
				t.Errorf("the probe left %v", left)
			}
		})
	}
}
