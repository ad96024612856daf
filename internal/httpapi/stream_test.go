package httpapi_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"dwa/api"
	"dwa/internal/httpapi"
	"dwa/internal/shoptest"
	"dwa/internal/shoptest/poll"
	"dwa/internal/store/postgres"
	"dwa/internal/store/sqldb"
)

// sse reads a Server-Sent Events response one block at a time.
type sse struct {
	t    *testing.T
	resp *http.Response
	r    *bufio.Reader
}

func openStream(t *testing.T, srv *httptest.Server, query string, headers ...string) *sse {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+"/api/store/messages/stream/"+query, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return &sse{t: t, resp: resp, r: bufio.NewReader(resp.Body)}
}

// next returns the next block (lines up to a blank line) or fails after
// the timeout; "EOF" when the server closed the stream.
func (s *sse) next(timeout time.Duration) string {
	s.t.Helper()
	got := make(chan string, 1)
	go func() {
		var b strings.Builder
		for {
			line, err := s.r.ReadString('\n')
			if err != nil {
				got <- "EOF"
				return
			}
			if line == "\n" {
				got <- b.String()
				return
			}
			b.WriteString(line)
		}
	}()
	select {
	case block := <-got:
		return block
	case <-time.After(timeout):
		s.t.Fatalf("no event within %s", timeout)
		return ""
	}
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func TestMessageStream(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newMessageFixture(a)
		srv := httptest.NewServer(a.API)
		t.Cleanup(srv.Close) // after the streams' bodies are closed

		// Errors are JSON, before any streaming.
		for _, tc := range []struct {
			name, query string
			headers     []string
			status      int
			want        string
		}{
			{"anonymous", "", nil, 401, notAuth},
			{"bad bearer", "", []string{"Authorization", "Bearer nope"}, 401, `{"detail":"Given token not valid for any token type","code":"token_not_valid"}`},
			{"unknown ticket", "?ticket=st_forged", nil, 401, `{"detail":"Invalid or expired stream ticket.","code":"ticket_not_valid"}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				s := openStream(t, srv, tc.query, tc.headers...)
				assertStatus(t, s.resp.StatusCode, tc.status)
				assertBody(t, body(t, s.resp), tc.want)
				if s.resp.Header.Get("WWW-Authenticate") == "" {
					t.Error("401 without WWW-Authenticate")
				}
			})
		}

		// A ticket opens one stream, once.
		w := a.Do("POST", "/api/store/messages/stream-ticket/", "", f.kwesi.Auth()...)
		assertStatus(t, w.Code, 201)
		var tk struct {
			Ticket    string
			ExpiresIn int `json:"expires_in"`
		}
		decode(t, w.Body.Bytes(), &tk)
		if !strings.HasPrefix(tk.Ticket, "st_") || len(tk.Ticket) < 3+22 || tk.ExpiresIn != 60 {
			t.Fatalf("ticket = %+v", tk)
		}
		owner := openStream(t, srv, "?ticket="+tk.Ticket, "Accept-Encoding", "gzip")
		assertStatus(t, owner.resp.StatusCode, 200)
		for k, v := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-store",
			"X-Accel-Buffering": "no", "Content-Encoding": ""} {
			if got := owner.resp.Header.Get(k); got != v {
				t.Errorf("%s = %q; want %q", k, got, v)
			}
		}
		if owner.resp.Header.Get("X-Request-ID") == "" {
			t.Error("stream without X-Request-ID")
		}
		if got := owner.next(time.Second); got != "retry: 5000\n" {
			t.Fatalf("first block = %q", got)
		}
		again := openStream(t, srv, "?ticket="+tk.Ticket)
		assertStatus(t, again.resp.StatusCode, 401)
		assertBody(t, body(t, again.resp), `{"detail":"Invalid or expired stream ticket.","code":"ticket_not_valid"}`)

		// The bearer header works too; a stranger's stream stays quiet.
		shopper := openStream(t, srv, "", f.abena.Auth()...)
		shopper.next(time.Second)
		stranger := openStream(t, srv, "", f.kojo.Auth()...)
		stranger.next(time.Second)

		// A message to the store reaches its owner's stream (through gzip-
		// capable middleware, unbuffered) within a second.
		sent := a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Hello?","receiver_store":%d}`, f.kicks), f.abena.Auth()...)
		assertStatus(t, sent.Code, 201)
		var m1 struct{ ID int64 }
		decode(t, sent.Body.Bytes(), &m1)
		want := fmt.Sprintf("id: %d\nevent: message\ndata: %s\n", m1.ID, sent.Body.String())
		if got := owner.next(time.Second); got != want {
			t.Fatalf("event = %q\nwant    %q", got, want)
		}
		reply := a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Yes.","receiver_user":%d}`, f.abena.User.ID), f.kwesi.Auth()...)
		var m2 struct{ ID int64 }
		decode(t, reply.Body.Bytes(), &m2)
		// The sender's own message is not an event for them: the next block
		// on the shopper's stream is the reply.
		if got := shopper.next(time.Second); !strings.HasPrefix(got, fmt.Sprintf("id: %d\nevent: message\n", m2.ID)) {
			t.Fatalf("shopper event = %q", got)
		}

		// Resume: Last-Event-ID replays newer received messages first.
		resumed := openStream(t, srv, "", append(f.kwesi.Auth(), "Last-Event-ID", "0")...)
		resumed.next(time.Second)
		if got := resumed.next(time.Second); !strings.HasPrefix(got, fmt.Sprintf("id: %d\n", m1.ID)) {
			t.Fatalf("replay from 0 = %q", got)
		}
		a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Also red?","receiver_store":%d}`, f.kicks), f.abena.Auth()...)
		byQuery := openStream(t, srv, fmt.Sprintf("?last_event_id=%d", m1.ID-1), f.kwesi.Auth()...)
		byQuery.next(time.Second)
		for _, content := range []string{"Hello?", "Also red?"} {
			if got := byQuery.next(time.Second); !strings.Contains(got, `"content":"`+content+`"`) {
				t.Fatalf("replay block = %q; want %s", got, content)
			}
		}

		// Above 3 open streams per user: 429. kwesi holds owner, resumed and byQuery.
		fourth := openStream(t, srv, "", f.kwesi.Auth()...)
		assertStatus(t, fourth.resp.StatusCode, 429)
		assertBody(t, body(t, fourth.resp), `{"detail":"Too many open streams.","code":"too_many_streams"}`)

		// Shutdown ends every stream cleanly.
		a.Hub.Close()
		for _, s := range []*sse{owner, shopper, stranger, resumed} {
			for {
				if got := s.next(time.Second); got == "EOF" {
					break
				}
			}
		}
	})
}

func TestStreamTicketExpires(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		acc := a.Shopper("abena")
		w := a.Do("POST", "/api/store/messages/stream-ticket", "", acc.Auth()...)
		var tk struct{ Ticket string }
		decode(t, w.Body.Bytes(), &tk)
		a.Clock.Advance(61 * time.Second)
		w = a.Do("GET", "/api/store/messages/stream?ticket="+tk.Ticket, "")
		assertStatus(t, w.Code, 401)
		assertBody(t, w.Body.String(), `{"detail":"Invalid or expired stream ticket.","code":"ticket_not_valid"}`)
		w = a.Do("POST", "/api/store/messages/stream-ticket", "")
		assertStatus(t, w.Code, 401)
		var n int
		if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM stream_tickets WHERE ticket_hash LIKE 'st_%'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("tickets stored in clear: %d, %v", n, err)
		}
	})
}

// TestStreamPingAndLifetime runs the stream with shortened timings, one at
// a time so that no assertion depends on which of two timers fires first
// on a busy machine: pings come while the stream lives, the stream ends
// once its lifetime is over (never before), and a stream whose lease is
// gone ends at its next heartbeat rather than at the end of its lifetime.
func TestStreamPingAndLifetime(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		acc := a.Shopper("abena")
		serve := func(ping, lifetime time.Duration) *httptest.Server {
			h, err := httpapi.New(httpapi.Options{Config: a.Config, Service: a.Svc, Web: shoptest.WebFS, OpenAPI: api.OpenAPIYAML,
				StreamPing: ping, StreamLifetime: lifetime})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(shoptest.CheckContract(t, h))
			t.Cleanup(srv.Close)
			return srv
		}
		const long = time.Hour // a timer that never fires during the test

		pinging := openStream(t, serve(20*time.Millisecond, long), "", acc.Auth()...)
		if got := pinging.next(5 * time.Second); got != "retry: 5000\n" {
			t.Fatalf("first = %q", got)
		}
		for range 2 {
			if got := pinging.next(5 * time.Second); got != ": ping\n" {
				t.Fatalf("heartbeat = %q", got)
			}
		}
		pinging.resp.Body.Close()
		waitLeases(t, st, 0)

		const lifetime = 300 * time.Millisecond
		// The server starts its timer once the request reaches it, so the
		// clock starts before the request is sent.
		endingServer := serve(long, lifetime)
		start := time.Now()
		ending := openStream(t, endingServer, "", acc.Auth()...)
		ending.next(5 * time.Second)
		if got := ending.next(10 * time.Second); got != "EOF" {
			t.Fatalf("after the lifetime: %q; want the end of the stream", got)
		}
		// A timer never fires early, so this holds however busy the machine.
		if d := time.Since(start); d < lifetime {
			t.Errorf("stream ended after %s, before its lifetime of %s", d, lifetime)
		}
		waitLeases(t, st, 0)
		if n := a.Hub.Streams(); n != 0 {
			t.Errorf("%d feeds left open", n)
		}

		// Heartbeats sent before the lease went may still be on their way;
		// then the stream ends, long before its lifetime of an hour.
		lost := openStream(t, serve(20*time.Millisecond, long), "", acc.Auth()...)
		lost.next(5 * time.Second)
		if _, err := st.DB().W.Exec(`DELETE FROM stream_leases`); err != nil {
			t.Fatal(err)
		}
		if !poll.Within(10*time.Second, func() bool { return lost.next(10*time.Second) == "EOF" }) {
			t.Fatal("a stream without a lease still sends heartbeats after 10 s")
		}
	})
}

// waitLeases waits until the stream leases number want: a stream releases
// its lease when its handler returns, just after the client saw it end.
func waitLeases(t *testing.T, st *sqldb.Store, want int) {
	t.Helper()
	var n int
	counted := poll.Within(2*time.Second, func() bool {
		if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM stream_leases`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == want
	})
	if !counted {
		t.Fatalf("%d stream leases; want %d", n, want)
	}
}

// TestStreamLimitAcrossInstances: the limit of open streams per user holds
// across two apps sharing one database; closed streams free their slot at
// once, and those of a dead instance once their leases expire.
func TestStreamLimitAcrossInstances(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		one, two := shoptest.NewApp(t, st, nil), shoptest.NewApp(t, st, nil)
		f := newMessageFixture(one)
		srv1, srv2 := httptest.NewServer(one.API), httptest.NewServer(two.API)
		t.Cleanup(srv1.Close)
		t.Cleanup(srv2.Close)
		open := func(srv *httptest.Server, want int) *sse {
			t.Helper()
			s := openStream(t, srv, "", f.kwesi.Auth()...)
			assertStatus(t, s.resp.StatusCode, want)
			if want == 200 {
				s.next(time.Second)
			} else {
				assertBody(t, body(t, s.resp), `{"detail":"Too many open streams.","code":"too_many_streams"}`)
			}
			return s
		}
		first := open(srv1, 200)
		open(srv1, 200)
		open(srv1, 200)
		open(srv2, 429)

		first.resp.Body.Close()
		waitLeases(t, st, 2)
		open(srv2, 200)
		open(srv2, 429)
		open(srv1, 429)

		// Instance one dies with its leases held: once they expire (three
		// 25 s heartbeats unrenewed), they no longer count.
		two.Clock.Advance(76 * time.Second)
		open(srv2, 200)
		open(srv2, 200)
		open(srv2, 200)
		open(srv2, 429)
	})
}

// TestStreamAcrossInstances: two apps on one PostgreSQL schema, each with
// its own listener, behave like two dwa instances behind a load balancer.
func TestStreamAcrossInstances(t *testing.T) {
	url := shoptest.PostgresURL(t)
	open := func() *sqldb.Store {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		st, err := postgres.Open(ctx, url, 4)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = st.Close() })
		if _, err := st.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		return st
	}
	one := shoptest.NewApp(t, open(), nil)
	two := shoptest.NewApp(t, open(), nil)
	f := newMessageFixture(one)
	srv := httptest.NewServer(two.API)
	t.Cleanup(srv.Close)
	s := openStream(t, srv, "", f.kwesi.Auth()...)
	s.next(time.Second)
	sent := one.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Across","receiver_store":%d}`, f.kicks), f.abena.Auth()...)
	assertStatus(t, sent.Code, 201)
	if got := s.next(time.Second); !strings.HasSuffix(got, "data: "+sent.Body.String()+"\n") {
		t.Fatalf("event on the other instance = %q", got)
	}
}
