package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"dwa/internal/shop"
)

func TestClientIP(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	tests := []struct {
		name, peer string
		xff        []string
		want       string
	}{
		{"untrusted peer: the header is ignored", "203.0.113.5:4000", []string{"1.2.3.4"}, "203.0.113.5"},
		{"trusted peer without header", "10.0.0.2:4000", nil, "10.0.0.2"},
		{"trusted peer: right-most untrusted", "10.0.0.2:4000", []string{"6.6.6.6, 198.51.100.7"}, "198.51.100.7"},
		{"proxies in the chain are skipped", "10.0.0.2:4000", []string{"6.6.6.6, 198.51.100.7, 10.1.1.1"}, "198.51.100.7"},
		{"several header lines", "10.0.0.2:4000", []string{"6.6.6.6", "198.51.100.8, 10.0.0.9"}, "198.51.100.8"},
		{"all trusted: the peer", "10.0.0.2:4000", []string{"10.0.0.7"}, "10.0.0.2"},
		{"garbage from the proxy: the peer", "10.0.0.2:4000", []string{"1.2.3.4, not-an-ip"}, "10.0.0.2"},
		{"IPv6 peer", "[::1]:4000", []string{"2001:db8::1"}, "2001:db8::1"},
		{"IPv4-mapped peer", "[::ffff:203.0.113.9]:80", nil, "203.0.113.9"},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.peer
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := clientIP(r, trusted); got != tc.want {
			t.Errorf("%s: clientIP = %q; want %q", tc.name, got, tc.want)
		}
	}
}

func TestRoleWrappers(t *testing.T) {
	ok := func(w http.ResponseWriter, r *http.Request) error {
		w.WriteHeader(http.StatusOK)
		return nil
	}
	tests := []struct {
		name   string
		user   *shop.User
		wrap   func(handlerE) handlerE
		status int
		body   string
	}{
		{"user endpoint, anonymous", nil, requireUser, 401, `{"detail":"Authentication credentials were not provided.","code":"not_authenticated"}`},
		{"user endpoint, user", &shop.User{ID: 1}, requireUser, 200, ""},
		{"staff endpoint, anonymous", nil, requireStaff, 401, `{"detail":"Authentication credentials were not provided.","code":"not_authenticated"}`},
		{"staff endpoint, shopper", &shop.User{ID: 1}, requireStaff, 403, `{"detail":"You do not have permission to perform this action.","code":"permission_denied"}`},
		{"staff endpoint, staff", &shop.User{ID: 1, IsStaff: true}, requireStaff, 200, ""},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		if tc.user != nil {
			r = r.WithContext(context.WithValue(r.Context(), callerKey, tc.user))
		}
		w := httptest.NewRecorder()
		tc.wrap(ok).ServeHTTP(w, r)
		if w.Code != tc.status || w.Body.String() != tc.body {
			t.Errorf("%s: %d %s; want %d %s", tc.name, w.Code, w.Body, tc.status, tc.body)
		}
		if tc.status == 401 && w.Header().Get("WWW-Authenticate") != `Bearer realm="api"` {
			t.Errorf("%s: no WWW-Authenticate", tc.name)
		}
	}
}
