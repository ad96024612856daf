package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// Product options and variants (docs/decisions/0029-product-variants.md):
// their shapes in storefront and Seller Centre answers, and the Seller
// Centre's two writes.

type optionDTO struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

type variantDTO struct {
	ID        int64    `json:"id"`
	SKU       string   `json:"sku"`
	Options   []string `json:"options"`
	UnitPrice string   `json:"unit_price"`
	Inventory int      `json:"inventory"`
	Active    bool     `json:"active"`
	ImageIDs  []int64  `json:"image_ids"`
}

// optionList is the options as answered, [] for none.
func optionList(opts []shop.ProductOption) []optionDTO {
	out := make([]optionDTO, len(opts))
	for i, o := range opts {
		out[i] = optionDTO{Name: o.Name, Values: o.Values}
	}
	return out
}

// variantList is the variants as answered, [] for none.
func variantList(vs []shop.Variant) []variantDTO {
	out := make([]variantDTO, len(vs))
	for i, v := range vs {
		ids := v.ImageIDs
		if ids == nil {
			ids = []int64{}
		}
		out[i] = variantDTO{ID: v.ID, SKU: v.SKU, Options: v.Options, UnitPrice: v.UnitPrice.String(),
			Inventory: v.Inventory, Active: v.Active, ImageIDs: ids}
	}
	return out
}

type optionsRequest struct {
	Options json.RawMessage `json:"options"`
}

// listOf decodes a body field that must be a list of objects, adding the
// field's error to fe otherwise (absent: nil, no error).
func listOf(fe shop.FieldErrors, name string, raw json.RawMessage) ([]map[string]any, bool) {
	if raw == nil {
		return nil, false
	}
	v := decodeValue(raw)
	list, ok := v.([]any)
	switch {
	case v == nil:
		fe.Add(name, "This field may not be null.")
		return nil, false
	case !ok:
		fe.Add(name, `Expected a list of items but got type "`+pythonType(v)+`".`)
		return nil, false
	}
	out := make([]map[string]any, len(list))
	for i, el := range list {
		obj, ok := el.(map[string]any)
		if !ok {
			fe.Add(name, "Invalid data. Expected a dictionary, but got "+pythonType(el)+".")
			return nil, false
		}
		out[i] = obj
	}
	return out, true
}

// member decodes obj[key] with conv into *dst when present; a null or a
// value of the wrong type is a field error.
func member[T any](fe shop.FieldErrors, field string, obj map[string]any, key string, conv func(any) (T, string)) *T {
	raw, present := obj[key]
	if !present {
		return nil
	}
	if raw == nil {
		fe.Add(field, "This field may not be null.")
		return nil
	}
	v, msg := conv(raw)
	if msg != "" {
		fe.Add(field, msg)
		return nil
	}
	return &v
}

func trimmed(v any) (string, string) { return asString(v, true) }

// listMember decodes obj[key], a list whose elements conv converts.
func listMember[T any](conv func(any) (T, string)) func(any) ([]T, string) {
	return func(v any) ([]T, string) {
		list, ok := v.([]any)
		if !ok {
			return nil, `Expected a list of items but got type "` + pythonType(v) + `".`
		}
		out := make([]T, len(list))
		for i, el := range list {
			x, msg := conv(el)
			if msg != "" {
				return nil, msg
			}
			out[i] = x
		}
		return out, ""
	}
}

// putProductOptions answers PUT /seller/products/{id}/options/.
func (a *API) putProductOptions(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	in, err := decoded[optionsRequest](r)
	if err != nil {
		return err
	}
	fe := shop.FieldErrors{}
	var opts *[]service.OptionInput
	if objs, ok := listOf(fe, "options", in.Options); ok {
		list := make([]service.OptionInput, len(objs))
		for i, o := range objs {
			prefix := "options[" + strconv.Itoa(i) + "]."
			list[i] = service.OptionInput{Name: member(fe, prefix+"name", o, "name", trimmed),
				Values: member(fe, prefix+"values", o, "values", listMember(trimmed))}
		}
		opts = &list
	} else if in.Options == nil {
		fe.Add("options", "This field is required.")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	d, err := a.svc.SetProductOptions(r.Context(), caller(r), id, opts)
	return replyResult(w, http.StatusOK, d, err, a.toSellerProductDTO)
}

type variantsRequest struct {
	Variants json.RawMessage `json:"variants"`
}

// patchProductVariants answers PATCH /seller/products/{id}/variants/.
func (a *API) patchProductVariants(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	in, err := decoded[variantsRequest](r)
	if err != nil {
		return err
	}
	fe := shop.FieldErrors{}
	var list *[]service.VariantInput
	if objs, ok := listOf(fe, "variants", in.Variants); ok {
		l := make([]service.VariantInput, len(objs))
		for i, v := range objs {
			prefix := "variants[" + strconv.Itoa(i) + "]."
			var ref service.Ref
			if raw, present := v["id"]; present {
				b, _ := json.Marshal(raw) // re-encoding decoded JSON cannot fail
				ref = decodeRef(b)
			}
			l[i] = service.VariantInput{ID: ref,
				UnitPrice:         member(fe, prefix+"unit_price", v, "unit_price", trimmed),
				Inventory:         member(fe, prefix+"inventory", v, "inventory", asInt),
				ExpectedInventory: member(fe, prefix+"expected_inventory", v, "expected_inventory", asInt),
				SKU:               member(fe, prefix+"sku", v, "sku", trimmed),
				Active:            member(fe, prefix+"active", v, "active", asBool),
				ImageIDs:          member(fe, prefix+"image_ids", v, "image_ids", listMember(asInt))}
		}
		list = &l
	} else if in.Variants == nil {
		fe.Add("variants", "This field is required.")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	d, err := a.svc.UpdateVariants(r.Context(), caller(r), id, list)
	return replyResult(w, http.StatusOK, d, err, a.toSellerProductDTO)
}
