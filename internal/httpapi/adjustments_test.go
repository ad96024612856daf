package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const adjustPath = "/api/admin/payouts/adjustments/"

func (f payoutFixture) adjust(by shoptest.Account, key, body string) (int, string) {
	h := by.Auth()
	if key != "" {
		h = append(h, "Idempotency-Key", key)
	}
	w := f.a.Do("POST", adjustPath, body, h...)
	return w.Code, w.Body.String()
}

// TestStaffAdjustments: staff credit and debit a store's available
// balance (a debit may take it below zero), each a balanced journal on
// mall_adjustments that leaves the provider's hold and the commission
// income alone; a replayed key posts once; the seller reads the reason in
// the ledger and the statement.
func TestStaffAdjustments(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		o := f.buy(t, 1, f.phone)
		f.deliver(t, f.yaw, o.ID)
		f.release(t, 8*24*time.Hour)
		f.wantBalance(t, f.yaw, 0, 90000, 0, 0)
		commission := checkLedger(t, st)[shop.AccountCommission]

		body := fmt.Sprintf(`{"store":%d,"amount_minor":2550,"reason":"  Delivery fee we owed  "}`, f.yawStore.ID)
		code, out := f.adjust(f.staff, "adj-1", body)
		assertStatus(t, code, 201)
		assertBody(t, out, fmt.Sprintf(`{"id":…,"store":%d,"amount_minor":2550,"reason":"Delivery fee we owed","created_at":"…"}`, f.yawStore.ID))
		f.wantBalance(t, f.yaw, 0, 92550, 0, 0)
		// The replay answers the same adjustment and posts nothing.
		code, again := f.adjust(f.staff, "adj-1", body)
		assertStatus(t, code, 200)
		assertBody(t, again, out)
		f.wantBalance(t, f.yaw, 0, 92550, 0, 0)
		code, reused := f.adjust(f.staff, "adj-1", fmt.Sprintf(`{"store":%d,"amount_minor":-2550,"reason":"x"}`, f.yawStore.ID))
		assertStatus(t, code, 422)
		assertBody(t, reused, `{"detail":"This Idempotency-Key was used for another adjustment.","code":"idempotency_key_reused"}`)

		// A debit larger than what is available leaves it below zero.
		code, _ = f.adjust(f.staff, "adj-2", fmt.Sprintf(`{"store":%d,"amount_minor":-100000,"reason":"Counterfeit phone returned"}`, f.yawStore.ID))
		assertStatus(t, code, 201)
		f.wantBalance(t, f.yaw, 0, -7450, 0, 0)
		f.wantBalance(t, f.efua, 0, 0, 0, 0)
		totals := checkLedger(t, st)
		if totals[shop.AccountAdjustments] != 97450 || totals[shop.AccountCommission] != commission {
			t.Fatalf("totals = %v; commission was %d", totals, commission)
		}
		w := f.a.Do("GET", "/api/admin/payouts/commission/", "", f.staff.Auth()...)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"total_minor":%d,…`, commission))

		w = f.a.Do("GET", "/api/seller/ledger/", "", f.yaw.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `[{"id":…,"kind":"adjustment","bucket":"available","amount_minor":-100000,"order":null,"order_ref":null,"payout":null,`+
			`"memo":"Counterfeit phone returned","created_at":…},{"id":…,"kind":"adjustment","bucket":"available","amount_minor":2550,…"memo":"Delivery fee we owed",…`)
		w = f.a.Do("GET", "/api/seller/statements/?month="+f.a.Clock.Now().UTC().Format("2006-01"), "", f.yaw.Auth()...)
		assertStatus(t, w.Code, 200)
		for _, want := range []string{",,adjustment,available,Delivery fee we owed,25.50\n", ",,adjustment,available,Counterfeit phone returned,-1000.00\n"} {
			if !strings.Contains(w.Body.String(), want) {
				t.Errorf("statement lacks %q:\n%s", want, w.Body)
			}
		}
	})
}

func TestStaffAdjustmentErrors(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		ok := fmt.Sprintf(`{"store":%d,"amount_minor":100,"reason":"Goodwill"}`, f.yawStore.ID)
		long := strings.Repeat("é", 501)
		for _, tc := range []struct {
			name, key, body string
			code            int
			want            string
		}{
			{"no key", "", ok, 400, `{"detail":"Send an Idempotency-Key header with each adjustment.","code":"idempotency_key_required"}`},
			{"empty", "e1", `{}`, 400, `{"amount_minor":["This field is required."],"reason":["This field is required."],"store":["This field is required."]}`},
			{"zero", "e2", fmt.Sprintf(`{"store":%d,"amount_minor":0,"reason":"x"}`, f.yawStore.ID), 400, `{"amount_minor":["Ensure this value is not zero."]}`},
			{"fraction", "e3", fmt.Sprintf(`{"store":%d,"amount_minor":1.5,"reason":"x"}`, f.yawStore.ID), 400, `{"amount_minor":["A valid integer is required."]}`},
			{"blank reason", "e4", fmt.Sprintf(`{"store":%d,"amount_minor":5,"reason":"   "}`, f.yawStore.ID), 400, `{"reason":["Say why the balance is adjusted."]}`},
			{"long reason", "e5", fmt.Sprintf(`{"store":%d,"amount_minor":5,"reason":"%s"}`, f.yawStore.ID, long), 400, `{"reason":["Ensure this field has no more than 500 characters."]}`},
			{"unknown store", "e6", `{"store":99999,"amount_minor":5,"reason":"x"}`, 400, `{"store":["Invalid pk \"99999\" - object does not exist."]}`},
		} {
			code, body := f.adjust(f.staff, tc.key, tc.body)
			if code != tc.code {
				t.Errorf("%s: %d %s", tc.name, code, body)
			}
			assertBody(t, body, tc.want)
		}
		code, _ := f.adjust(f.yaw, "own", ok)
		assertStatus(t, code, 403)
		assertStatus(t, f.a.Do("POST", adjustPath, ok, "Idempotency-Key", "anon").Code, 401)
		f.wantBalance(t, f.yaw, 0, 0, 0, 0)
		if totals := checkLedger(t, st); len(totals) != 0 {
			t.Fatalf("refused adjustments posted %v", totals)
		}
	})
}

// TestAdjustmentRace replays one key from eight requests at once: one
// adjustment, the others answer it.
func TestAdjustmentRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		body := fmt.Sprintf(`{"store":%d,"amount_minor":-1200,"reason":"Packaging"}`, f.efuaStore.ID)
		codes := make([]int, 8)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = f.adjust(f.staff, "same", body)
			}()
		}
		wg.Wait()
		created := 0
		for _, c := range codes {
			switch c {
			case 201:
				created++
			case 200:
			default:
				t.Fatalf("codes = %v", codes)
			}
		}
		if created != 1 {
			t.Fatalf("codes = %v", codes)
		}
		f.wantBalance(t, f.efua, 0, -1200, 0, 0)
		checkLedger(t, st)
	})
}
