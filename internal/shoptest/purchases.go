package shoptest

import "dwa/internal/shop"

// Purchase records an order of one unit of each product for the user, in
// the given status (pending, processing, shipped, delivered, cancelled),
// straight in the database: tests of reviews and messages need purchase
// history without going through the bag, checkout and payment.
func (a *App) Purchase(u *shop.User, status string, ps ...*shop.Product) string {
	a.T.Helper()
	id := shop.NewUUID()
	var amount shop.Money
	for _, p := range ps {
		amount += p.UnitPrice
	}
	at := Now.UnixMilli()
	a.exec(`INSERT INTO orders (id, user_id, status, amount, shipping_address, contact_info, created_at, updated_at)
		VALUES (?, ?, ?, ?, '12 Ring Rd, Osu, Accra', '+233 24 123 4567', ?, ?)`, id, u.ID, status, int64(amount), at, at)
	for _, p := range ps {
		a.exec(`INSERT INTO order_items (order_id, product_id, store_id, name, unit_price, quantity)
			VALUES (?, ?, ?, ?, ?, 1)`, id, p.ID, nullID(p.StoreID), p.Name, int64(p.UnitPrice))
	}
	return id
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// exec runs a statement written with ? placeholders on either engine.
func (a *App) exec(q string, args ...any) {
	a.T.Helper()
	if _, err := a.Store.DB().W.Exec(a.Store.DB().Rebind(q), args...); err != nil {
		a.T.Fatal(err)
	}
}
