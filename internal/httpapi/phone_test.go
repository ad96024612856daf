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

const (
	badCode     = `{"code":["This code is wrong or has expired. Ask for a new one."]}`
	amaPhone    = "+233241234567"
	amaLocal    = "024 123 4567"
	strangerNum = "+233551234567"
)

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// texts delivers the outbox and returns the text messages sent to phone.
func texts(t *testing.T, a *shoptest.App, phone string) []shop.Mail {
	t.Helper()
	var out []shop.Mail
	for _, m := range a.DeliverMail() {
		if m.Channel == shop.ChannelSMS && m.To == phone {
			out = append(out, m)
		}
	}
	return out
}

// askCode requests a code and returns the one texted to phone.
func askCode(t *testing.T, a *shoptest.App, phone, purpose string, headers ...string) string {
	t.Helper()
	w := a.Do("POST", "/api/auth/phone/code/", jsonBody("phone", shop.LocalPhone(phone), "purpose", purpose), headers...)
	assertStatus(t, w.Code, 204)
	got := texts(t, a, phone)
	if len(got) != 1 {
		t.Fatalf("%d texts to %s; want 1", len(got), phone)
	}
	m := sixDigits.FindStringSubmatch(got[0].Text)
	if m == nil {
		t.Fatalf("no code in %q", got[0].Text)
	}
	return m[1]
}

func signInByCode(a *shoptest.App, phone, code string, extra ...any) string {
	return jsonBody(append([]any{"phone", phone, "code", code}, extra...)...)
}

// wrong is a code that is not c.
func wrong(c string) string {
	if c == "000000" {
		return "111111"
	}
	return "000000"
}

// TestPhoneSignUpAndSignIn: a number signs up with a code (username
// generated, no e-mail), then signs in with another; the username and
// password sign-in stays as it was.
func TestPhoneSignUpAndSignIn(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		code := askCode(t, a, amaPhone, "signin")
		w := a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, amaLocal, code))
		assertStatus(t, w.Code, 201)
		assertBody(t, w.Body.String(), `{"refresh":"…","access":"…","created":true}`)
		access, _ := tokensOf(t, w)
		phoneOnly := access
		w = a.Do("GET", "/api/auth/users/me/", "", bearer(access)...)
		assertStatus(t, w.Code, 200)
		if !regexp.MustCompile(`^\{"id":\d+,"username":"shopper\d{8}","email":"","phone":"\+233241234567","is_staff":false,"store":null,"delivery_region":""\}$`).
			MatchString(w.Body.String()) {
			t.Errorf("me = %s", w.Body)
		}
		if mails := a.DeliverMail(); len(mails) != 0 {
			t.Errorf("mail queued for an account without e-mail: %+v", mails)
		}

		// Resend is refused for a minute, then the next code signs in.
		w = a.Do("POST", "/api/auth/phone/code/", jsonBody("phone", amaPhone, "purpose", "signin"))
		assertStatus(t, w.Code, 429)
		if w.Header().Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
		a.Clock.Advance(time.Minute)
		code = askCode(t, a, amaPhone, "signin")
		w = a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, "0241234567", code, "username", "ignored", "email", "x@example.com"))
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `{"refresh":"…","access":"…","created":false}`)

		// A phone account has no password: nothing signs it in by password.
		var username string
		if err := st.DB().R.QueryRow(`SELECT username FROM users WHERE phone = '+233241234567'`).Scan(&username); err != nil {
			t.Fatal(err)
		}
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", username, "password", "")).Code, 400)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", username, "password", "x")).Code, 401)

		// A chosen username and e-mail are kept; the e-mail gets the welcome.
		a.Clock.Advance(time.Minute)
		code = askCode(t, a, strangerNum, "signin")
		w = a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, strangerNum, code, "username", "kojo", "email", "kojo@example.com"))
		assertStatus(t, w.Code, 201)
		access, _ = tokensOf(t, w)
		assertBody(t, a.Do("GET", "/api/auth/users/me/", "", bearer(access)...).Body.String(),
			`{"id":…,"username":"kojo","email":"kojo@example.com","phone":"+233551234567","is_staff":false,"store":null,"delivery_region":""}`)
		if mails := a.DeliverMail(); len(mails) != 1 || mails[0].To != "kojo@example.com" {
			t.Errorf("welcome mails: %+v", mails)
		}
		// The account without e-mail moves to another number; its old one is
		// free for a new account.
		code = askCode(t, a, "+233201234567", "verify", bearer(phoneOnly)...)
		assertStatus(t, a.Do("POST", "/api/auth/phone/verify/", jsonBody("phone", "+233201234567", "code", code), bearer(phoneOnly)...).Code, 200)
		a.Clock.Advance(time.Minute)
		code = askCode(t, a, amaPhone, "signin")
		assertStatus(t, a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, amaPhone, code)).Code, 201)
		// The original registration and sign-in are unchanged.
		assertStatus(t, a.Do("POST", "/api/auth/users/", jsonBody("email", "esi@example.com", "username", "esi",
			"password", strongPassword, "re_password", strongPassword)).Code, 201)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "esi", "password", strongPassword)).Code, 200)
	})
}

// TestPhoneCodeRules: life, tries, single use and supersession of a code,
// and the checks on the request.
func TestPhoneCodeRules(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		tests := []struct {
			name   string
			use    func(t *testing.T, phone, code string) string // returns the code to send last
			status int
			want   string
		}{
			{"right code", func(t *testing.T, _, c string) string { return c }, 201, `{"refresh":"…","access":"…","created":true}`},
			{"wrong code", func(t *testing.T, _, c string) string { return wrong(c) }, 400, badCode},
			{"expired after 5 minutes", func(t *testing.T, _, c string) string {
				a.Clock.Advance(5 * time.Minute)
				return c
			}, 400, badCode},
			{"alive just before 5 minutes", func(t *testing.T, _, c string) string {
				a.Clock.Advance(5*time.Minute - time.Second)
				return c
			}, 201, `{…"created":true}`},
			{"fifth try may be right", func(t *testing.T, phone, c string) string {
				for range 4 {
					assertBody(t, a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, phone, wrong(c))).Body.String(), badCode)
				}
				return c
			}, 201, `{…"created":true}`},
			{"sixth try refused even when right", func(t *testing.T, phone, c string) string {
				for range 5 {
					assertBody(t, a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, phone, wrong(c))).Body.String(), badCode)
				}
				return c
			}, 400, badCode},
			{"used once only", func(t *testing.T, phone, c string) string {
				assertStatus(t, a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, phone, c)).Code, 201)
				return c
			}, 400, badCode},
			{"a new code supersedes the old", func(t *testing.T, phone, c string) string {
				a.Clock.Advance(time.Minute)
				askCode(t, a, phone, "signin")
				return c
			}, 400, badCode},
			{"a code for another purpose", func(t *testing.T, phone, c string) string {
				w := a.Do("POST", "/api/auth/phone/reset/", jsonBody("phone", phone, "code", c,
					"new_password", strongPassword, "re_new_password", strongPassword))
				assertBody(t, w.Body.String(), badCode)
				return "no code"
			}, 400, `{"code":["This code is wrong or has expired. Ask for a new one."]}`},
		}
		for i, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				phone := fmt.Sprintf("+233244%03d001", i)
				code := askCode(t, a, phone, "signin")
				send := tc.use(t, phone, code)
				w := a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, phone, send))
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}

		requests := []struct {
			name, body string
			headers    []string
			status     int
			want       string
		}{
			{"fixed line", jsonBody("phone", "030 212 3456", "purpose", "signin"), nil, 400,
				`{"phone":["Enter a Ghanaian mobile number, like 024 123 4567."]}`},
			{"missing", `{}`, nil, 400, `{"phone":["This field is required."],"purpose":["This field is required."]}`},
			{"unknown purpose", jsonBody("phone", amaPhone, "purpose", "login"), nil, 400, `{"purpose":["Choose signin, verify or reset."]}`},
			{"verify needs a token", jsonBody("phone", amaPhone, "purpose", "verify"), nil, 401, notAuth},
		}
		for _, tc := range requests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/auth/phone/code/", tc.body, tc.headers...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
	})
}

// TestPhoneResetSameAnswer: a reset code is texted only to an account's
// verified number, but known and unknown numbers get the same answer, and
// a code for an unknown number is refused like a wrong one.
func TestPhoneResetSameAnswer(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama := a.Shopper("ama")
		if err := st.SetPhone(context.Background(), ama.User.ID, amaPhone); err != nil {
			t.Fatal(err)
		}
		known := a.Do("POST", "/api/auth/phone/code/", jsonBody("phone", amaLocal, "purpose", "reset"))
		unknown := a.Do("POST", "/api/auth/phone/code/", jsonBody("phone", strangerNum, "purpose", "reset"))
		if known.Code != 204 || unknown.Code != 204 || known.Body.String() != unknown.Body.String() {
			t.Fatalf("known %d %q, unknown %d %q", known.Code, known.Body, unknown.Code, unknown.Body)
		}
		sent := a.DeliverMail()
		if len(sent) != 1 || sent[0].To != amaPhone || !strings.Contains(sent[0].Text, "password reset code") {
			t.Fatalf("texts: %+v", sent)
		}
		code := sixDigits.FindStringSubmatch(sent[0].Text)[1]
		reset := func(phone, code, pw string) string {
			return jsonBody("phone", phone, "code", code, "new_password", pw, "re_new_password", pw)
		}
		assertBody(t, a.Do("POST", "/api/auth/phone/reset/", reset(strangerNum, code, strongPassword)).Body.String(), badCode)
		// A weak password is refused before the code is used.
		w := a.Do("POST", "/api/auth/phone/reset/", reset(amaPhone, code, "12345678"))
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"new_password":[…"This password is entirely numeric."]}`)
		assertStatus(t, a.Do("POST", "/api/auth/phone/reset/", reset(amaPhone, code, strongPassword)).Code, 204)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "ama", "password", strongPassword)).Code, 200)
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "ama", "password", shoptest.Password)).Code, 401)
		// Too early a second request is refused alike for both numbers.
		known = a.Do("POST", "/api/auth/phone/code/", jsonBody("phone", amaPhone, "purpose", "reset"))
		unknown = a.Do("POST", "/api/auth/phone/code/", jsonBody("phone", strangerNum, "purpose", "reset"))
		if known.Code != 429 || unknown.Code != 429 || known.Body.String() != unknown.Body.String() {
			t.Errorf("early resend: known %d %q, unknown %d %q", known.Code, known.Body, unknown.Code, unknown.Body)
		}
	})
}

// TestVerifyPhone: a signed-in account adds a number with a code; another
// account cannot take a verified number; the number then signs its owner in.
func TestVerifyPhone(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama, kofi := a.Shopper("ama"), a.Shopper("kofi")
		code := askCode(t, a, amaPhone, "verify", ama.Auth()...)
		assertBody(t, a.Do("POST", "/api/auth/phone/verify/", jsonBody("phone", amaPhone, "code", code), kofi.Auth()...).Body.String(), badCode)
		a.Clock.Advance(time.Minute)
		code = askCode(t, a, amaPhone, "verify", ama.Auth()...)
		w := a.Do("POST", "/api/auth/phone/verify/", jsonBody("phone", amaLocal, "code", code), ama.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `{"id":…,"username":"ama","email":"ama@example.com","phone":"+233241234567","is_staff":false,"store":null,"delivery_region":""}`)

		a.Clock.Advance(time.Minute)
		code = askCode(t, a, amaPhone, "verify", kofi.Auth()...)
		w = a.Do("POST", "/api/auth/phone/verify/", jsonBody("phone", amaPhone, "code", code), kofi.Auth()...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"phone":["This number belongs to another account."]}`)

		a.Clock.Advance(time.Minute)
		code = askCode(t, a, amaPhone, "signin")
		w = a.Do("POST", "/api/auth/phone/signin/", signInByCode(a, amaPhone, code))
		assertStatus(t, w.Code, 200)
		access, _ := tokensOf(t, w)
		assertBody(t, a.Do("GET", "/api/auth/users/me/", "", bearer(access)...).Body.String(), `{"id":…,"username":"ama",…}`)
	})
}

// TestSMSCaps: the caps against SMS pumping refuse with 429 and show in
// /metrics; each counts its own key.
func TestSMSCaps(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "sms-range=2/24h,sms-number=2/1h+3/24h,sms-client=100/1h+4/24h"})
		ask := func(phone string, headers ...string) int {
			return a.Do("POST", "/api/auth/phone/code/", jsonBody("phone", phone, "purpose", "signin"), headers...).Code
		}
		// Per number: twice an hour.
		assertStatus(t, ask("+233201111001"), 204)
		a.Clock.Advance(time.Minute)
		assertStatus(t, ask("+233201111001"), 204)
		a.Clock.Advance(time.Minute)
		assertStatus(t, ask("+233201111001"), 429)
		// Per block of 1,000 numbers: a third code for the block (the refusal
		// above stopped before the range was counted).
		assertStatus(t, ask("+233201111002"), 429)
		assertStatus(t, ask("+233201112002"), 204) // another block
		// Per client address: four a day (the requests refused above stopped
		// before the address was counted).
		assertStatus(t, ask("+233501234001"), 204)
		assertStatus(t, ask("+233502234001"), 429)
		// A signed-in caller is counted as the account, not the address.
		assertStatus(t, ask("+233503234001", a.Shopper("ama").Auth()...), 204)
		body := a.Do("GET", "/metrics", "").Body.String()
		for _, want := range []string{`dwa_throttled_total{bucket="sms-number"} 1`, `dwa_throttled_total{bucket="sms-range"} 1`,
			`dwa_throttled_total{bucket="sms-client"} 1`} {
			if !strings.Contains(body, want) {
				t.Errorf("metrics lack %s", want)
			}
		}
	})
}

// TestFulfilmentBySMS: a buyer with a verified number gets "shipped" (with
// the tracking note) and "delivered" by text as well as by mail; a buyer
// without one gets mail only.
func TestFulfilmentBySMS(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": "https://dwa.test"})
		f := newSellerFixture(a)
		hub := append(f.owner.Auth(), "Content-Type", "application/json")
		rival := append(f.rival.Auth(), "Content-Type", "application/json")
		a.DeliverMail() // the welcome mails
		ref := strings.ToUpper(f.paid[:8])
		link := " https://dwa.test/order/" + f.paid

		assertStatus(t, a.Do("POST", "/api/seller/orders/"+f.paid+"/ship/", `{}`, rival...).Code, 200)
		sent := a.DeliverMail()
		for _, m := range sent {
			if m.Channel == shop.ChannelSMS {
				t.Fatalf("a text to a buyer without a verified number: %+v", m)
			}
		}
		if len(sent) != 1 {
			t.Fatalf("sent %+v; want the mail", sent)
		}
		if err := st.SetPhone(context.Background(), f.shopper.User.ID, amaPhone); err != nil {
			t.Fatal(err)
		}
		assertStatus(t, a.Do("POST", "/api/seller/orders/"+f.paid+"/ship/", `{"tracking_note":"VIP Bus parcel 4471"}`, hub...).Code, 200)
		got := texts(t, a, amaPhone)
		if want := "Dwa: " + f.hub.Name + " has shipped your items from order " + ref + ". Tracking: VIP Bus parcel 4471" + link; len(got) != 1 || got[0].Text != want {
			t.Fatalf("texts = %+v; want %q", got, want)
		}
		assertStatus(t, a.Do("POST", "/api/seller/orders/"+f.paid+"/deliver/", `{}`, hub...).Code, 200)
		got = texts(t, a, amaPhone)
		if want := "Dwa: " + f.hub.Name + " has delivered your items from order " + ref + "." + link; len(got) != 1 || got[0].Text != want {
			t.Fatalf("texts = %+v; want %q", got, want)
		}
	})
}

// TestMessageNotice: a store writing to a customer tells them by e-mail
// and, once their number is verified, by text — once an hour per
// conversation; messages the other way tell nobody.
func TestMessageNotice(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": "https://dwa.test"})
		f := newSellerFixture(a)
		a.DeliverMail()
		write := func(from shoptest.Account, body string) {
			t.Helper()
			fresh := a.SignIn(from.User) // the clock moves by hours
			assertStatus(t, a.Do("POST", "/api/store/messages/", body, bearer(fresh.Access)...).Code, 201)
		}
		toShopper := fmt.Sprintf(`{"content":"Your parcel leaves today.","receiver_user":%d}`, f.shopper.User.ID)
		mail := "mail ama@example.com " + f.hub.Name + " sent you a message on Dwa"
		text := "sms " + amaPhone + " Dwa: " + f.hub.Name + " sent you a message. Read it at https://dwa.test/messages"

		write(f.owner, toShopper)
		sent := a.DeliverMail()
		if len(sent) != 1 || !strings.Contains(sent[0].Text, "Read the message: https://dwa.test/messages") ||
			strings.Contains(sent[0].Text, "Your parcel") {
			t.Fatalf("sent to a customer without a verified number: %+v", sent)
		}
		write(f.owner, toShopper)
		assertSent(t, "e-mail within the hour", sentKinds(a))
		if err := st.SetPhone(context.Background(), f.shopper.User.ID, amaPhone); err != nil {
			t.Fatal(err)
		}
		a.Clock.Advance(time.Hour)
		write(f.owner, toShopper)
		assertSent(t, "an hour later, verified", sentKinds(a), mail, text)
		// Within the hour: the same conversation stays quiet, another store's is its own.
		write(f.owner, toShopper)
		write(f.shopper, fmt.Sprintf(`{"content":"Thanks!","receiver_store":%d}`, f.hub.ID))
		assertSent(t, "within the hour", sentKinds(a))
		write(f.rival, toShopper)
		assertSent(t, "another store", sentKinds(a), "mail ama@example.com "+f.rivalStore.Name+" sent you a message on Dwa",
			"sms "+amaPhone+" Dwa: "+f.rivalStore.Name+" sent you a message. Read it at https://dwa.test/messages")
		a.Clock.Advance(time.Hour)
		write(f.owner, toShopper)
		assertSent(t, "an hour later", sentKinds(a), mail, text)
	})
}

// TestNoticePrefs: every kind goes by every channel until the shopper
// chooses; a channel turned off is not used.
func TestNoticePrefs(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		hub := append(f.owner.Auth(), "Content-Type", "application/json")
		a.DeliverMail()
		if err := st.SetPhone(context.Background(), f.shopper.User.ID, amaPhone); err != nil {
			t.Fatal(err)
		}
		both := `{"email":true,"sms":true}`
		prefs := func(placed, paid, shipped, delivered, refund, message string) string {
			return `{"placed":` + placed + `,"paid":` + paid + `,"shipped":` + shipped + `,"delivered":` + delivered +
				`,"refund":` + refund + `,"message":` + message + `}`
		}
		all := prefs(both, both, both, both, both, both)
		assertStatus(t, a.Do("GET", "/api/auth/users/me/notifications/", "").Code, 401)
		assertBody(t, a.Do("GET", "/api/auth/users/me/notifications/", "", f.shopper.Auth()...).Body.String(), all)

		smsOnly, mailOnly, none := `{"email":false,"sms":true}`, `{"email":true,"sms":false}`, `{"email":false,"sms":false}`
		tests := []struct {
			name, body string
			status     int
			want       string
		}{
			{"nothing", `{}`, 200, all},
			{"not an object", `{"shipped":true}`, 400, `{"shipped":["Expected an object like {\"email\": true, \"sms\": false}."]}`},
			{"not a boolean", `{"delivered":{"sms":"maybe"}}`, 400, `{"delivered":["Give email and sms as true or false."]}`},
			{"shipped by SMS only, messages off", `{"shipped":{"email":false},"message":{"email":false,"sms":false}}`, 200,
				prefs(both, both, smsOnly, both, both, none)},
			{"delivered by e-mail only", `{"delivered":{"sms":false}}`, 200, prefs(both, both, smsOnly, mailOnly, both, none)},
			{"order kinds", `{"placed":{"sms":false},"paid":{"email":false},"refund":{"email":false,"sms":false}}`, 200,
				prefs(mailOnly, smsOnly, smsOnly, mailOnly, none, none)},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("PUT", "/api/auth/users/me/notifications/", tc.body, f.shopper.Auth()...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		// Someone else's choices are their own.
		assertBody(t, a.Do("GET", "/api/auth/users/me/notifications/", "", f.staff.Auth()...).Body.String(), all)

		assertStatus(t, a.Do("POST", "/api/seller/orders/"+f.paid+"/ship/", `{}`, hub...).Code, 200)
		sent := a.DeliverMail()
		if len(sent) != 1 || sent[0].Channel != shop.ChannelSMS {
			t.Fatalf("shipped by SMS only: %+v", sent)
		}
		assertStatus(t, a.Do("POST", "/api/seller/orders/"+f.paid+"/deliver/", `{}`, hub...).Code, 200)
		sent = a.DeliverMail()
		if len(sent) != 1 || sent[0].ChannelOf() != shop.ChannelMail {
			t.Fatalf("delivered by e-mail only: %+v", sent)
		}
		assertStatus(t, a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Hi","receiver_user":%d}`, f.shopper.User.ID),
			f.owner.Auth()...).Code, 201)
		if sent := a.DeliverMail(); len(sent) != 0 {
			t.Fatalf("message notices are off: %+v", sent)
		}
	})
}
