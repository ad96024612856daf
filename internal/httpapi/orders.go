package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
)

type orderProductDTO struct {
	ID     int64             `json:"id"`
	Name   string            `json:"name"`
	Images []productImageDTO `json:"images"`
}

type orderItemDTO struct {
	ID         int64           `json:"id"`
	Product    orderProductDTO `json:"product"`
	Name       string          `json:"name"`
	Quantity   int             `json:"quantity"`
	UnitPrice  string          `json:"unit_price"`
	TotalPrice json.RawMessage `json:"total_price"`
	// VariantID and Options: the variant ordered and its values as they
	// were then (null and [] without options).
	VariantID *int64             `json:"variant_id"`
	Options   []shop.OptionValue `json:"options"`
}

type orderDTO struct {
	ID              string          `json:"id"`
	Status          string          `json:"status"`
	CreatedAt       string          `json:"created_at"`
	Amount          json.RawMessage `json:"amount"`
	ItemsAmount     json.RawMessage `json:"items_amount"`
	DeliveryAmount  json.RawMessage `json:"delivery_amount"`
	ShippingAddress string          `json:"shipping_address"`
	ContactInfo     string          `json:"contact_info"`
	DeliveryAddress *addressDTO     `json:"delivery_address"`
	UserEmail       string          `json:"user_email"`
	Items           []orderItemDTO  `json:"items"`
	PaidAt          *string         `json:"paid_at"`
	// PaymentMethod is "pay_on_delivery" once the buyer chose it, else
	// "online" (docs/decisions/0020).
	PaymentMethod string `json:"payment_method"`
	// Fulfilment is each store's progress; events the order's history.
	Fulfilment []orderPartDTO  `json:"fulfilment"`
	Events     []orderEventDTO `json:"events"`
}

type orderPartDTO struct {
	Store        *orderStoreDTO `json:"store"`
	Status       string         `json:"status"`
	TrackingNote string         `json:"tracking_note"`
	ShippedAt    *string        `json:"shipped_at"`
	DeliveredAt  *string        `json:"delivered_at"`
	ItemIDs      []int64        `json:"item_ids"`
	codPartDTO
	Delivery *partDeliveryDTO `json:"delivery"`
}

// codPartDTO is where a store's part of a pay-on-delivery order stands:
// what the rider collects (null when nothing is due), when it was paid;
// and, of a part its store cancelled, when and why.
type codPartDTO struct {
	DueOnDelivery    json.RawMessage `json:"due_on_delivery"`
	PaidOnDeliveryAt *string         `json:"paid_on_delivery_at"`
	CancelledAt      *string         `json:"cancelled_at"`
	CancelReason     string          `json:"cancel_reason"`
}

func toCODPart(p shop.Part) codPartDTO {
	d := codPartDTO{DueOnDelivery: json.RawMessage("null"), PaidOnDeliveryAt: optionalTime(p.CODPaidAt),
		CancelledAt: optionalTime(p.CancelledAt), CancelReason: p.CancelReason}
	if p.Due > 0 {
		d.DueOnDelivery = moneyNumber(p.Due)
	}
	return d
}

// paymentMethod names how the order is paid.
func paymentMethod(o *shop.Order) string {
	if o.PayOnDelivery() {
		return "pay_on_delivery"
	}
	return "online"
}

type orderStoreDTO struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

func (a *API) toOrderDTO(o *shop.Order) orderDTO {
	d := orderDTO{ID: o.ID, Status: o.Status, CreatedAt: shop.FormatTime(o.CreatedAt), Amount: moneyNumber(o.Amount),
		ItemsAmount: moneyNumber(o.Amount - o.DeliveryAmount()), DeliveryAmount: moneyNumber(o.DeliveryAmount()),
		ShippingAddress: o.ShippingAddress, ContactInfo: o.ContactInfo, DeliveryAddress: orderAddressDTO(o.DeliveryAddress),
		UserEmail: o.UserEmail, Items: make([]orderItemDTO, len(o.Items)), PaidAt: optionalTime(o.PaidAt), PaymentMethod: paymentMethod(o),
		Fulfilment: []orderPartDTO{}, Events: toOrderEvents(o.Events)}
	now := a.svc.Now()
	for _, p := range o.Parts() {
		part := orderPartDTO{Status: p.Status, TrackingNote: p.TrackingNote, ShippedAt: optionalTime(p.ShippedAt),
			DeliveredAt: optionalTime(p.DeliveredAt), ItemIDs: p.ItemIDs, codPartDTO: toCODPart(p),
			Delivery: toPartDelivery(p, now)}
		if p.StoreID != 0 {
			part.Store = &orderStoreDTO{ID: p.StoreID, Name: p.StoreName}
		}
		d.Fulfilment = append(d.Fulfilment, part)
	}
	// The buyer sees what happened and when; who did it is the shop's record.
	for i := range d.Events {
		d.Events[i].Actor = nil
	}
	for i, it := range o.Items {
		d.Items[i] = orderItemDTO{ID: it.ID, Product: orderProductDTO{ID: it.ProductID, Name: it.ProductName,
			Images: a.imageList(it.ProductImages)}, Name: it.Name, Quantity: it.Quantity, UnitPrice: it.UnitPrice.String(),
			TotalPrice: moneyNumber(it.Total()), VariantID: optionalID(it.VariantID), Options: optionValues(it.Options)}
	}
	return d
}

// optionValues is a line's named values, [] for none.
func optionValues(v []shop.OptionValue) []shop.OptionValue {
	if v == nil {
		return []shop.OptionValue{}
	}
	return v
}

// optionalTime renders a timestamp, or null for the zero time.
func optionalTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := shop.FormatTime(t)
	return &s
}

func (a *API) listOrders(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, a.toOrderDTO, func(p pager) ([]*shop.Order, int, error) {
		return a.svc.Orders(r.Context(), caller(r), p.offset, p.limit)
	})
}

type orderRequest struct {
	ShippingAddress *string         `json:"shipping_address"`
	ContactInfo     *string         `json:"contact_info"`
	Cart            *string         `json:"cart"`
	Items           json.RawMessage `json:"items"`
	AddressID       json.RawMessage `json:"address_id"`
	Address         json.RawMessage `json:"address"`
	SaveAddress     *bool           `json:"save_address"`
	Delivery        json.RawMessage `json:"delivery"`
}

// orderLines decodes the optional items of an order: a list of objects
// with product_id and quantity, each decoded like a bag line's. The reason
// they are not such a list is returned instead, as the field's error.
func orderLines(raw json.RawMessage) (*[]service.OrderLineInput, string) {
	if raw == nil {
		return nil, ""
	}
	var list []any
	switch v := decodeValue(raw).(type) {
	case nil:
		return nil, "This field may not be null."
	case []any:
		list = v
	default:
		return nil, `Expected a list of items but got type "` + pythonType(v) + `".`
	}
	lines := make([]service.OrderLineInput, len(list))
	for i, el := range list {
		obj, ok := el.(map[string]any)
		if !ok {
			return nil, "Invalid data. Expected a dictionary, but got " + pythonType(el) + "."
		}
		if id, present := obj["product_id"]; present {
			b, _ := json.Marshal(id) // re-encoding decoded JSON cannot fail
			lines[i].ProductID = decodeRef(b)
		}
		if id, present := obj["variant_id"]; present {
			b, _ := json.Marshal(id)
			lines[i].VariantID = decodeRef(b)
		}
		if q, present := obj["quantity"]; present {
			if q == nil {
				lines[i].QuantityErr = "This field may not be null."
			} else if n, msg := asInt(q); msg != "" {
				lines[i].QuantityErr = msg
			} else {
				lines[i].Quantity = &n
			}
		}
	}
	return &lines, ""
}

func (a *API) placeOrder(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[orderRequest](r)
	if err != nil {
		return err
	}
	items, itemsErr := orderLines(in.Items)
	address, addressErr, err := nestedAddress(in.Address)
	if err != nil {
		return err
	}
	delivery, deliveryErr := deliveryChoices(in.Delivery)
	o, err := a.svc.PlaceOrder(r.Context(), caller(r), service.OrderRequest{ShippingAddress: in.ShippingAddress,
		ContactInfo: in.ContactInfo, Cart: in.Cart, Items: items, ItemsErr: itemsErr,
		AddressID: decodeRef(in.AddressID), Address: address, AddressErr: addressErr, SaveAddress: in.SaveAddress,
		Delivery: delivery, DeliveryErr: deliveryErr, IdempotencyKey: r.Header.Get("Idempotency-Key")})
	if err != nil {
		return err
	}
	w.Header().Set("Location", a.cfg.PublicURL+a.cfg.APIPrefix+"/store/orders/"+o.ID+"/")
	return reply(w, http.StatusCreated, a.toOrderDTO(o))
}

func (a *API) getOrder(w http.ResponseWriter, r *http.Request) error {
	o, err := a.svc.Order(r.Context(), caller(r), r.PathValue("id"))
	return replyResult(w, http.StatusOK, o, err, a.toOrderDTO)
}

func (a *API) deleteOrder(w http.ResponseWriter, r *http.Request) error {
	return replyNoContent(w, a.svc.DeleteOrder(r.Context(), caller(r), r.PathValue("id")))
}
