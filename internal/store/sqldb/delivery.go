package sqldb

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"dwa/internal/shop"
)

// Delivery zones, pickup stations, holidays and the deliveries orders keep
// (decision 0024).

// deliveryScan reads storeDeliveryColumns into a shop.StoreDelivery.
type deliveryScan struct {
	out      *shop.StoreDelivery
	freeOver sql.NullInt64
	cutoff   sql.NullInt64
}

func (d *deliveryScan) dest() []any {
	return []any{&d.out.ShipFromRegion, &d.out.ShipFromCity, &d.freeOver, &d.cutoff, &d.out.Pickup}
}

func (d *deliveryScan) done() {
	d.out.FreeOver = shop.Money(d.freeOver.Int64)
	d.out.SameDayCutoff = shop.NoSameDay
	if d.cutoff.Valid {
		d.out.SameDayCutoff = int(d.cutoff.Int64)
	}
}

// nullCutoff stores "no same day" as NULL.
func nullCutoff(h int) any {
	if h == shop.NoSameDay {
		return nil
	}
	return h
}

// DeliveryZones lists the zones of a region ("" = all), by region then city.
func (s *Store) DeliveryZones(ctx context.Context, region string) ([]shop.DeliveryZone, error) {
	q := `SELECT id, region, city, fee, days_min, days_max FROM delivery_zones`
	var args []any
	if region != "" {
		q += ` WHERE region = ?`
		args = append(args, region)
	}
	rows, err := s.db.reader().query(ctx, q+` ORDER BY region, city_key, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.DeliveryZone
	for rows.Next() {
		var z shop.DeliveryZone
		if err := rows.Scan(&z.ID, &z.Region, &z.City, &z.Fee, &z.DaysMin, &z.DaysMax); err != nil {
			return nil, err
		}
		out = append(out, z)
	}
	return out, rows.Err()
}

// errZoneTaken is the field error of a second zone for a region and city.
var errZoneTaken = shop.Invalid(map[string][]string{"city": {"A zone for this city already exists."}})

// CreateDeliveryZone inserts a zone; a region and city taken is a field error.
func (s *Store) CreateDeliveryZone(ctx context.Context, z *shop.DeliveryZone, at time.Time) error {
	ms := shop.Millis(at)
	id, err := s.db.writer().insertID(ctx, `INSERT INTO delivery_zones (region, city, city_key, fee, days_min, days_max,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, z.Region, z.City, shop.CityKey(z.City), int64(z.Fee),
		z.DaysMin, z.DaysMax, ms, ms)
	if errors.Is(err, ErrUnique) {
		return errZoneTaken
	}
	z.ID = id
	return err
}

// UpdateDeliveryZone writes the zone whole; false when there is none.
func (s *Store) UpdateDeliveryZone(ctx context.Context, z shop.DeliveryZone, at time.Time) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE delivery_zones SET region = ?, city = ?, city_key = ?, fee = ?, days_min = ?,
		days_max = ?, updated_at = ? WHERE id = ?`, z.Region, z.City, shop.CityKey(z.City), int64(z.Fee), z.DaysMin, z.DaysMax,
		shop.Millis(at), z.ID)
	if errors.Is(err, ErrUnique) {
		return false, errZoneTaken
	}
	return affectedOne(res, err)
}

// DeleteDeliveryZone deletes a zone; false when there is none.
func (s *Store) DeleteDeliveryZone(ctx context.Context, id int64) (bool, error) {
	return affectedOne(s.db.writer().exec(ctx, `DELETE FROM delivery_zones WHERE id = ?`, id))
}

// affectedOne reports whether a statement changed a row.
func affectedOne(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const pickupColumns = `id, name, region, city, address, hours, fee, is_active`

// PickupPoints lists stations by name: of a region ("" = all), only the
// active ones with activeOnly.
func (s *Store) PickupPoints(ctx context.Context, region string, activeOnly bool) ([]shop.PickupPoint, error) {
	where := []string{"1 = 1"}
	var args []any
	if region != "" {
		where = append(where, "region = ?")
		args = append(args, region)
	}
	if activeOnly {
		where = append(where, "is_active = TRUE")
	}
	rows, err := s.db.reader().query(ctx, `SELECT `+pickupColumns+` FROM pickup_points WHERE `+
		strings.Join(where, " AND ")+` ORDER BY name, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.PickupPoint
	for rows.Next() {
		p, err := scanPickup(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func scanPickup(r scanner) (shop.PickupPoint, error) {
	var p shop.PickupPoint
	err := r.Scan(&p.ID, &p.Name, &p.Region, &p.City, &p.Address, &p.Hours, &p.Fee, &p.Active)
	return p, err
}

// PickupPoint returns a station, or nil.
func (s *Store) PickupPoint(ctx context.Context, id int64) (*shop.PickupPoint, error) {
	p, err := scanPickup(s.db.reader().queryRow(ctx, `SELECT `+pickupColumns+` FROM pickup_points WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, s.db.translate(err)
	}
	return &p, nil
}

// CreatePickupPoint inserts a station.
func (s *Store) CreatePickupPoint(ctx context.Context, p *shop.PickupPoint, at time.Time) error {
	ms := shop.Millis(at)
	id, err := s.db.writer().insertID(ctx, `INSERT INTO pickup_points (name, region, city, address, hours, fee, is_active,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.Name, p.Region, p.City, p.Address, p.Hours,
		int64(p.Fee), p.Active, ms, ms)
	p.ID = id
	return err
}

// UpdatePickupPoint writes the station whole; false when there is none.
func (s *Store) UpdatePickupPoint(ctx context.Context, p shop.PickupPoint, at time.Time) (bool, error) {
	return affectedOne(s.db.writer().exec(ctx, `UPDATE pickup_points SET name = ?, region = ?, city = ?, address = ?,
		hours = ?, fee = ?, is_active = ?, updated_at = ? WHERE id = ?`, p.Name, p.Region, p.City, p.Address, p.Hours,
		int64(p.Fee), p.Active, shop.Millis(at), p.ID))
}

// DeletePickupPoint deletes a station (orders keep their copy); false when
// there is none.
func (s *Store) DeletePickupPoint(ctx context.Context, id int64) (bool, error) {
	return affectedOne(s.db.writer().exec(ctx, `DELETE FROM pickup_points WHERE id = ?`, id))
}

// Holidays lists the holidays from the given day (DateLayout) on, by day.
func (s *Store) Holidays(ctx context.Context, from string) ([]shop.Holiday, error) {
	rows, err := s.db.reader().query(ctx, `SELECT day, name FROM holidays WHERE day >= ? ORDER BY day`, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.Holiday
	for rows.Next() {
		var h shop.Holiday
		if err := rows.Scan(&h.Day, &h.Name); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// CreateHoliday inserts a holiday; false when the day is one already.
func (s *Store) CreateHoliday(ctx context.Context, h shop.Holiday) (bool, error) {
	return affectedOne(s.db.writer().exec(ctx, `INSERT INTO holidays (day, name) VALUES (?, ?) ON CONFLICT DO NOTHING`,
		h.Day, h.Name))
}

// DeleteHoliday deletes a holiday; false when there is none.
func (s *Store) DeleteHoliday(ctx context.Context, day string) (bool, error) {
	return affectedOne(s.db.writer().exec(ctx, `DELETE FROM holidays WHERE day = ?`, day))
}

// SetDeliveryRegion records the user's chosen region.
func (s *Store) SetDeliveryRegion(ctx context.Context, userID int64, region string) error {
	_, err := s.db.writer().exec(ctx, `UPDATE users SET delivery_region = ? WHERE id = ?`, region, userID)
	return err
}

// insertDeliveries writes an order's part deliveries in its transaction.
func insertDeliveries(ctx context.Context, c conn, o *shop.Order) error {
	for _, d := range o.Deliveries {
		var pickup any
		if d.Pickup != nil {
			b, err := json.Marshal(d.Pickup)
			if err != nil {
				return err
			}
			pickup = string(b)
		}
		if _, err := c.exec(ctx, `INSERT INTO order_deliveries (order_id, store_id, method, fee, pickup, promise_from,
			promise_to, same_day) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, o.ID, d.StoreID, d.Method, int64(d.Fee), pickup,
			d.From, d.To, d.SameDay); err != nil {
			return err
		}
	}
	return nil
}

// orderDeliveries loads the deliveries of the orders in the IN list.
func orderDeliveries(ctx context.Context, c conn, in string, args []any, byID map[string]*shop.Order) error {
	rows, err := c.query(ctx, `SELECT order_id, store_id, method, fee, pickup, promise_from, promise_to, same_day
		FROM order_deliveries WHERE order_id IN (`+in+`) ORDER BY order_id, store_id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var d shop.PartDelivery
		var orderID string
		var pickup sql.NullString
		if err := rows.Scan(&orderID, &d.StoreID, &d.Method, &d.Fee, &pickup, &d.From, &d.To, &d.SameDay); err != nil {
			return err
		}
		if pickup.Valid {
			d.Pickup = &shop.PickupCopy{}
			if err := json.Unmarshal([]byte(pickup.String), d.Pickup); err != nil {
				return err
			}
		}
		if o := byID[orderID]; o != nil {
			o.Deliveries = append(o.Deliveries, d)
		}
	}
	return rows.Err()
}
