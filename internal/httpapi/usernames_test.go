package httpapi_test

import (
	"context"
	"database/sql"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestLookAlikeUsernames: usernames are stored in NFKC form, and a name
// that looks like a taken one is taken.
func TestLookAlikeUsernames(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "register=off,login=off"})
		a.Staff("staff")
		a.Shopper("kofi")
		taken := `{"username":["A user with that username already exists."]}`
		for _, tc := range []struct {
			name, username string
			status         int
			want           string
		}{
			{"Cyrillic ѕ in staff", "ѕtaff", 400, taken},
			{"Greek and Cyrillic", "ѕτaff", 400, taken},
			{"fullwidth staff", "ｓｔａｆｆ", 400, taken},
			{"accent", "stáff", 400, taken},
			{"zero for o", "k0fi", 400, taken},
			{"Cyrillic о and і", "коfі", 400, taken},
			{"fullwidth, free", "ａｍａ", 201, `{"id":…,"username":"ama","email":"ama@example.com"}`},
			{"then the plain form is taken", "ama", 400, taken},
			{"and its Cyrillic look-alike", "аmа", 400, taken},
			{"a different name", "stafford", 201, `{"id":…,"username":"stafford","email":"stafford@example.com"}`},
			{"another script, its own name", "Кофи", 201, `{"id":…,"username":"Кофи","email":"kofi.cyr@example.com"}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				email := map[string]string{"ａｍａ": "ama@example.com", "stafford": "stafford@example.com", "Кофи": "kofi.cyr@example.com"}[tc.username]
				if email == "" {
					email = "x" + tc.name[:1] + "@example.com"
				}
				w := a.Do("POST", "/api/auth/users/", jsonBody("email", email, "username", tc.username,
					"password", strongPassword, "re_password", strongPassword))
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		// Sign-in takes the same forms: the fullwidth name is the plain one.
		for _, name := range []string{"ama", "ａｍａ", "AMA"} {
			w := a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", name, "password", strongPassword))
			assertStatus(t, w.Code, 200)
		}
		assertStatus(t, a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "аmа", "password", strongPassword)).Code, 401)
	})
}

// TestUsernameSkeletonsFilledIn: accounts made before the look-alike keys
// existed get theirs when the store migrates; of two that look alike the
// older keeps the key and the newer none, and both still sign in.
func TestUsernameSkeletonsFilledIn(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "register=off"})
		for _, name := range []string{"staff", "ѕtaff", "yaw"} {
			exec(t, st, `INSERT INTO users (username, username_key, email, email_key, password_hash, is_staff, is_active, date_joined)
				VALUES (?, ?, ?, ?, 'x', ?, ?, 0)`, name, name, name+"@example.com", name+"@example.com", false, true)
		}
		if _, err := st.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]sql.NullString{"staff": {String: "staff", Valid: true}, "ѕtaff": {}, "yaw": {String: "yaw", Valid: true}} {
			var got sql.NullString
			q := st.DB().Rebind(`SELECT username_skeleton FROM users WHERE username = ?`)
			if err := st.DB().R.QueryRow(q, name).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s: skeleton %+v; want %+v", name, got, want)
			}
		}
		// A new look-alike of either is refused.
		w := a.Do("POST", "/api/auth/users/", jsonBody("email", "s@example.com", "username", "Staff",
			"password", strongPassword, "re_password", strongPassword))
		assertStatus(t, w.Code, 400)
		w = a.Do("POST", "/api/auth/users/", jsonBody("email", "y@example.com", "username", "уaw",
			"password", strongPassword, "re_password", strongPassword))
		assertBody(t, w.Body.String(), `{"username":["A user with that username already exists."]}`)
	})
}
