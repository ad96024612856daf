package httpapi_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const (
	strongPassword = "Tro-tro to Kaneshie 7"
	loginFailed    = `{"detail":"No active account found with the given credentials"}`
	givenTokenBad  = `{"detail":"Given token not valid for any token type","code":"token_not_valid"}`
	tokenBad       = `{"detail":"Token is invalid or expired","code":"token_not_valid"}`
	tokenWrongType = `{"detail":"Token has wrong type","code":"token_not_valid"}`
	noActive       = `{"detail":"No active account found for the given token.","code":"no_active_account"}`
	notAuth        = `{"detail":"Authentication credentials were not provided.","code":"not_authenticated"}`
	staleHeader    = "Bearer stale.garbage.token"
)

// jsonBody builds a request body from alternating keys and values.
func jsonBody(kv ...any) string {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// exec runs a statement on the app's database (? placeholders).
func exec(t *testing.T, st *sqldb.Store, q string, args ...any) {
	t.Helper()
	if _, err := st.DB().W.Exec(st.DB().Rebind(q), args...); err != nil {
		t.Fatal(err)
	}
}

func tokensOf(t *testing.T, w *httptest.ResponseRecorder) (access, refresh string) {
	t.Helper()
	var out struct{ Access, Refresh string }
	decode(t, w.Body.Bytes(), &out)
	return out.Access, out.Refresh
}

func bearer(token string) []string { return []string{"Authorization", "Bearer " + token} }

func TestRegister(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": "https://dwa.test", "DWA_RATE_LIMITS": "register=100/1h"})
		a.Shopper("ama")
		reg := func(email, username, pw, re any) string {
			return jsonBody("email", email, "username", username, "password", pw, "re_password", re)
		}
		tests := []struct {
			name, body string
			headers    []string
			status     int
			want       string
		}{
			{"created", reg(" kofi@example.com ", "kofi_m", strongPassword, strongPassword), nil, 201,
				`{"id":…`},
			{"a stale Authorization header is ignored", reg("esi@example.com", "esi", strongPassword, strongPassword),
				[]string{"Authorization", staleHeader}, 201, `{"id":…`},
			{"all missing", `{}`, nil, 400, `{"email":["This field is required."],"password":["This field is required."],"re_password":["This field is required."],"username":["This field is required."]}`},
			{"all blank", reg("", " ", "", ""), nil, 400, `{"email":["This field may not be blank."],"password":["This field may not be blank."],"re_password":["This field may not be blank."],"username":["This field may not be blank."]}`},
			{"invalid e-mail and username", reg("kofi@", "kofi m!", strongPassword, strongPassword), nil, 400,
				`{"email":["Enter a valid email address."],"username":["Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."]}`},
			{"too long", reg(strings.Repeat("a", 250)+"@x.gh", strings.Repeat("u", 151), strings.Repeat("p", 129), "x"), nil, 400,
				`{"email":["Ensure this field has no more than 254 characters."],"password":["Ensure this field has no more than 128 characters."],"username":["Ensure this field has no more than 150 characters."]}`},
			{"username taken, other case", reg("new@example.com", "AMA", strongPassword, strongPassword), nil, 400,
				`{"username":["A user with that username already exists."]}`},
			{"e-mail taken, other case", reg("AMA@Example.COM", "ama2", strongPassword, strongPassword), nil, 400,
				`{"email":["A user with that email already exists."]}`},
			{"field rules come before password rules", reg("bad", "yaw", "123", "456"), nil, 400,
				`{"email":["Enter a valid email address."]}`},
			{"password validators together", reg("yaw@example.com", "yaw", "12345", "12345"), nil, 400,
				`{"password":["This password is too short. It must contain at least 8 characters.","This password is too common.","This password is entirely numeric."]}`},
			{"too similar to the username", reg("yaw@example.com", "yaw_boateng", "yaw_boateng1", "yaw_boateng1"), nil, 400,
				`{"password":["The password is too similar to the username."]}`},
			{"too similar to the e-mail", reg("kwesi.appiah@ex.gh", "kwesi", "kwesi.appiah@ex", "kwesi.appiah@ex"), nil, 400,
				`{"password":["The password is too similar to the email address."]}`},
			{"password rules come before the mismatch", reg("yaw@example.com", "yaw", "password1", "other"), nil, 400,
				`{"password":["This password is too common."]}`},
			{"mismatch", reg("yaw@example.com", "yaw", strongPassword, strongPassword+"!"), nil, 400,
				`{"non_field_errors":["The two password fields didn't match."]}`},
			{"not JSON", "email=x", []string{"Content-Type", "text/plain"}, 415,
				`{"detail":"Unsupported media type \"text/plain\" in request.","code":"unsupported_media_type"}`},
			{"not an object", `["kofi"]`, nil, 400, `{"non_field_errors":["Invalid data. Expected a dictionary, but got list."]}`},
			{"malformed", `{"email":`, nil, 400, `{"detail":"JSON parse error.","code":"parse_error"}`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/auth/users/", tc.body, tc.headers...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}

		var created struct {
			ID              int64
			Username, Email string
		}
		decode(t, a.Do("POST", "/api/auth/users", reg("Yaa@Example.com", "yaa_a", strongPassword, strongPassword)).Body.Bytes(), &created)
		if created.ID == 0 || created.Username != "yaa_a" || created.Email != "Yaa@Example.com" {
			t.Errorf("created = %+v", created)
		}
		// The new account signs in at once, by username or e-mail.
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "YAA_A", "password", strongPassword)).Code, 200)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "yaa@example.com", "password", strongPassword)).Code, 200)

		mails := a.DeliverMail()
		if len(mails) != 3 {
			t.Fatalf("%d welcome mails; want 3", len(mails))
		}
		m := mails[0]
		if m.To != "kofi@example.com" || !strings.Contains(m.Subject, "Dwa") || !strings.Contains(m.Text, "Akwaaba, kofi_m!") ||
			!strings.Contains(m.Text, "https://dwa.test/products") || !strings.Contains(m.HTML, `href="https://dwa.test/products"`) {
			t.Errorf("welcome mail = %+v", m)
		}
		if again := a.DeliverMail(); len(again) != 0 {
			t.Errorf("mail sent twice: %+v", again)
		}
	})
}

// TestRegisterConcurrentDuplicates: the unique index, not a read-then-write,
// decides, so racing sign-ups with one name give exactly one account.
func TestRegisterConcurrentDuplicates(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "register=100/1h"})
		const n = 8
		codes := make([]int, n)
		bodies := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				body := jsonBody("email", fmt.Sprintf("racer%d@example.com", i), "username", "Racer",
					"password", strongPassword, "re_password", strongPassword)
				w := a.Do("POST", "/api/auth/users/", body)
				codes[i], bodies[i] = w.Code, w.Body.String()
			})
		}
		wg.Wait()
		created := 0
		for i, c := range codes {
			switch {
			case c == 201:
				created++
			case c != 400 || bodies[i] != `{"username":["A user with that username already exists."]}`:
				t.Errorf("racer %d: %d %s", i, c, bodies[i])
			}
		}
		if created != 1 {
			t.Errorf("%d accounts created; want exactly 1", created)
		}
	})
}

func TestLogin(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "login=100/1m"})
		ama := a.Shopper("ama")
		off := a.Shopper("efo")
		exec(t, st, `UPDATE users SET is_active = ? WHERE id = ?`, false, off.User.ID)
		// A Django account imported with its pbkdf2 hash.
		const django = "pbkdf2_sha256$260000$kZ3vQq1Xo9cS$LR6a0uHJF09X1aoUeyF0giZmKZR6DU5vnkCWJ1ZN3Dk="
		exec(t, st, `INSERT INTO users (username, username_key, email, email_key, password_hash, is_staff, is_active, date_joined)
			VALUES ('legacy', 'legacy', 'legacy@example.com', 'legacy@example.com', ?, ?, ?, 0)`, django, false, true)
		login := func(u, p any) string { return jsonBody("username", u, "password", p) }
		tests := []struct {
			name, body string
			headers    []string
			status     int
			want       string
		}{
			{"by username", login("ama", shoptest.Password), nil, 200, `{"refresh":"eyJ…`},
			{"by username, other case", login("AMA", shoptest.Password), nil, 200, `{"refresh":"eyJ…`},
			{"by e-mail, other case", login("Ama@Example.com", shoptest.Password), nil, 200, `{"refresh":"eyJ…`},
			{"stale header ignored", login("ama", shoptest.Password), []string{"Authorization", staleHeader}, 200, `{"refresh":"eyJ…`},
			{"wrong password", login("ama", "wrong-password"), nil, 401, loginFailed},
			{"password is not trimmed", login("ama", " "+shoptest.Password), nil, 401, loginFailed},
			{"unknown account", login("nobody", shoptest.Password), nil, 401, loginFailed},
			{"unknown e-mail", login("nobody@example.com", shoptest.Password), nil, 401, loginFailed},
			{"inactive account", login("efo", shoptest.Password), nil, 401, loginFailed},
			{"blank", login("", ""), nil, 400, `{"password":["This field may not be blank."],"username":["This field may not be blank."]}`},
			{"missing", `{}`, nil, 400, `{"password":["This field is required."],"username":["This field is required."]}`},
			{"legacy Django hash, wrong password", login("legacy", "legacy-pa55word"), nil, 401, loginFailed},
			{"legacy Django hash", login("legacy", "Legacy-Pa55word"), nil, 200, `{"refresh":"eyJ…`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/auth/jwt/create/", tc.body, tc.headers...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
				if w.Code == 401 && w.Header().Get("WWW-Authenticate") != `Bearer realm="api"` {
					t.Errorf("WWW-Authenticate = %q", w.Header().Get("WWW-Authenticate"))
				}
			})
		}
		u, err := st.UserByUsername(context.Background(), "legacy")
		if err != nil || !strings.HasPrefix(u.PasswordHash, "$argon2id$") || u.LastLogin.IsZero() {
			t.Errorf("legacy user after login = %+v, %v", u, err)
		}
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", login("legacy", "Legacy-Pa55word")).Code, 200)
		u, _ = st.UserByID(context.Background(), ama.User.ID)
		if u.LastLogin.IsZero() {
			t.Error("last_login not set")
		}
		access, _ := tokensOf(t, a.Do("POST", "/api/auth/jwt/create", login("ama", shoptest.Password)))
		w := a.Do("GET", "/api/auth/users/me/", "", bearer(access)...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"username":"ama","email":"ama@example.com","phone":null,"is_staff":false,"store":null,"delivery_region":""}`, ama.User.ID))
	})
}

// TestBruteForce: with login-fail at 5 per 15 minutes the sixth attempt on
// one account from one client is throttled, right password or not, on both
// counter stores and both engines.
func TestBruteForce(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		for _, store := range []string{"memory", "database"} {
			t.Run(store, func(t *testing.T) {
				a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "login-fail=5/15m",
					"DWA_RATE_LIMIT_STORE": store})
				user := "kojo_" + store
				a.Shopper(user)
				for i := 1; i <= 5; i++ {
					w := a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", user, "password", fmt.Sprint("guess", i)))
					assertStatus(t, w.Code, 401)
				}
				w := a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", strings.ToUpper(user), "password", shoptest.Password))
				assertStatus(t, w.Code, 429)
				assertBody(t, w.Body.String(), `{"detail":"Request was throttled. Expected available in …`)
				if ra := w.Header().Get("Retry-After"); ra == "" || ra == "0" || !strings.Contains(w.Body.String(), " "+ra+" second") {
					t.Errorf("Retry-After %q with body %s", ra, w.Body)
				}
				// Other accounts are not affected.
				a.Shopper("other_" + store)
				assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "other_"+store, "password", shoptest.Password)).Code, 200)
				a.Clock.Advance(15 * time.Minute)
				assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", user, "password", shoptest.Password)).Code, 200)
			})
		}
	})
}

// TestLoginThrottlePerAccountAndClient: with the default limits behind a
// trusted proxy, 20 wrong passwords from one client lock that client out
// of that account only; the owner signs in from anywhere else. The
// username and the e-mail of an account share one allowance, and an
// unknown name is throttled exactly like an account.
func TestLoginThrottlePerAccountAndClient(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_TRUSTED_PROXIES": "127.0.0.0/8"})
		a.Shopper("ama")
		a.Shopper("kofi")
		login := func(name, password, client string) *httptest.ResponseRecorder {
			t.Helper()
			return a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", name, "password", password),
				"X-Forwarded-For", client)
		}
		throttled := func(w *httptest.ResponseRecorder) {
			t.Helper()
			assertStatus(t, w.Code, 429)
			assertBody(t, w.Body.String(), `{"detail":"Request was throttled. Expected available in …","code":"throttled"}`)
			ra, err := strconv.Atoi(w.Header().Get("Retry-After"))
			if err != nil || ra < 1 || ra > 3600 || !strings.Contains(w.Body.String(), " "+strconv.Itoa(ra)+" second") {
				t.Errorf("Retry-After %q with body %s", w.Header().Get("Retry-After"), w.Body)
			}
		}
		const owner = "203.0.113.7"

		// 20 guesses at ama's username from one address.
		for i := range 20 {
			w := login("ama", fmt.Sprint("guess-", i), "198.51.100.66")
			assertStatus(t, w.Code, 401)
			assertBody(t, w.Body.String(), loginFailed)
		}
		throttled(login("ama", shoptest.Password, "198.51.100.66"))
		assertStatus(t, login("ama", shoptest.Password, owner).Code, 200)
		assertStatus(t, login("Ama@Example.com", shoptest.Password, owner).Code, 200)
		throttled(login("ama@example.com", shoptest.Password, "198.51.100.66"))

		// Username and e-mail alternately: still 20 guesses in all.
		for i := range 20 {
			name := map[bool]string{true: "kofi", false: "KOFI@example.com"}[i%2 == 0]
			assertStatus(t, login(name, fmt.Sprint("guess-", i), "198.51.100.67").Code, 401)
		}
		throttled(login("kofi", shoptest.Password, "198.51.100.67"))
		throttled(login("kofi@example.com", shoptest.Password, "198.51.100.67"))
		assertStatus(t, login("kofi", shoptest.Password, owner).Code, 200)

		// A name without an account answers the same way.
		for i := range 20 {
			assertBody(t, login("nobody@example.com", fmt.Sprint("guess-", i), "198.51.100.68").Body.String(), loginFailed)
		}
		throttled(login("nobody@example.com", "guess", "198.51.100.68"))

		// 20 failures per account stay within login-account (50 an hour).
		if d := a.Clock.Slept(); d != 0 {
			t.Errorf("sign-ins slowed by %s; no account is over login-account", d)
		}
		// The window ends: the attacker's address may try again.
		a.Clock.Advance(time.Hour)
		assertStatus(t, login("ama", shoptest.Password, "198.51.100.66").Code, 200)
	})
}

// TestLoginSlowDownPerAccount: failures from many addresses slow every
// attempt on the account down, by 0.5 s per failure beyond login-account,
// but never refuse the owner; other accounts are not slowed.
func TestLoginSlowDownPerAccount(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_TRUSTED_PROXIES": "127.0.0.0/8",
			"DWA_RATE_LIMITS": "login-fail=3/1h,login-account=6/1h"})
		a.Shopper("ama")
		a.Shopper("kofi")
		login := func(name, password, client string) int {
			t.Helper()
			return a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", name, "password", password),
				"X-Forwarded-For", client).Code
		}
		// Four addresses, three guesses each: 12 failures, 6 over the rate.
		for c := range 4 {
			for i := range 3 {
				assertStatus(t, login("ama", fmt.Sprint("guess-", i), fmt.Sprint("198.51.100.", 10+c)), 401)
			}
			assertStatus(t, login("ama", shoptest.Password, fmt.Sprint("198.51.100.", 10+c)), 429)
		}
		// Failures 8 to 12 found 1 to 5 failures beyond the rate before
		// them; the refusals are decided before any wait.
		slept := a.Clock.Slept()
		if slept != 7500*time.Millisecond {
			t.Errorf("attackers slowed by %s in all; want 7.5s", slept)
		}
		assertStatus(t, login("ama", shoptest.Password, "203.0.113.7"), 200)
		if d := a.Clock.Slept() - slept; d != 3*time.Second {
			t.Errorf("owner slowed by %s; want 3s (6 failures beyond the rate)", d)
		}
		slept = a.Clock.Slept()
		assertStatus(t, login("kofi", shoptest.Password, "203.0.113.7"), 200)
		if d := a.Clock.Slept() - slept; d != 0 {
			t.Errorf("another account slowed by %s", d)
		}
	})
}

func TestLoginLimitPerIP(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "login=3/1m"})
	for i := 0; i < 3; i++ {
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", fmt.Sprint("u", i), "password", "x")).Code, 401)
	}
	w := a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "u9", "password", "x"))
	assertStatus(t, w.Code, 429)
}

// TestTokenEndpoints covers refresh, verify and logout with every kind of
// token misuse.
func TestTokenEndpoints(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama := a.Shopper("ama")
		gone := a.Shopper("gone")
		exec(t, st, `UPDATE users SET is_active = ? WHERE id = ?`, false, gone.User.ID)
		revoked := a.SignIn(ama.User)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/logout/", jsonBody("refresh", revoked.Refresh)).Code, 204)
		tampered := ama.Tokens.Refresh[:len(ama.Tokens.Refresh)-4] + "AAAA"
		none := algNone(ama.Tokens.Refresh)

		tests := []struct {
			name, path, body string
			status           int
			want             string
		}{
			{"refresh", "/api/auth/jwt/refresh/", jsonBody("refresh", ama.Tokens.Refresh), 200, `{"access":"eyJ…`},
			{"refresh alias", "/api/refresh/token/", jsonBody("refresh", ama.Tokens.Refresh), 200, `{"access":"eyJ…`},
			{"refresh without token", "/api/auth/jwt/refresh/", `{}`, 400, `{"refresh":["This field is required."]}`},
			{"refresh with an access token", "/api/auth/jwt/refresh/", jsonBody("refresh", ama.Tokens.Access), 401, tokenWrongType},
			{"refresh with a tampered signature", "/api/auth/jwt/refresh/", jsonBody("refresh", tampered), 401, tokenBad},
			{"refresh with alg none", "/api/auth/jwt/refresh/", jsonBody("refresh", none), 401, tokenBad},
			{"refresh with garbage", "/api/auth/jwt/refresh/", jsonBody("refresh", "not-a-jwt"), 401, tokenBad},
			{"refresh a revoked token", "/api/auth/jwt/refresh/", jsonBody("refresh", revoked.Refresh), 401, tokenBad},
			{"refresh for a deactivated user", "/api/auth/jwt/refresh/", jsonBody("refresh", gone.Tokens.Refresh), 401, noActive},
			{"verify access", "/api/auth/jwt/verify/", jsonBody("token", ama.Tokens.Access), 200, `{}`},
			{"verify refresh", "/api/auth/jwt/verify/", jsonBody("token", ama.Tokens.Refresh), 200, `{}`},
			{"verify without token", "/api/auth/jwt/verify/", `{}`, 400, `{"token":["This field is required."]}`},
			{"verify tampered", "/api/auth/jwt/verify/", jsonBody("token", tampered), 401, tokenBad},
			{"verify revoked", "/api/auth/jwt/verify/", jsonBody("token", revoked.Refresh), 401, tokenBad},
			{"verify deactivated", "/api/auth/jwt/verify/", jsonBody("token", gone.Tokens.Access), 401, noActive},
			{"logout with an access token", "/api/auth/jwt/logout/", jsonBody("refresh", ama.Tokens.Access), 401, tokenWrongType},
			{"logout with a tampered token", "/api/auth/jwt/logout/", jsonBody("refresh", tampered), 401, tokenBad},
			{"logout again is fine", "/api/auth/jwt/logout/", jsonBody("refresh", revoked.Refresh), 204, ``},
			{"logout without token", "/api/auth/jwt/logout/", `{}`, 400, `{"refresh":["This field is required."]}`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				// Every one of these endpoints ignores a stale header.
				w := a.Do("POST", tc.path, tc.body, "Authorization", staleHeader)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}

		// A refreshed access token works; the refresh token is not rotated.
		access, _ := tokensOf(t, a.Do("POST", "/api/auth/jwt/refresh/", jsonBody("refresh", ama.Tokens.Refresh)))
		assertStatus(t, a.Do("GET", "/api/auth/users/me/", "", bearer(access)...).Code, 200)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/refresh/", jsonBody("refresh", ama.Tokens.Refresh)).Code, 200)

		// Expiry: access after 15 minutes, refresh after 14 days; logout of
		// an expired token is still 204.
		a.Clock.Advance(16 * time.Minute)
		assertBody(t, a.Do("GET", "/api/auth/users/me/", "", bearer(access)...).Body.String(), givenTokenBad)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/verify/", jsonBody("token", access)).Code, 401)
		a.Clock.Advance(14 * 24 * time.Hour)
		w := a.Do("POST", "/api/auth/jwt/refresh/", jsonBody("refresh", ama.Tokens.Refresh))
		assertStatus(t, w.Code, 401)
		assertBody(t, w.Body.String(), tokenBad)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/logout/", jsonBody("refresh", ama.Tokens.Refresh)).Code, 204)
	})
}

// algNone re-signs a token's claims with "alg":"none" and no signature.
func algNone(token string) string {
	claims := strings.Split(token, ".")[1]
	return base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + claims + "."
}

// TestAuthorizationHeader covers contract §1.3 on a public endpoint, a User
// endpoint and the endpoints that ignore the header.
func TestAuthorizationHeader(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama := a.Shopper("ama")
		expired := a.SignIn(ama.User).Access
		a.Clock.Advance(16 * time.Minute)
		fresh := a.SignIn(ama.User).Access
		inactive := a.Shopper("inactive")
		exec(t, st, `UPDATE users SET is_active = ? WHERE id = ?`, false, inactive.User.ID)
		deleted := a.Shopper("deleted")
		staff := a.Staff("abena")
		owner, store := a.Owner("kwame", "Accra Game Hub")
		exec(t, st, `DELETE FROM refresh_tokens WHERE user_id = ?`, deleted.User.ID)
		exec(t, st, `DELETE FROM users WHERE id = ?`, deleted.User.ID)
		badHeader := `{"detail":"Authorization header must contain two space-delimited values","code":"bad_authorization_header"}`

		tests := []struct {
			name, path string
			headers    []string
			status     int
			want       string
		}{
			{"me without a header", "/api/auth/users/me/", nil, 401, notAuth},
			{"me with another scheme is anonymous", "/api/auth/users/me/", []string{"Authorization", "Basic YW1hOng="}, 401, notAuth},
			{"me with Bearer alone", "/api/auth/users/me/", []string{"Authorization", "Bearer"}, 401, badHeader},
			{"me with extra parts", "/api/auth/users/me/", []string{"Authorization", "Bearer a b"}, 401, badHeader},
			{"me, scheme in lower case", "/api/auth/users/me/", []string{"Authorization", "bearer " + fresh}, 200,
				fmt.Sprintf(`{"id":%d,"username":"ama","email":"ama@example.com","phone":null,"is_staff":false,"store":null,"delivery_region":""}`, ama.User.ID)},
			{"me as staff", "/api/auth/users/me", bearer(staff.Tokens.Access), 200,
				fmt.Sprintf(`{"id":%d,"username":"abena","email":"abena@example.com","phone":null,"is_staff":true,"store":null,"delivery_region":""}`, staff.User.ID)},
			{"me as store owner", "/api/auth/users/me", bearer(owner.Tokens.Access), 200,
				fmt.Sprintf(`{"id":%d,"username":"kwame","email":"kwame@example.com","phone":null,"is_staff":false,"store":{"id":%d,"name":"Accra Game Hub"},"delivery_region":""}`, owner.User.ID, store.ID)},
			{"refresh token as access", "/api/auth/users/me/", bearer(ama.Tokens.Refresh), 401, givenTokenBad},
			{"expired access token", "/api/auth/users/me/", bearer(expired), 401, givenTokenBad},
			{"tampered access token", "/api/auth/users/me/", bearer(fresh[:len(fresh)-3] + "abc"), 401, givenTokenBad},
			{"alg none", "/api/auth/users/me/", bearer(algNone(fresh)), 401, givenTokenBad},
			{"deleted user", "/api/auth/users/me/", bearer(deleted.Tokens.Access), 401, `{"detail":"User not found","code":"user_not_found"}`},
			{"inactive user", "/api/auth/users/me/", bearer(inactive.Tokens.Access), 401, `{"detail":"User is inactive","code":"user_inactive"}`},
			{"public endpoint, no header", "/api/store/categories/", nil, 200, `[]`},
			{"public endpoint, other scheme", "/api/store/categories/", []string{"Authorization", "Token abc"}, 200, `[]`},
			{"public endpoint, valid token", "/api/store/categories/", bearer(fresh), 200, `[]`},
			{"public endpoint, bad token", "/api/store/categories/", []string{"Authorization", staleHeader}, 401, givenTokenBad},
			{"public endpoint, bad header", "/api/store/hero", []string{"Authorization", "Bearer"}, 401, badHeader},
			{"operations ignore the header", "/healthz", []string{"Authorization", staleHeader}, 200, `{"status":"ok"}`},
			{"openapi ignores the header", "/api/openapi.json", []string{"Authorization", staleHeader}, 200, `{…`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("GET", tc.path, "", tc.headers...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
				if w.Code == 401 && w.Header().Get("WWW-Authenticate") != `Bearer realm="api"` {
					t.Errorf("WWW-Authenticate = %q", w.Header().Get("WWW-Authenticate"))
				}
			})
		}
		w := a.Do("POST", "/api/auth/users/me/", `{}`, bearer(fresh)...)
		assertStatus(t, w.Code, 405)
		assertBody(t, w.Body.String(), `{"detail":"Method \"POST\" not allowed.","code":"method_not_allowed"}`)

		// Header-ignoring endpoints answer on their merits, not with 401.
		for _, path := range []string{"/api/auth/users/", "/api/auth/jwt/create/", "/api/auth/users/reset_password/",
			"/api/auth/users/reset_password_confirm/"} {
			if w := a.Do("POST", path, `{}`, "Authorization", staleHeader); w.Code != 400 {
				t.Errorf("%s with a stale header: %d %s", path, w.Code, w.Body)
			}
		}
	})
}
