package httpapi_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

func TestSetPassword(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "password=100/15m"})
		ama := a.Shopper("ama")
		change := func(cur, pw, re any) string {
			return jsonBody("current_password", cur, "new_password", pw, "re_new_password", re)
		}
		tests := []struct {
			name, body string
			headers    []string
			status     int
			want       string
		}{
			{"anonymous", change(shoptest.Password, strongPassword, strongPassword), nil, 401, notAuth},
			{"bad token", change(shoptest.Password, strongPassword, strongPassword), []string{"Authorization", staleHeader}, 401, givenTokenBad},
			{"missing", `{}`, ama.Auth(), 400, `{"current_password":["This field is required."],"new_password":["This field is required."],"re_new_password":["This field is required."]}`},
			{"wrong current password", change("nope", "123", "456"), ama.Auth(), 400, `{"current_password":["Invalid password."]}`},
			{"weak new password", change(shoptest.Password, "example.com", "x"), ama.Auth(), 400,
				`{"new_password":["The password is too similar to the email address."]}`},
			{"mismatch", change(shoptest.Password, strongPassword, "x"), ama.Auth(), 400, `{"non_field_errors":["The two password fields didn't match."]}`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/auth/users/set_password/", tc.body, tc.headers...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		other := a.SignIn(ama.User) // another device
		// Tokens count as "before the change" from the next second on.
		a.Clock.Advance(time.Second)
		w := a.Do("POST", "/api/auth/users/set_password/", change(shoptest.Password, strongPassword, strongPassword), ama.Auth()...)
		assertStatus(t, w.Code, 204)
		assertBody(t, w.Body.String(), "")
		assertBody(t, a.Do("GET", "/api/auth/users/me/", "", ama.Auth()...).Body.String(), givenTokenBad)
		assertBody(t, a.Do("POST", "/api/auth/jwt/refresh/", jsonBody("refresh", other.Refresh)).Body.String(), tokenBad)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "ama", "password", shoptest.Password)).Code, 401)
		w = a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "ama", "password", strongPassword))
		assertStatus(t, w.Code, 200)
		access, _ := tokensOf(t, w)
		assertStatus(t, a.Do("GET", "/api/auth/users/me/", "", bearer(access)...).Code, 200)
	})
}

func TestPasswordLimitPerUser(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil) // default: 5 per 15 minutes
	ama, kofi := a.Shopper("ama"), a.Shopper("kofi")
	for range 5 {
		assertStatus(t, a.Do("POST", "/api/auth/users/set_password/", `{}`, ama.Auth()...).Code, 400)
	}
	w := a.Do("POST", "/api/auth/users/set_password/", `{}`, ama.Auth()...)
	assertStatus(t, w.Code, 429)
	if w.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	// Counted per user, not per address: another user from the same IP passes.
	assertStatus(t, a.Do("POST", "/api/auth/users/set_password/", `{}`, kofi.Auth()...).Code, 400)
}

var resetLink = regexp.MustCompile(`https://dwa\.test/password/reset/confirm/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)`)

func TestResetPassword(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": "https://dwa.test", "DWA_RATE_LIMITS": "password=100/15m"})
		ama := a.Shopper("ama")
		off := a.Shopper("efo")
		exec(t, st, `UPDATE users SET is_active = ? WHERE id = ?`, false, off.User.ID)
		reset := func(email string, headers ...string) {
			t.Helper()
			w := a.Do("POST", "/api/auth/users/reset_password/", jsonBody("email", email), headers...)
			assertStatus(t, w.Code, 204)
		}
		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"email":["This field is required."]}`},
			{jsonBody("email", "ama@"), `{"email":["Enter a valid email address."]}`},
			{jsonBody("email", " "), `{"email":["This field may not be blank."]}`},
		} {
			w := a.Do("POST", "/api/auth/users/reset_password/", tc.body)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		reset("nobody@example.com")
		reset("efo@example.com")
		if mails := a.DeliverMail(); len(mails) != 0 {
			t.Fatalf("mail for an unknown or inactive account: %+v", mails)
		}
		// The link comes from DWA_PUBLIC_URL, never from the request.
		reset("AMA@example.com", "Host", "evil.example", "X-Forwarded-Host", "evil.example")
		reset("ama@example.com")
		mails := a.DeliverMail()
		if len(mails) != 2 {
			t.Fatalf("%d reset mails; want 2", len(mails))
		}
		old := resetLink.FindStringSubmatch(mails[0].Text)
		m := resetLink.FindStringSubmatch(mails[1].Text)
		if m == nil || old == nil || mails[1].To != "ama@example.com" || strings.Contains(mails[1].Text+mails[1].HTML, "evil") ||
			!strings.Contains(mails[1].HTML, m[0]) {
			t.Fatalf("reset mail = %+v", mails[1])
		}
		uid, token := m[1], m[2]
		confirm := func(uid, token, pw, re any) string {
			return jsonBody("uid", uid, "token", token, "new_password", pw, "re_new_password", re)
		}
		tests := []struct {
			name, body string
			status     int
			want       string
		}{
			{"missing", `{}`, 400, `{"new_password":["This field is required."],"re_new_password":["This field is required."],"token":["This field is required."],"uid":["This field is required."]}`},
			{"bad uid", confirm("!!", token, strongPassword, strongPassword), 400, `{"uid":["Invalid user id or user doesn't exist."]}`},
			{"unknown uid", confirm("OTk5OTk", token, strongPassword, strongPassword), 400, `{"uid":["Invalid user id or user doesn't exist."]}`},
			{"bad token", confirm(uid, "x"+token, strongPassword, strongPassword), 400, `{"token":["Invalid token for given user."]}`},
			{"superseded token", confirm(uid, old[2], strongPassword, strongPassword), 400, `{"token":["Invalid token for given user."]}`},
			{"weak password", confirm(uid, token, "qwerty123", "qwerty123"), 400, `{"new_password":["This password is too common."]}`},
			{"mismatch", confirm(uid, token, strongPassword, "x"), 400, `{"non_field_errors":["The two password fields didn't match."]}`},
			{"confirmed", confirm(uid, token, strongPassword, strongPassword), 204, ``},
			{"token is single-use", confirm(uid, token, strongPassword+"2", strongPassword+"2"), 400, `{"token":["Invalid token for given user."]}`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/auth/users/reset_password_confirm/", tc.body)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		assertBody(t, a.Do("POST", "/api/auth/jwt/refresh/", jsonBody("refresh", ama.Tokens.Refresh)).Body.String(), tokenBad)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "ama", "password", strongPassword)).Code, 200)

		// A link expires after an hour.
		reset("ama@example.com")
		m = resetLink.FindStringSubmatch(a.DeliverMail()[0].Text)
		a.Clock.Advance(time.Hour + time.Second)
		w := a.Do("POST", "/api/auth/users/reset_password_confirm/", confirm(m[1], m[2], strongPassword+"3", strongPassword+"3"))
		assertBody(t, w.Body.String(), `{"token":["Invalid token for given user."]}`)
	})
}

// TestResetPasswordAnswersFirst: a known and an unknown address get the
// same answer after the same work — validation and the limits — and the
// account lookup, token and mail happen only after the answer, so that the
// answer's timing cannot tell whether an account exists. (Measured before:
// ~0.6 ms more for a known address.) No clock is read: what was done before
// the answer is observed with the work held back.
func TestResetPasswordAnswersFirst(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "password=100/15m"})
		ama := a.Shopper("ama")
		tokens := func() int {
			var n int
			if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM password_reset_tokens`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		a.HoldBackground()
		for _, email := range []string{"ama@example.com", "nobody@example.com"} {
			w := a.Do("POST", "/api/auth/users/reset_password/", jsonBody("email", email))
			assertStatus(t, w.Code, 204)
			assertBody(t, w.Body.String(), ``)
		}
		if n := tokens(); n != 0 {
			t.Fatalf("%d reset tokens before the answers; want none", n)
		}
		if mails := a.DeliverMail(); len(mails) != 0 {
			t.Fatalf("mail before the answers: %+v", mails)
		}
		// Each address started the same one piece of work.
		if n := a.RunHeld(); n != 2 {
			t.Fatalf("%d pieces of work held; want one per request", n)
		}
		mails := a.DeliverMail()
		if tokens() != 1 || len(mails) != 1 || mails[0].To != ama.User.Email {
			t.Fatalf("after the work: %d tokens, mails %+v; want one, to ama", tokens(), mails)
		}
	})
}

func TestResetMailLimit(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "password=100/15m"})
	a.Shopper("ama")
	for range 4 {
		w := a.Do("POST", "/api/auth/users/reset_password/", jsonBody("email", "ama@example.com"))
		assertStatus(t, w.Code, 204) // beyond the limit: still 204, no mail
	}
	if n := len(a.DeliverMail()); n != 3 {
		t.Errorf("%d reset mails; want 3 (reset-mail limit)", n)
	}
	// The reset bucket counts both anonymous endpoints per address.
	b := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "reset=5/15m"})
	for range 5 {
		assertStatus(t, b.Do("POST", "/api/auth/users/reset_password/", `{}`).Code, 400)
	}
	assertStatus(t, b.Do("POST", "/api/auth/users/reset_password_confirm/", `{}`).Code, 429)
}

func TestComplaint(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_SUPPORT_EMAIL": "help@dwa.test", "DWA_RATE_LIMITS": "complaint=100/1h"})
		ok := `{"message":"Your request has been processed."}`
		tests := []struct {
			name, body string
			headers    []string
			status     int
			want       string
		}{
			{"sent", jsonBody("email", " esi@example.com ", "complaint", "My order arrived without the charger."), nil, 200, ok},
			{"signed in works too", jsonBody("email", "esi@example.com", "complaint", "Still waiting."), a.Shopper("esi").Auth(), 200, ok},
			{"missing", `{}`, nil, 400, `{"complaint":["This field is required."],"email":["This field is required."]}`},
			{"invalid e-mail", jsonBody("email", "esi", "complaint", "x"), nil, 400, `{"email":["Enter a valid email address."]}`},
			{"blank complaint", jsonBody("email", "esi@example.com", "complaint", "   "), nil, 400, `{"complaint":["This field may not be blank."]}`},
			{"too long", jsonBody("email", "esi@example.com", "complaint", strings.Repeat("é", 5001)), nil, 400,
				`{"complaint":["Ensure this field has no more than 5000 characters."]}`},
			{"5000 code points are fine", jsonBody("email", "kwaku@example.com", "complaint", strings.Repeat("é", 5000)), nil, 200, ok},
			{"bad token", jsonBody("email", "esi@example.com", "complaint", "x"), []string{"Authorization", staleHeader}, 401, givenTokenBad},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/store/api/send_complaint/", tc.body, tc.headers...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		var stored int
		if err := st.DB().R.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM complaints`).Scan(&stored); err != nil || stored != 3 {
			t.Errorf("complaints stored = %d, %v", stored, err)
		}
		mails := a.DeliverMail()
		var support, acks int
		for _, m := range mails {
			switch m.To {
			case "help@dwa.test":
				support++
				if support == 1 && (!strings.Contains(m.Text, "My order arrived without the charger.") || !strings.Contains(m.Text, "esi@example.com")) {
					t.Errorf("support mail = %q", m.Text)
				}
			case "esi@example.com", "kwaku@example.com":
				acks++
				if !strings.Contains(m.Text, "Thank you for writing to Dwa") || strings.Contains(m.Text, "charger") {
					t.Errorf("acknowledgement = %q", m.Text)
				}
			default:
				t.Errorf("mail to %s", m.To)
			}
		}
		if support != 3 || acks != 3 {
			t.Errorf("%d support mails and %d acknowledgements; want 3 and 3", support, acks)
		}
		// complaint-ack: three a day per address; beyond that the complaint
		// is still stored and forwarded, without an acknowledgement.
		assertStatus(t, a.Do("POST", "/api/store/api/send_complaint/", jsonBody("email", "ESI@example.com", "complaint", "Again.")).Code, 200)
		assertStatus(t, a.Do("POST", "/api/store/api/send_complaint/", jsonBody("email", "esi@example.com", "complaint", "And again.")).Code, 200)
		mails = a.DeliverMail()
		if len(mails) != 3 || mails[0].To != "help@dwa.test" || mails[1].To != "ESI@example.com" || mails[2].To != "help@dwa.test" {
			t.Errorf("mails after the ack limit: %v", mailTos(mails))
		}
	})
}

func mailTos(ms []shop.Mail) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.To)
	}
	return out
}

func TestComplaintLimitPerIP(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil) // default: 20 per hour
	complain := func(i int, headers ...string) int {
		return a.Do("POST", "/api/store/api/send_complaint/",
			jsonBody("email", fmt.Sprintf("c%d@example.com", i), "complaint", "x"), headers...).Code
	}
	for i := range 20 {
		assertStatus(t, complain(i), 200)
	}
	w := a.Do("POST", "/api/store/api/send_complaint/", jsonBody("email", "c99@example.com", "complaint", "x"))
	assertStatus(t, w.Code, 429)
	if ra := w.Header().Get("Retry-After"); ra == "" {
		t.Error("no Retry-After")
	}
	// Signed-in customers behind the same address are counted per account.
	assertStatus(t, complain(100, a.Shopper("ama").Auth()...), 200)
}

// TestLimitsKeyOnTheAccountBehindOneAddress: on a mobile network many
// customers share one public address; a signed-in request is counted
// against its account, so one customer's use leaves the others theirs.
func TestLimitsKeyOnTheAccountBehindOneAddress(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "complaint=1/1h,analytics=1/1h"})
	ama, kofi := a.Shopper("ama"), a.Shopper("kofi")
	complaint := jsonBody("email", "esi@example.com", "complaint", "Late.")
	view := jsonBody("path", "/")
	for _, tc := range []struct {
		path, body string
	}{{"/api/store/api/send_complaint/", complaint}, {"/api/analytics/pageviews/", view}} {
		first := a.Do("POST", tc.path, tc.body, ama.Auth()...).Code
		if first != 200 && first != 204 {
			t.Fatalf("%s: %d", tc.path, first)
		}
		assertStatus(t, a.Do("POST", tc.path, tc.body, ama.Auth()...).Code, 429)
		assertStatus(t, a.Do("POST", tc.path, tc.body, kofi.Auth()...).Code, first)
		assertStatus(t, a.Do("POST", tc.path, tc.body).Code, first) // anonymous: the address
		assertStatus(t, a.Do("POST", tc.path, tc.body).Code, 429)
	}
}

// TestLimitsKeyOnTheClientAddress: behind a trusted proxy each client has
// its own counter; from anywhere else X-Forwarded-For changes nothing.
func TestLimitsKeyOnTheClientAddress(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "register=1/1h",
		"DWA_TRUSTED_PROXIES": "127.0.0.0/8"})
	// The test peer is 127.0.0.1, a trusted proxy here.
	for _, client := range []string{"198.51.100.1", "198.51.100.2"} {
		assertStatus(t, a.Do("POST", "/api/auth/users/", `{}`, "X-Forwarded-For", "6.6.6.6, "+client).Code, 400)
	}
	assertStatus(t, a.Do("POST", "/api/auth/users/", `{}`, "X-Forwarded-For", "7.7.7.7, 198.51.100.1").Code, 429)

	b := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "register=1/1h"})
	assertStatus(t, b.Do("POST", "/api/auth/users/", `{}`, "X-Forwarded-For", "198.51.100.1").Code, 400)
	assertStatus(t, b.Do("POST", "/api/auth/users/", `{}`, "X-Forwarded-For", "198.51.100.2").Code, 429)
}

// TestLimitsKeyOnTheIPv6Network: an IPv6 subscriber holds a whole /64, so
// its addresses share one counter; another /64 has its own.
func TestLimitsKeyOnTheIPv6Network(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "register=1/1h",
		"DWA_TRUSTED_PROXIES": "127.0.0.0/8"})
	for _, tc := range []struct {
		client string
		status int
	}{
		{"2001:db8:1:2::a", 400},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", 429}, // same /64
		{"2001:db8:1:3::a", 400},                  // next /64
		{"2001:db8:1:3::b", 429},
		{"198.51.100.1", 400},
	} {
		w := a.Do("POST", "/api/auth/users/", `{}`, "X-Forwarded-For", tc.client)
		if w.Code != tc.status {
			t.Errorf("%s: status %d; want %d", tc.client, w.Code, tc.status)
		}
	}
}

func TestMetricsCountThrottlesAndBacklog(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "register=1/1h"})
	a.Do("POST", "/api/auth/users/", `{}`)
	a.Do("POST", "/api/auth/users/", `{}`)
	a.Do("POST", "/api/store/api/send_complaint/", jsonBody("email", "esi@example.com", "complaint", "Late."))
	body := a.Do("GET", "/metrics", "").Body.String()
	for _, want := range []string{`dwa_throttled_total{bucket="register"} 1`, `dwa_outbox_mails{status="pending"} 2`,
		`dwa_outbox_mails{status="failed"} 0`} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
