package httpapi_test

import (
	"fmt"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const noMessage = `{"detail":"No Message matches the given query.","code":"not_found"}`

// messageFixture: two store owners, a customer who wrote to the first
// store, one who bought from the second, and a user who did neither.
type messageFixture struct {
	kwesi, yaa, abena, efua, kojo shoptest.Account
	kicks, cloth                  int64 // store ids
}

func newMessageFixture(a *shoptest.App) messageFixture {
	var f messageFixture
	fashion := a.Category("Fashion", "fashion", nil, 1, true)
	kwesi, kicks := a.Owner("kwesi", "Kumasi Kicks")
	yaa, cloth := a.Owner("yaa", "Kente Cloth")
	kente := shoptest.NewProduct("Kente Stole", 25000, fashion)
	kente.StoreID = cloth.ID
	a.Products(kente)
	f.kwesi, f.yaa, f.kicks, f.cloth = kwesi, yaa, kicks.ID, cloth.ID
	f.abena, f.efua, f.kojo = a.Shopper("abena"), a.Shopper("efua"), a.Shopper("kojo")
	a.Purchase(f.efua.User, "pending", kente)
	return f
}

func TestMessagesAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newMessageFixture(a)

		w := a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":" Do you have size 44? ","receiver_store":%d,"receiver_user":null,"is_read":true,"sender":"x"}`, f.kicks), f.abena.Auth()...)
		assertStatus(t, w.Code, 201)
		var m1 struct {
			ID        int64
			Timestamp string
		}
		decode(t, w.Body.Bytes(), &m1)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"sender":"abena","sender_id":%d,"sender_store":null,"sender_avatar":null,"receiver_user":null,"receiver_store":%d,`+
			`"receiver":"Kumasi Kicks","content":"Do you have size 44?","timestamp":"%s","is_read":false}`, m1.ID, f.abena.User.ID, f.kicks, m1.Timestamp))

		long := fmt.Sprintf("%02001d", 0)
		for _, tc := range []struct {
			name string
			who  shoptest.Account
			body string
			want string
		}{
			{"content missing", f.abena, fmt.Sprintf(`{"receiver_store":%d}`, f.kicks), `{"content":["This field is required."]}`},
			{"content blank, no receiver", f.abena, `{"content":"  "}`, `{"content":["This field may not be blank."]}`},
			{"content too long", f.abena, fmt.Sprintf(`{"content":"%s","receiver_store":%d}`, long, f.kicks), `{"content":["Ensure this field has no more than 2000 characters."]}`},
			{"no receiver", f.abena, `{"content":"hi"}`, `{"non_field_errors":["Provide exactly one of receiver_user or receiver_store."]}`},
			{"two receivers", f.kwesi, fmt.Sprintf(`{"content":"hi","receiver_store":%d,"receiver_user":%d}`, f.cloth, f.abena.User.ID), `{"non_field_errors":["Provide exactly one of receiver_user or receiver_store."]}`},
			{"unknown store", f.abena, `{"content":"hi","receiver_store":9}`, `{"receiver_store":["Invalid pk \"9\" - object does not exist."]}`},
			{"store of wrong type", f.abena, `{"content":"hi","receiver_store":"nine"}`, `{"receiver_store":["Incorrect type. Expected pk value, received str."]}`},
			{"own store", f.kwesi, fmt.Sprintf(`{"content":"hi","receiver_store":%d}`, f.kicks), `{"receiver_store":["You cannot send a message to your own store."]}`},
			{"shopper to user", f.abena, fmt.Sprintf(`{"content":"hi","receiver_user":%d}`, f.kojo.User.ID), `{"receiver_user":["Only store owners can write to customers."]}`},
			{"owner to self", f.kwesi, fmt.Sprintf(`{"content":"hi","receiver_user":%d}`, f.kwesi.User.ID), `{"receiver_user":["You cannot send a message to yourself."]}`},
			{"owner to non-customer", f.kwesi, fmt.Sprintf(`{"content":"hi","receiver_user":%d}`, f.kojo.User.ID), `{"receiver_user":["No customer of your store has this id."]}`},
			{"owner to unknown id", f.kwesi, `{"content":"hi","receiver_user":987654}`, `{"receiver_user":["No customer of your store has this id."]}`},
			{"customer of another store", f.kwesi, fmt.Sprintf(`{"content":"hi","receiver_user":%d}`, f.efua.User.ID), `{"receiver_user":["No customer of your store has this id."]}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/store/messages/", tc.body, tc.who.Auth()...)
				assertStatus(t, w.Code, 400)
				assertBody(t, w.Body.String(), tc.want)
			})
		}

		// Owners write to their customers: one who wrote, one who ordered.
		w = a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Yes, in black.","receiver_user":%d}`, f.abena.User.ID), f.kwesi.Auth()...)
		assertStatus(t, w.Code, 201)
		var m2 struct{ ID int64 }
		decode(t, w.Body.Bytes(), &m2)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"sender":"kwesi","sender_id":%d,"sender_store":%d,"sender_avatar":null,"receiver_user":%d,"receiver_store":null,"receiver":"abena",…`,
			m2.ID, f.kwesi.User.ID, f.kicks, f.abena.User.ID))
		w = a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Your stole ships today.","receiver_user":"%d"}`, f.efua.User.ID), f.yaa.Auth()...)
		assertStatus(t, w.Code, 201)

		// Visibility: sender, receiving user, owner of the receiving store.
		ids := func(acc shoptest.Account) []int64 {
			w := a.Do("GET", "/api/store/messages/", "", acc.Auth()...)
			assertStatus(t, w.Code, 200)
			var list []struct{ ID int64 }
			decode(t, w.Body.Bytes(), &list)
			out := []int64{}
			for _, m := range list {
				out = append(out, m.ID)
			}
			return out
		}
		for _, tc := range []struct {
			who  shoptest.Account
			want string
		}{
			{f.abena, fmt.Sprint([]int64{m2.ID, m1.ID})},
			{f.kwesi, fmt.Sprint([]int64{m2.ID, m1.ID})},
			{f.kojo, "[]"},
			{f.yaa, fmt.Sprint([]int64{m2.ID + 1})},
		} {
			if got := fmt.Sprint(ids(tc.who)); got != tc.want {
				t.Errorf("%s sees %s; want %s", tc.who.User.Username, got, tc.want)
			}
		}

		unread := func(acc shoptest.Account) string {
			return a.Do("GET", "/api/store/messages/unread_count/", "", acc.Auth()...).Body.String()
		}
		assertBody(t, unread(f.kwesi), `{"count":1}`)
		assertBody(t, unread(f.abena), `{"count":1}`)
		assertBody(t, unread(f.kojo), `{"count":0}`)

		m1Path := fmt.Sprintf("/api/store/messages/%d/", m1.ID)
		for _, tc := range []struct {
			name, method, body string
			who                shoptest.Account
			status             int
			want               string
		}{
			{"stranger reads", "GET", "", f.kojo, 404, noMessage},
			{"other owner reads", "GET", "", f.yaa, 404, noMessage},
			{"stranger marks", "PATCH", `{"is_read":true}`, f.kojo, 404, noMessage},
			// The original answered the sender 200 and changed nothing.
			{"sender marks", "PATCH", `{"is_read":true}`, f.abena, 200, fmt.Sprintf(`{"id":%d,"sender":"abena",…"is_read":false}`, m1.ID)},
			{"sender without flag", "PATCH", `{}`, f.abena, 400, `{"is_read":["This field is required."]}`},
			{"receiver without flag", "PATCH", `{"content":"changed"}`, f.kwesi, 400, `{"is_read":["This field is required."]}`},
			{"sender reads", "GET", "", f.abena, 200, `{"id":…`},
			{"put", "PUT", `{}`, f.kwesi, 405, `{"detail":"Method \"PUT\" not allowed.","code":"method_not_allowed"}`},
			{"delete", "DELETE", ``, f.kwesi, 405, `{"detail":"Method \"DELETE\" not allowed.","code":"method_not_allowed"}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do(tc.method, m1Path, tc.body, tc.who.Auth()...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}

		// The owner of the receiving store marks it read; content stays.
		w = a.Do("PATCH", m1Path, `{"is_read":"true","content":"changed","receiver_store":null}`, f.kwesi.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"sender":"abena",…`, m1.ID))
		w = a.Do("GET", m1Path, "", f.abena.Auth()...)
		if !containsAll(w.Body.String(), `"content":"Do you have size 44?"`, `"is_read":true}`, fmt.Sprintf(`"receiver_store":%d`, f.kicks)) {
			t.Errorf("after PATCH: %s", w.Body.String())
		}
		assertBody(t, unread(f.kwesi), `{"count":0}`)
		assertBody(t, a.Do("GET", "/api/store/messages/", "").Body.String(), notAuth)
	})
}

func TestMessageRateLimit(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "message=2/1m+4/24h"})
		f := newMessageFixture(a)
		body := fmt.Sprintf(`{"content":"hi","receiver_store":%d}`, f.kicks)
		for i, want := range []int{201, 201, 429} {
			if w := a.Do("POST", "/api/store/messages/", body, f.abena.Auth()...); w.Code != want {
				t.Fatalf("message %d: status %d; want %d", i+1, w.Code, want)
			}
		}
		// Per user: another sender is not held back.
		assertStatus(t, a.Do("POST", "/api/store/messages/", body, f.kojo.Auth()...).Code, 201)
		// A new minute, but the day's 4 attempts (throttled ones count) are used.
		a.Clock.Advance(61e9)
		assertStatus(t, a.Do("POST", "/api/store/messages/", body, f.abena.Auth()...).Code, 201)
		w := a.Do("POST", "/api/store/messages/", body, f.abena.Auth()...)
		assertStatus(t, w.Code, 429)
		assertBody(t, w.Body.String(), `{"detail":"Request was throttled. Expected available in …`)
	})
}
