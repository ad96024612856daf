package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"dwa/internal/gateway/testpay"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// codFixture is the bag fixture with its store's owner signed in, staff,
// pay on delivery switched on with a ceiling above the console's price,
// the store opted in and kofi's phone verified.
type codFixture struct {
	bagFixture
	owner, staff shoptest.Account
}

func newCODFixture(t *testing.T, st *sqldb.Store) codFixture {
	t.Helper()
	f := codFixture{bagFixture: newBagFixture(t, st, nil)}
	exec(t, st, `UPDATE products SET inventory = 50 WHERE id = ?`, f.console.ID)
	var ownerID int64
	if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT owner_id FROM stores WHERE id = ?`), f.console.StoreID).Scan(&ownerID); err != nil {
		t.Fatal(err)
	}
	u, err := f.a.Store.UserByID(context.Background(), ownerID)
	if err != nil {
		t.Fatal(err)
	}
	f.owner = shoptest.Account{User: u, Tokens: f.a.SignIn(u)}
	f.staff = f.a.Staff("abena_staff")
	f.must(t, f.staff, "PATCH", "/api/admin/settings/payments/", `{"cod_enabled":true,"cod_max_amount":"10000.00"}`, 200)
	f.must(t, f.owner, "PATCH", "/api/seller/store/", `{"accepts_pay_on_delivery":true}`, 200)
	exec(t, st, `UPDATE users SET phone = '+233241112222' WHERE id = ?`, f.kofi.User.ID)
	return f
}

func (f codFixture) must(t *testing.T, acc shoptest.Account, method, path, body string, want int) string {
	t.Helper()
	w := f.a.Do(method, path, body, acc.Auth()...)
	if w.Code != want {
		t.Fatalf("%s %s %s = %d %s; want %d", method, path, body, w.Code, w.Body, want)
	}
	return w.Body.String()
}

func (f codFixture) do(acc shoptest.Account, method, path, body string) (int, string) {
	w := f.a.Do(method, path, body, acc.Auth()...)
	return w.Code, w.Body.String()
}

func codPath(id string) string { return "/api/store/orders/" + id + "/pay-on-delivery/" }

type codPart struct {
	Status           string
	DueOnDelivery    *float64 `json:"due_on_delivery"`
	PaidOnDeliveryAt *string  `json:"paid_on_delivery_at"`
	CancelledAt      *string  `json:"cancelled_at"`
	CancelReason     string   `json:"cancel_reason"`
}

type codOrder struct {
	ID            string
	Status        string
	PaymentMethod string `json:"payment_method"`
	Fulfilment    []codPart
}

func (f codFixture) shopperOrder(t *testing.T, id string) codOrder {
	t.Helper()
	var o codOrder
	decode(t, []byte(f.must(t, f.kofi, "GET", "/api/store/orders/"+id+"/", "", 200)), &o)
	return o
}

// codOrder places kofi's order of qty consoles and chooses pay on delivery.
func (f codFixture) codOrder(t *testing.T, qty int) orderOut {
	t.Helper()
	o := f.placed(t, f.kofi, qty)
	f.must(t, f.kofi, "POST", codPath(o.ID), "", 200)
	return o
}

// unitsSold reads the best-seller count that paid-on-delivery parts move.
func (f codFixture) unitsSold(t *testing.T, productID int64) int {
	t.Helper()
	var n int
	if err := f.a.Store.DB().R.QueryRow(f.a.Store.DB().Rebind(`SELECT units_sold FROM products WHERE id = ?`), productID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (f codFixture) events(t *testing.T, orderID, status string) int {
	t.Helper()
	var n int
	if err := f.a.Store.DB().R.QueryRow(f.a.Store.DB().Rebind(`SELECT COUNT(*) FROM order_events WHERE order_id = ? AND status = ?`),
		orderID, status).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

const (
	codTaken       = `{"detail":"You chose to pay on delivery for this order: pay the rider when it arrives.","code":"order_not_payable"}`
	codNotWaiting  = `{"detail":"This order is no longer waiting for payment.","code":"cod_unavailable"}`
	codCancelled   = `{"detail":"This order was cancelled.","code":"invalid_transition"}`
	codAlreadyPaid = `{"detail":"This order has already been marked paid on delivery.","code":"invalid_transition"}`
)

func TestPayOnDelivery(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newCODFixture(t, st)

		t.Run("offered only when every rule allows it", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			reason := func(acc shoptest.Account) string {
				var opt struct {
					Available bool
					Reason    *string
					Amount    float64
					MaxAmount float64 `json:"max_amount"`
				}
				decode(t, []byte(f.must(t, acc, "GET", codPath(o.ID), "", 200)), &opt)
				if opt.Available != (opt.Reason == nil) || opt.Amount != 3899 {
					t.Fatalf("option = %+v", opt)
				}
				if opt.Reason == nil {
					return ""
				}
				return *opt.Reason
			}
			steps := []struct {
				name, staff, store, phone, want string
			}{
				{"switched off", `{"cod_enabled":false}`, ``, ``, "Pay on delivery is not available at the moment."},
				{"over the ceiling", `{"cod_enabled":true,"cod_max_amount":"2000"}`, ``, ``,
					"Pay on delivery is only for orders up to GH₵\u00a02,000.00. Pay by mobile money or card instead."},
				{"store not opted in", `{"cod_max_amount":"10000.00"}`, `{"accepts_pay_on_delivery":false}`, ``,
					"Accra Game Hub does not accept pay on delivery."},
				{"unverified new shopper", ``, `{"accepts_pay_on_delivery":true}`, `NULL`,
					"Pay on delivery is for shoppers with a delivered order or a verified phone number. Verify your number in your account to use it."},
				{"verified phone", ``, ``, `'+233241112222'`, ""},
			}
			for _, s := range steps {
				if s.staff != "" {
					f.must(t, f.staff, "PATCH", "/api/admin/settings/payments/", s.staff, 200)
				}
				if s.store != "" {
					f.must(t, f.owner, "PATCH", "/api/seller/store/", s.store, 200)
				}
				if s.phone != "" {
					exec(t, st, `UPDATE users SET phone = `+s.phone+` WHERE id = ?`, f.kofi.User.ID)
				}
				if got := reason(f.kofi); got != s.want {
					t.Fatalf("%s: reason %q; want %q", s.name, got, s.want)
				}
				if s.want != "" {
					code, body := f.do(f.kofi, "POST", codPath(o.ID), "")
					if want := `{"detail":"` + s.want + `","code":"cod_unavailable"}`; code != 409 || body != want {
						t.Fatalf("%s: choose = %d %s; want 409 %s", s.name, code, body, want)
					}
					if s := orderStatus(t, st, o.ID); s != "pending" {
						t.Fatalf("refused choice moved the order to %s", s)
					}
				}
			}
			// Others' orders are not found; the settings are staff's.
			if code, _ := f.do(f.ama, "GET", codPath(o.ID), ""); code != 404 {
				t.Fatalf("another shopper's option = %d", code)
			}
			if code, _ := f.do(f.ama, "POST", codPath(o.ID), ""); code != 404 {
				t.Fatalf("another shopper's choice = %d", code)
			}
			if code, _ := f.do(f.kofi, "PATCH", "/api/admin/settings/payments/", `{"cod_enabled":false}`); code != 403 {
				t.Fatalf("shopper changing the settings = %d", code)
			}
			if code, body := f.do(f.staff, "PATCH", "/api/admin/settings/payments/", `{"cod_max_amount":"-5"}`); code != 400 ||
				!strings.Contains(body, `"cod_max_amount"`) {
				t.Fatalf("negative ceiling = %d %s", code, body)
			}
		})

		t.Run("a delivered order makes a shopper without a phone eligible", func(t *testing.T) {
			exec(t, st, `UPDATE users SET phone = NULL WHERE id = ?`, f.ama.User.ID)
			o := f.placed(t, f.ama, 1)
			if code, _ := f.do(f.ama, "POST", codPath(o.ID), ""); code != 409 {
				t.Fatalf("ama without history = %d", code)
			}
			f.a.Purchase(f.ama.User, "delivered", f.console)
			exec(t, st, `UPDATE order_items SET delivered_at = 1 WHERE order_id IN (SELECT id FROM orders WHERE user_id = ? AND status = 'delivered')`, f.ama.User.ID)
			f.must(t, f.ama, "POST", codPath(o.ID), "", 200)
		})

		t.Run("to delivery", func(t *testing.T) {
			o := f.placed(t, f.kofi, 2)
			stock, sold := f.inventory(t, f.console.ID), f.unitsSold(t, f.console.ID)
			var got codOrder
			decode(t, []byte(f.must(t, f.kofi, "POST", codPath(o.ID), "", 200)), &got)
			if got.Status != "processing" || got.PaymentMethod != "pay_on_delivery" || len(got.Fulfilment) != 1 ||
				got.Fulfilment[0].DueOnDelivery == nil || *got.Fulfilment[0].DueOnDelivery != 7798 {
				t.Fatalf("chosen = %+v", got)
			}
			// A repeat (double tap, second tab) changes nothing.
			f.must(t, f.kofi, "POST", codPath(o.ID), "", 200)
			if n := f.events(t, o.ID, "processing"); n != 1 {
				t.Fatalf("%d processing events", n)
			}
			if n := f.inventory(t, f.console.ID); n != stock {
				t.Fatalf("choosing moved stock %d → %d", stock, n)
			}
			// No card or mobile money for it any more.
			if code, body := f.do(f.kofi, "POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`); code != 409 || body != codTaken {
				t.Fatalf("card after COD = %d %s", code, body)
			}
			if code, body := f.do(f.kofi, "POST", "/api/store/payments/mobile-money/", momoBody(o.ID, testpay.MoMoApprove)); code != 409 || body != codTaken {
				t.Fatalf("momo after COD = %d %s", code, body)
			}
			// The store sees it marked, and must collect before delivering.
			body := f.must(t, f.owner, "GET", "/api/seller/orders/?status=processing", "", 200)
			if !strings.Contains(body, `"payment_method":"pay_on_delivery"`) || !strings.Contains(body, `"due_on_delivery":7798`) {
				t.Fatalf("seller list = %s", body)
			}
			seller := "/api/seller/orders/" + o.ID
			f.must(t, f.owner, "POST", seller+"/ship/", `{"tracking_note":"Rider Kwame, 024 000 0000"}`, 200)
			if code, body := f.do(f.owner, "POST", seller+"/deliver/", ""); code != 409 || !strings.Contains(body, "mark it paid on delivery") {
				t.Fatalf("deliver unpaid = %d %s", code, body)
			}
			if n := f.unitsSold(t, f.console.ID); n != sold {
				t.Fatalf("units sold %d before the money was collected; want %d", n, sold)
			}
			f.a.DeliverMail()
			f.must(t, f.owner, "POST", seller+"/paid-on-delivery/", "", 200)
			if n := f.unitsSold(t, f.console.ID); n != sold+2 {
				t.Fatalf("units sold %d after the hand-over; want %d", n, sold+2)
			}
			if code, body := f.do(f.owner, "POST", seller+"/paid-on-delivery/", ""); code != 409 || body != codAlreadyPaid {
				t.Fatalf("paid twice = %d %s", code, body)
			}
			if code, body := f.do(f.owner, "POST", seller+"/cancel/", `{"reason":"Too late"}`); code != 409 || body != codAlreadyPaid {
				t.Fatalf("cancel after paid = %d %s", code, body)
			}
			got = f.shopperOrder(t, o.ID)
			p := got.Fulfilment[0]
			if got.Status != "delivered" || p.Status != "delivered" || p.DueOnDelivery != nil || p.PaidOnDeliveryAt == nil {
				t.Fatalf("after hand-over = %+v %+v", got, p)
			}
			if mails := f.a.DeliverMail(); len(mails) != 2 || !strings.Contains(mails[0].Subject, "has been delivered") ||
				!strings.Contains(mails[1].Text, "has delivered your items") {
				t.Fatalf("mails = %+v", mails)
			}
			// A paid online order cannot be marked paid on delivery.
			paid := f.placed(t, f.kofi, 1)
			ref := f.payTest(t, f.kofi, paid.ID, testpay.CardSuccess)
			f.verify(f.kofi, verifyPath, ref)
			if code, body := f.do(f.owner, "POST", "/api/seller/orders/"+paid.ID+"/paid-on-delivery/", ""); code != 409 ||
				!strings.Contains(body, "Only orders paid on delivery") {
				t.Fatalf("paid-on-delivery of a paid order = %d %s", code, body)
			}
		})

		t.Run("store cancels an unpaid part", func(t *testing.T) {
			o := f.codOrder(t, 2)
			stock, sold := f.inventory(t, f.console.ID), f.unitsSold(t, f.console.ID)
			seller := "/api/seller/orders/" + o.ID + "/cancel/"
			if code, body := f.do(f.owner, "POST", seller, `{"reason":"  "}`); code != 400 || body != `{"reason":["This field may not be blank."]}` {
				t.Fatalf("blank reason = %d %s", code, body)
			}
			if code, _ := f.do(f.kofi, "POST", seller, `{"reason":"Mine"}`); code != 403 {
				t.Fatalf("shopper cancelling = %d", code)
			}
			f.a.DeliverMail()
			f.must(t, f.owner, "POST", seller, `{"reason":"Customer did not answer the rider's calls."}`, 200)
			if n := f.inventory(t, f.console.ID); n != stock+2 {
				t.Fatalf("stock %d; want %d", n, stock+2)
			}
			if n := f.unitsSold(t, f.console.ID); n != sold {
				t.Fatalf("units sold %d after an unpaid cancel; want %d", n, sold)
			}
			got := f.shopperOrder(t, o.ID)
			p := got.Fulfilment[0]
			if got.Status != "cancelled" || p.Status != "cancelled" || p.CancelReason != "Customer did not answer the rider's calls." ||
				p.DueOnDelivery != nil || p.CancelledAt == nil {
				t.Fatalf("after cancel = %+v %+v", got, p)
			}
			mails := f.a.DeliverMail()
			if len(mails) != 2 || !strings.Contains(mails[0].Subject, "was cancelled") || !strings.Contains(mails[0].Text, "did not answer") ||
				!strings.Contains(mails[1].Text, "cancelled your items") {
				t.Fatalf("mails = %+v", mails)
			}
			if code, body := f.do(f.owner, "POST", seller, `{"reason":"Again"}`); code != 409 || body != codCancelled {
				t.Fatalf("second cancel = %d %s", code, body)
			}
			if code, body := f.do(f.owner, "POST", "/api/seller/orders/"+o.ID+"/paid-on-delivery/", ""); code != 409 || body != codCancelled {
				t.Fatalf("paid after cancel = %d %s", code, body)
			}
			// The store still finds it, under cancelled.
			if body := f.must(t, f.owner, "GET", "/api/seller/orders/?status=cancelled", "", 200); !strings.Contains(body, o.ID) {
				t.Fatalf("cancelled list = %s", body)
			}
		})
	})
}

// TestPayOnDeliveryRaces fires the write paths that touch a COD order's
// rows together, through the handler, on both engines.
func TestPayOnDeliveryRaces(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newCODFixture(t, st)
		const rounds = 4
		together := func(fns ...func()) {
			var wg sync.WaitGroup
			start := make(chan struct{})
			for _, fn := range fns {
				wg.Add(1)
				go func() { defer wg.Done(); <-start; fn() }()
			}
			close(start)
			wg.Wait()
		}

		t.Run("COD against a card success", func(t *testing.T) {
			for i := 0; i < rounds; i++ {
				o := f.placed(t, f.kofi, 1)
				p := f.pay(t, f.kofi, o.ID, 201)
				var codCode, verifyCode int
				var codBody, verifyBody string
				together(func() {
					codCode, codBody = f.do(f.kofi, "POST", codPath(o.ID), "")
				}, func() {
					f.a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"`+p.PaymentReference+`","card_number":"`+testpay.CardSuccess+`"}`, f.kofi.Auth()...)
					verifyCode, verifyBody = f.verify(f.kofi, verifyPath, p.PaymentReference)
				})
				var flag, status string
				if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT flag, status FROM payments WHERE reference = ?`), p.PaymentReference).
					Scan(&flag, &status); err != nil {
					t.Fatal(err)
				}
				cod := f.shopperOrder(t, o.ID).PaymentMethod == "pay_on_delivery"
				switch {
				case cod && codCode == 200 && verifyCode == 409 && status == "successful" && flag == "refund":
					// COD first, the card charged meanwhile: its success is flagged for refund.
				case cod && codCode == 200 && verifyCode == 400 && verifyBody == notComplete && status == "failed" && flag == "":
					// COD first, before the charge: the attempt was failed and
					// the card never charged (a late success would be flagged).
				case !cod && verifyCode == 200 && codCode == 409 && codBody == codNotWaiting && flag == "":
					// Card first: COD refused.
				default:
					t.Fatalf("round %d: cod %v %d %s, verify %d %s, payment %s %q", i, cod, codCode, codBody, verifyCode, verifyBody, status, flag)
				}
				if s := orderStatus(t, st, o.ID); s != "processing" {
					t.Fatalf("order %s", s)
				}
			}
		})

		t.Run("COD against mobile money", func(t *testing.T) {
			for i := 0; i < rounds; i++ {
				o := f.placed(t, f.kofi, 1)
				var codCode, momoCode int
				var codBody, momoBody2 string
				together(func() {
					codCode, codBody = f.do(f.kofi, "POST", codPath(o.ID), "")
				}, func() {
					momoCode, momoBody2 = f.do(f.kofi, "POST", "/api/store/payments/mobile-money/", momoBody(o.ID, testpay.MoMoApprove))
				})
				cod := f.shopperOrder(t, o.ID).PaymentMethod == "pay_on_delivery"
				switch {
				case cod && codCode == 200 && momoCode == 409:
				case !cod && momoCode == 201 && codCode == 409 && codBody == momoWaiting:
					// Approving the prompt later pays the order as usual.
				default:
					t.Fatalf("round %d: cod %v %d %s, momo %d %s", i, cod, codCode, codBody, momoCode, momoBody2)
				}
			}
		})

		t.Run("double COD submit", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			codes := make([]int, 4)
			fns := make([]func(), len(codes))
			for i := range fns {
				fns[i] = func() { codes[i], _ = f.do(f.kofi, "POST", codPath(o.ID), "") }
			}
			together(fns...)
			for _, c := range codes {
				if c != 200 {
					t.Fatalf("codes %v", codes)
				}
			}
			if n := f.events(t, o.ID, "processing"); n != 1 {
				t.Fatalf("%d processing events", n)
			}
		})

		t.Run("paid on delivery against cancel", func(t *testing.T) {
			for i := 0; i < rounds; i++ {
				o := f.codOrder(t, 2)
				stock := f.inventory(t, f.console.ID)
				seller := "/api/seller/orders/" + o.ID
				var paidCode, cancelCode int
				var paidBody, cancelBody string
				together(func() {
					paidCode, paidBody = f.do(f.owner, "POST", seller+"/paid-on-delivery/", "")
				}, func() {
					cancelCode, cancelBody = f.do(f.owner, "POST", seller+"/cancel/", `{"reason":"Out of fuel"}`)
				})
				status := orderStatus(t, st, o.ID)
				switch n := f.inventory(t, f.console.ID); {
				case paidCode == 200 && cancelCode == 409 && cancelBody == codAlreadyPaid && status == "delivered" && n == stock:
				case cancelCode == 200 && paidCode == 409 && paidBody == codCancelled && status == "cancelled" && n == stock+2:
				default:
					t.Fatalf("round %d: paid %d %s, cancel %d %s, order %s, stock %d (was %d)", i, paidCode, paidBody,
						cancelCode, cancelBody, status, n, stock)
				}
			}
		})

		t.Run("COD and cancel against seller stock edits", func(t *testing.T) {
			product := fmt.Sprintf("/api/seller/products/%d/", f.console.ID)
			for i := 0; i < rounds; i++ {
				o := f.placed(t, f.kofi, 2)
				before := f.inventory(t, f.console.ID)
				var editCode int
				together(func() {
					f.must(t, f.kofi, "POST", codPath(o.ID), "", 200)
				}, func() {
					editCode, _ = f.do(f.owner, "PATCH", product, fmt.Sprintf(`{"inventory":%d,"expected_inventory":%d}`, before+10, before))
				})
				// Choosing COD takes no stock (the order took it): the edit always fits.
				if editCode != 200 || f.inventory(t, f.console.ID) != before+10 {
					t.Fatalf("round %d: edit %d, stock %d; want %d", i, editCode, f.inventory(t, f.console.ID), before+10)
				}
				before += 10
				together(func() {
					f.must(t, f.owner, "POST", "/api/seller/orders/"+o.ID+"/cancel/", `{"reason":"Sold out in the shop"}`, 200)
				}, func() {
					editCode, _ = f.do(f.owner, "PATCH", product, fmt.Sprintf(`{"inventory":%d,"expected_inventory":%d}`, before+5, before))
				})
				switch n := f.inventory(t, f.console.ID); {
				case editCode == 200 && n == before+5+2: // edit first, then the 2 came back
				case editCode == 409 && n == before+2: // cancel first: the edit saw old stock and was refused
				default:
					t.Fatalf("round %d: edit %d, stock %d (was %d)", i, editCode, n, before)
				}
			}
		})
	})
}
