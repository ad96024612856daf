package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

type orderAddressOut struct {
	ID              string      `json:"id"`
	ShippingAddress string      `json:"shipping_address"`
	ContactInfo     string      `json:"contact_info"`
	DeliveryAddress *addressOut `json:"delivery_address"`
}

const amaText = "Ama Mensah, 12 Oxford St, Osu, Accra, Greater Accra Region, GhanaPost GPS GA-183-8164, near Opposite the blue kiosk"

// TestOrderWithAddress: an order names a saved address, sends a new one
// (optionally saved), or uses the free-text fields as before; each keeps
// what it was given.
func TestOrderWithAddress(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi, ama := f.a, f.kofi, f.ama
		for _, r := range shop.Regions { // delivery is TestDeliveryOrder's; free here
			a.DeliveryZone(r.Code, "", 0, 1, 2)
		}
		console := f.console.ID
		order := func(acc shoptest.Account, fields string) (int, string) {
			w := a.Do("POST", "/api/store/orders/", fmt.Sprintf(`{%s"items":[{"product_id":%d}]}`, fields, console), acc.Auth()...)
			return w.Code, w.Body.String()
		}
		placed := func(fields string) orderAddressOut {
			t.Helper()
			code, body := order(ama, fields)
			if code != 201 {
				t.Fatalf("order = %d %s", code, body)
			}
			var o orderAddressOut
			decode(t, []byte(body), &o)
			return o
		}
		saved := saveAddress(t, a, ama, amaAddress)
		kofis := saveAddress(t, a, kofi, amaAddress)

		for _, tc := range []struct{ name, fields, want string }{
			{"another's address", fmt.Sprintf(`"address_id":%d,`, kofis.ID),
				fmt.Sprintf(`{"address_id":["Invalid pk \"%d\" - object does not exist."]}`, kofis.ID)},
			{"unknown address", `"address_id":987654,`, `{"address_id":["Invalid pk \"987654\" - object does not exist."]}`},
			{"address id text", `"address_id":"home",`, `{"address_id":["Incorrect type. Expected pk value, received str."]}`},
			{"both", fmt.Sprintf(`"address_id":%d,"address":%s,`, saved.ID, amaAddress),
				`{"address_id":["Send either address_id or address, not both."]}`},
			{"save a saved one", fmt.Sprintf(`"address_id":%d,"save_address":true,`, saved.ID),
				`{"save_address":["Only a new address can be saved."]}`},
			{"address not object", `"address":"12 Oxford St",`, `{"address":["Invalid data. Expected a dictionary, but got str."]}`},
			{"address fields", `"address":{"recipient_name":"","phone":"123","region":"accra","city":"Accra","area":"Osu","digital_address":"GA-1-1"},`,
				`{"address.digital_address":["Enter a GhanaPost GPS digital address, like GA-183-8164."],"address.phone":["Enter a Ghanaian phone number, like 024 123 4567."],"address.recipient_name":["This field may not be blank."],"address.region":["Select a valid choice. \"accra\" is not one of the available choices."]}`},
			{"address field type", `"address":{"recipient_name":["x"]},`, `{"address.recipient_name":["Not a valid string."]}`},
			// The free-text fields stay required without a structured address.
			{"old way, fields missing", ``, `{"contact_info":["This field is required."],"shipping_address":["This field is required."]}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				code, body := order(ama, tc.fields)
				if code != 400 || body != tc.want {
					t.Errorf("= %d %s; want 400 %s", code, body, tc.want)
				}
			})
		}

		// A saved address: the order keeps a copy and the free-text fields
		// are written from it (sent ones are ignored).
		o := placed(fmt.Sprintf(`"address_id":%d,"shipping_address":"ignored","contact_info":"0501234567",`, saved.ID))
		if o.DeliveryAddress == nil || o.DeliveryAddress.DigitalAddress != "GA-183-8164" || o.DeliveryAddress.ID != 0 ||
			o.DeliveryAddress.IsDefault != nil || o.ShippingAddress != amaText || o.ContactInfo != "+233241234567" {
			t.Errorf("order = %+v %+v", o, o.DeliveryAddress)
		}
		// Editing or deleting the saved address leaves the order as placed.
		assertStatus(t, a.Do("PATCH", addressURL(saved.ID), `{"city":"Kumasi","region":"ashanti"}`, ama.Auth()...).Code, 200)
		w := a.Do("GET", "/api/store/orders/"+o.ID+"/", "", ama.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `{"id":"`+o.ID+`",…"shipping_address":"`+amaText+`","contact_info":"+233241234567","delivery_address":{"recipient_name":"Ama Mensah","phone":"+233241234567","region":"greater-accra","region_name":"Greater Accra","city":"Accra","area":"12 Oxford St, Osu","digital_address":"GA-183-8164","landmark":"Opposite the blue kiosk","directions":""},"user_email":…`)

		// A new address, not saved, then saved.
		fresh := `{"recipient_name":"Yaw Asante","phone":"+233 (0) 20 765 4321","region":"northern","city":"Tamale","area":"Gumani, house 14","digital_address":"NT 0045 1234","directions":"Behind the mosque, blue gate"}`
		o = placed(`"address":` + fresh + `,`)
		if o.DeliveryAddress == nil || o.DeliveryAddress.Phone != "+233207654321" || o.DeliveryAddress.DigitalAddress != "NT-0045-1234" ||
			o.ContactInfo != "+233207654321" ||
			o.ShippingAddress != "Yaw Asante, Gumani, house 14, Tamale, Northern Region, GhanaPost GPS NT-0045-1234, Behind the mosque, blue gate" {
			t.Errorf("order = %+v %+v", o, o.DeliveryAddress)
		}
		if got := book(t, a, ama); len(got) != 1 {
			t.Fatalf("book = %v", got)
		}
		placed(`"address":` + fresh + `,"save_address":true,`)
		if got := book(t, a, ama); len(got) != 2 {
			t.Fatalf("book after save = %v", got)
		}

		// The old way works unchanged, with no structured address.
		w = a.Do("POST", "/api/store/orders/", buyNowBody(fmt.Sprintf(`[{"product_id":%d}]`, console)), ama.Auth()...)
		assertStatus(t, w.Code, 201)
		assertBody(t, w.Body.String(), `{"id":…,"shipping_address":"12 Ring Rd, Osu, Accra","contact_info":"+233241234567","delivery_address":null,"user_email":…`)

		// The same Idempotency-Key with another address is another request.
		key := []string{"Idempotency-Key", "addr-1"}
		body := func(id int64) string {
			return fmt.Sprintf(`{"address_id":%d,"items":[{"product_id":%d}]}`, id, console)
		}
		second := saveAddress(t, a, ama, amaAddress)
		assertStatus(t, a.Do("POST", "/api/store/orders/", body(saved.ID), append(ama.Auth(), key...)...).Code, 201)
		assertStatus(t, a.Do("POST", "/api/store/orders/", body(saved.ID), append(ama.Auth(), key...)...).Code, 201)
		assertStatus(t, a.Do("POST", "/api/store/orders/", body(second.ID), append(ama.Auth(), key...)...).Code, 422)

		// A full book refuses to save, before anything is ordered.
		for range 17 {
			saveAddress(t, a, ama, amaAddress)
		}
		stock := f.count(t, "orders")
		code, got := order(ama, `"address":`+fresh+`,"save_address":true,`)
		if code != 400 || got != `{"save_address":["You can keep at most 20 addresses. Delete one to add another."]}` {
			t.Errorf("full book = %d %s", code, got)
		}
		if f.count(t, "orders") != stock {
			t.Error("an order was placed")
		}
	})
}

// TestOrderAddressDeleteRace: deleting an address while ordering with it
// either refuses the order (the address was gone) or places it with the
// whole copy; never a half or missing one.
func TestOrderAddressDeleteRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, ama := f.a, f.ama
		a.DeliveryZone("greater-accra", "", 0, 1, 2)
		exec(t, st, `UPDATE products SET inventory = 100 WHERE id = ?`, f.console.ID)
		for range 6 {
			saved := saveAddress(t, a, ama, amaAddress)
			var wg sync.WaitGroup
			var code, deleted int
			var body string
			wg.Go(func() {
				w := a.Do("POST", "/api/store/orders/", fmt.Sprintf(`{"address_id":%d,"items":[{"product_id":%d}]}`,
					saved.ID, f.console.ID), ama.Auth()...)
				code, body = w.Code, w.Body.String()
			})
			wg.Go(func() { deleted = a.Do("DELETE", addressURL(saved.ID), "", ama.Auth()...).Code })
			wg.Wait()
			if deleted != 204 {
				t.Fatalf("delete = %d", deleted)
			}
			switch code {
			case 201:
				var o orderAddressOut
				decode(t, []byte(body), &o)
				w := a.Do("GET", "/api/store/orders/"+o.ID+"/", "", ama.Auth()...)
				if !strings.Contains(w.Body.String(), `"delivery_address":{"recipient_name":"Ama Mensah","phone":"+233241234567","region":"greater-accra","region_name":"Greater Accra","city":"Accra","area":"12 Oxford St, Osu","digital_address":"GA-183-8164","landmark":"Opposite the blue kiosk","directions":""}`) {
					t.Errorf("order after delete = %s", w.Body)
				}
			case 400:
				assertBody(t, body, fmt.Sprintf(`{"address_id":["Invalid pk \"%d\" - object does not exist."]}`, saved.ID))
			default:
				t.Fatalf("order = %d %s", code, body)
			}
		}
	})
}
