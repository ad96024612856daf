package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const (
	addressesURL = "/api/auth/users/me/addresses/"
	noAddress    = `{"detail":"No Address matches the given query.","code":"not_found"}`
	amaAddress   = `{"recipient_name":"Ama Mensah","phone":"024-123-4567","region":"greater-accra","city":"Accra",` +
		`"area":"12 Oxford St, Osu","digital_address":"ga1838164","landmark":"Opposite the blue kiosk"}`
)

type addressOut struct {
	ID             int64  `json:"id"`
	RecipientName  string `json:"recipient_name"`
	Phone          string `json:"phone"`
	Region         string `json:"region"`
	RegionName     string `json:"region_name"`
	City           string `json:"city"`
	Area           string `json:"area"`
	DigitalAddress string `json:"digital_address"`
	Landmark       string `json:"landmark"`
	Directions     string `json:"directions"`
	IsDefault      *bool  `json:"is_default"`
}

func addressURL(id int64) string { return fmt.Sprintf("%s%d/", addressesURL, id) }

// book lists acc's addresses by id with their default flag, as "id*" for
// the default.
func book(t *testing.T, a *shoptest.App, acc shoptest.Account) []string {
	t.Helper()
	w := a.Do("GET", addressesURL, "", acc.Auth()...)
	assertStatus(t, w.Code, 200)
	var out struct {
		Results []addressOut
		Max     int
	}
	decode(t, w.Body.Bytes(), &out)
	if out.Max != 20 {
		t.Errorf("max = %d", out.Max)
	}
	ids := []string{}
	for _, ad := range out.Results {
		s := fmt.Sprint(ad.ID)
		if *ad.IsDefault {
			s += "*"
		}
		ids = append(ids, s)
	}
	return ids
}

func saveAddress(t *testing.T, a *shoptest.App, acc shoptest.Account, body string) addressOut {
	t.Helper()
	w := a.Do("POST", addressesURL, body, acc.Auth()...)
	assertStatus(t, w.Code, 201)
	var out addressOut
	decode(t, w.Body.Bytes(), &out)
	return out
}

// TestAddressValidation: every field's rule, in the contract's shape, on a
// new address and on an edit.
func TestAddressValidation(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama := a.Shopper("ama_k")
		with := func(field, value string) string {
			var m map[string]any
			_ = json.Unmarshal([]byte(amaAddress), &m)
			if value == "<absent>" {
				delete(m, field)
			} else {
				m[field] = value
			}
			b, _ := json.Marshal(m)
			return string(b)
		}
		long := func(n int) string { return strings.Repeat("é", n) }
		for _, tc := range []struct{ name, body, want string }{
			{"empty", `{}`, `{"area":["This field is required."],"city":["This field is required."],"phone":["This field is required."],"recipient_name":["This field is required."],"region":["This field is required."]}`},
			{"blank name", with("recipient_name", "  "), `{"recipient_name":["This field may not be blank."]}`},
			{"long name", with("recipient_name", long(101)), `{"recipient_name":["Ensure this field has no more than 100 characters."]}`},
			{"bad phone", with("phone", "024 123"), `{"phone":["Enter a Ghanaian phone number, like 024 123 4567."]}`},
			{"foreign phone", with("phone", "+44 20 7946 0958"), `{"phone":["Enter a Ghanaian phone number, like 024 123 4567."]}`},
			{"old region", with("region", "brong-ahafo"), `{"region":["Select a valid choice. \"brong-ahafo\" is not one of the available choices."]}`},
			{"region by name", with("region", "Greater Accra"), `{"region":["Select a valid choice. \"Greater Accra\" is not one of the available choices."]}`},
			{"long city", with("city", long(81)), `{"city":["Ensure this field has no more than 80 characters."]}`},
			{"long area", with("area", long(161)), `{"area":["Ensure this field has no more than 160 characters."]}`},
			{"bad digital", with("digital_address", "GA-18-8164"), `{"digital_address":["Enter a GhanaPost GPS digital address, like GA-183-8164."]}`},
			{"long digital", with("digital_address", "GA-1833-8164-99999"), `{"digital_address":["Ensure this field has no more than 16 characters."]}`},
			{"long landmark", with("landmark", long(161)), `{"landmark":["Ensure this field has no more than 160 characters."]}`},
			{"long directions", with("directions", long(301)), `{"directions":["Ensure this field has no more than 300 characters."]}`},
			{"not an object", `[1]`, `{"non_field_errors":["Invalid data. Expected a dictionary, but got list."]}`},
			{"default not bool", with("is_default", "maybe"), `{"is_default":["Must be a valid boolean."]}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", addressesURL, tc.body, ama.Auth()...)
				assertStatus(t, w.Code, 400)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		if got := book(t, a, ama); len(got) != 0 {
			t.Fatalf("book after refusals = %v", got)
		}

		// Stored canonical; optional fields may be left out.
		saved := saveAddress(t, a, ama, with("landmark", "<absent>"))
		if saved.Phone != "+233241234567" || saved.DigitalAddress != "GA-183-8164" || saved.RegionName != "Greater Accra" ||
			saved.Landmark != "" || saved.Directions != "" || !*saved.IsDefault {
			t.Errorf("saved = %+v", saved)
		}
		// An edit checks the fields it sends; required ones stay required.
		for _, tc := range []struct{ body, want string }{
			{`{"city":""}`, `{"city":["This field may not be blank."]}`},
			{`{"phone":"hello"}`, `{"phone":["Enter a Ghanaian phone number, like 024 123 4567."]}`},
			{`{"digital_address":"GA183816"}`, `{"digital_address":["Enter a GhanaPost GPS digital address, like GA-183-8164."]}`},
			{`{"region":null}`, `{"region":["This field may not be null."]}`},
		} {
			w := a.Do("PATCH", addressURL(saved.ID), tc.body, ama.Auth()...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		// Clearing an optional field, changing one other; the rest stays.
		w := a.Do("PATCH", addressURL(saved.ID), `{"digital_address":"","directions":"Second gate on the left","phone":"0302 123 456"}`, ama.Auth()...)
		assertStatus(t, w.Code, 200)
		var edited addressOut
		decode(t, w.Body.Bytes(), &edited)
		if edited.DigitalAddress != "" || edited.Directions != "Second gate on the left" || edited.Phone != "+233302123456" ||
			edited.City != "Accra" || edited.RecipientName != "Ama Mensah" {
			t.Errorf("edited = %+v", edited)
		}
	})
}

// TestAddressBook: add, list, edit, delete and the default, each account
// seeing only its own, and the limit of 20.
func TestAddressBook(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama, kofi := a.Shopper("ama_k"), a.Shopper("kofi_m")

		assertStatus(t, a.Do("GET", addressesURL, "").Code, 401)
		assertStatus(t, a.Do("POST", addressesURL, amaAddress).Code, 401)

		// The first address is the default; a later one only when asked.
		first := saveAddress(t, a, ama, amaAddress)
		a.Clock.Advance(time.Second)
		second := saveAddress(t, a, ama, strings.Replace(amaAddress, `"Accra"`, `"Tema"`, 1))
		if !*first.IsDefault || *second.IsDefault {
			t.Fatalf("defaults: %v %v", *first.IsDefault, *second.IsDefault)
		}
		third := saveAddress(t, a, ama, strings.Replace(amaAddress, `{`, `{"is_default":true,`, 1))
		want := []string{fmt.Sprint(third.ID, "*"), fmt.Sprint(second.ID), fmt.Sprint(first.ID)}
		if got := book(t, a, ama); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("book = %v, want %v", got, want)
		}
		// Choosing another default moves it.
		w := a.Do("PATCH", addressURL(first.ID), `{"is_default":true}`, ama.Auth()...)
		assertStatus(t, w.Code, 200)
		want = []string{fmt.Sprint(first.ID, "*"), fmt.Sprint(third.ID), fmt.Sprint(second.ID)}
		if got := book(t, a, ama); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("book = %v, want %v", got, want)
		}

		// Nobody reads, changes or deletes another's address: 404 as for none.
		saveAddress(t, a, kofi, strings.Replace(amaAddress, "Ama Mensah", "Kofi Boateng", 1))
		for _, tc := range []struct{ method, body string }{{"GET", ""}, {"PATCH", `{"city":"Kumasi"}`},
			{"PATCH", `{"is_default":true}`}, {"DELETE", ""}} {
			w := a.Do(tc.method, addressURL(first.ID), tc.body, kofi.Auth()...)
			assertStatus(t, w.Code, 404)
			assertBody(t, w.Body.String(), noAddress)
		}
		if got := book(t, a, kofi); len(got) != 1 || !strings.HasSuffix(got[0], "*") {
			t.Errorf("kofi's book = %v", got)
		}
		w = a.Do("GET", addressURL(first.ID), "", ama.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"recipient_name":"Ama Mensah","phone":"+233241234567","region":"greater-accra","region_name":"Greater Accra","city":"Accra","area":"12 Oxford St, Osu","digital_address":"GA-183-8164","landmark":"Opposite the blue kiosk","directions":"","is_default":true,"created_at":"…","updated_at":"…"}`, first.ID))
		for _, bad := range []string{"0", "abc", "99999999"} {
			w := a.Do("GET", addressesURL+bad+"/", "", ama.Auth()...)
			assertStatus(t, w.Code, 404)
			assertBody(t, w.Body.String(), noAddress)
		}

		// Delete: gone for good; deleting the default leaves none.
		assertStatus(t, a.Do("DELETE", addressURL(first.ID), "", ama.Auth()...).Code, 204)
		assertStatus(t, a.Do("DELETE", addressURL(first.ID), "", ama.Auth()...).Code, 404)
		want = []string{fmt.Sprint(third.ID), fmt.Sprint(second.ID)}
		if got := book(t, a, ama); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("book = %v, want %v", got, want)
		}

		// At most 20 per account; the others' books do not count.
		for range 18 {
			saveAddress(t, a, ama, amaAddress)
		}
		w = a.Do("POST", addressesURL, amaAddress, ama.Auth()...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"detail":"You can keep at most 20 addresses. Delete one to add another.","code":"address_book_full"}`)
		saveAddress(t, a, kofi, amaAddress)
	})
}

// TestAddressBookLimitRace: concurrent additions never pass the limit, and
// concurrent default choices leave exactly one default.
func TestAddressBookLimitRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		ama := a.Shopper("ama_k")
		for range 17 {
			saveAddress(t, a, ama, amaAddress)
		}
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for i := range codes {
			wg.Go(func() {
				codes[i] = a.Do("POST", addressesURL, strings.Replace(amaAddress, `{`, `{"is_default":true,`, 1), ama.Auth()...).Code
			})
		}
		wg.Wait()
		created := 0
		for _, c := range codes {
			if c == 201 {
				created++
			} else if c != 400 {
				t.Errorf("code %d", c)
			}
		}
		got := book(t, a, ama)
		defaults := 0
		for _, id := range got {
			if strings.HasSuffix(id, "*") {
				defaults++
			}
		}
		if created != 3 || len(got) != 20 || defaults != 1 {
			t.Errorf("created %d, book %d, defaults %d", created, len(got), defaults)
		}
	})
}
