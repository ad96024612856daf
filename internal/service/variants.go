package service

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"dwa/internal/shop"
)

// VariantStore keeps products' options and variants
// (docs/decisions/0029-product-variants.md). Both writes lock the
// product row, then its variants, keep the product's aggregates in the
// same transaction and record the product in the catalogue change feed.
type VariantStore interface {
	// SetProductOptions replaces the options of the store's product and
	// generates its variants: a combination that had a variant keeps it, a
	// new one gets the product's price, stock 0, active; a variant whose
	// combination is gone is deleted (with its bag lines) unless ordered,
	// then retired. False when the product is not the store's.
	SetProductOptions(ctx context.Context, storeID, productID int64, opts []shop.ProductOption, at time.Time) (bool, error)
	// UpdateVariants writes the fields each change sets, all or nothing;
	// field errors are keyed variants[i].<field>. False when the product
	// is not the store's.
	UpdateVariants(ctx context.Context, storeID, productID int64, changes []shop.VariantChange, at time.Time) (bool, error)
}

// OptionInput is one option of PUT /seller/products/{id}/options/ as
// decoded (nil = absent).
type OptionInput struct {
	Name   *string
	Values *[]string
}

// SetProductOptions replaces the options of one of the caller's products
// and answers the product with its new variants.
func (s *Service) SetProductOptions(ctx context.Context, u *shop.User, id int64, in *[]OptionInput) (*shop.ProductDetail, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	if _, err := s.storeProduct(ctx, st, id); err != nil {
		return nil, err
	}
	opts, err := checkOptions(in)
	if err != nil {
		return nil, err
	}
	return s.writeProduct(ctx, st, id, func() (bool, error) {
		return s.store.SetProductOptions(ctx, st.ID, id, opts, s.now())
	})
}

// checkOptions validates options (contract: 0–3 options; a name of 1–30
// characters, unique in the product ignoring case; 1–20 values of 1–30
// characters, unique in the option ignoring case; at most 100
// combinations). Names and values are trimmed, inner spacing kept single.
func checkOptions(in *[]OptionInput) ([]shop.ProductOption, error) {
	fe := shop.FieldErrors{}
	if in == nil {
		fe.Add("options", msgRequired)
		return nil, fe.Err()
	}
	if len(*in) > shop.MaxOptions {
		fe.Add("options", "Ensure this field has no more than "+strconv.Itoa(shop.MaxOptions)+" elements.")
		return nil, fe.Err()
	}
	opts := make([]shop.ProductOption, 0, len(*in))
	names := map[string]bool{}
	combos := 1
	for i, o := range *in {
		prefix := "options[" + strconv.Itoa(i) + "]."
		name := optionText(fe, prefix+"name", o.Name)
		if name != "" {
			if k := shop.OptionKey(name); names[k] {
				fe.Add(prefix+"name", "Another option of this product has this name.")
			} else {
				names[k] = true
			}
		}
		opt := shop.ProductOption{Name: name}
		switch {
		case o.Values == nil:
			fe.Add(prefix+"values", msgRequired)
		case len(*o.Values) == 0:
			fe.Add(prefix+"values", "This list may not be empty.")
		case len(*o.Values) > shop.MaxOptionValues:
			fe.Add(prefix+"values", "Ensure this field has no more than "+strconv.Itoa(shop.MaxOptionValues)+" elements.")
		default:
			seen := map[string]bool{}
			for _, raw := range *o.Values {
				v := strings.Join(strings.Fields(raw), " ")
				problem := ""
				switch k := shop.OptionKey(v); {
				case v == "":
					problem = "Values may not be blank."
				case utf8.RuneCountInString(v) > shop.MaxOptionText:
					problem = "Each value must have no more than " + strconv.Itoa(shop.MaxOptionText) + " characters."
				case strings.ContainsFunc(v, unicode.IsControl):
					problem = "Use letters, digits and signs only."
				case seen[k]:
					problem = "Values must be different: \"" + v + "\" is there twice."
				default:
					seen[k] = true
				}
				if problem != "" && !fe.Has(prefix+"values") {
					fe.Add(prefix+"values", problem)
				}
				opt.Values = append(opt.Values, v)
			}
			combos *= len(*o.Values)
		}
		opts = append(opts, opt)
	}
	if len(fe) == 0 && combos > shop.MaxVariants {
		fe.Add("options", "These options make "+strconv.Itoa(combos)+" combinations; at most "+
			strconv.Itoa(shop.MaxVariants)+" are allowed.")
	}
	return opts, fe.Err()
}

// optionText checks an option's name: required, 1–30 characters after
// trimming, no control characters nor colon.
func optionText(fe shop.FieldErrors, field string, v *string) string {
	if v == nil {
		fe.Add(field, msgRequired)
		return ""
	}
	t := strings.Join(strings.Fields(*v), " ")
	switch {
	case t == "":
		fe.Add(field, msgBlank)
	case utf8.RuneCountInString(t) > shop.MaxOptionText:
		fe.Add(field, "Ensure this field has no more than "+strconv.Itoa(shop.MaxOptionText)+" characters.")
	case strings.ContainsFunc(t, unicode.IsControl):
		fe.Add(field, "Use letters, digits and signs only.")
	case strings.Contains(t, ":"):
		// A list's option filter is name:value (GET /store/products/).
		fe.Add(field, "Option names cannot contain a colon.")
	default:
		return t
	}
	return ""
}

// VariantInput is one entry of PATCH /seller/products/{id}/variants/ as
// decoded (nil = absent).
type VariantInput struct {
	ID                Ref
	UnitPrice         *string
	Inventory         *int64
	ExpectedInventory *int64
	SKU               *string
	Active            *bool
	ImageIDs          *[]int64
}

// UpdateVariants edits many variants of one of the caller's products at
// once, all or nothing, and answers the product.
func (s *Service) UpdateVariants(ctx context.Context, u *shop.User, id int64, in *[]VariantInput) (*shop.ProductDetail, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	if _, err := s.storeProduct(ctx, st, id); err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	switch {
	case in == nil:
		fe.Add("variants", msgRequired)
	case len(*in) == 0:
		fe.Add("variants", "This list may not be empty.")
	case len(*in) > shop.MaxVariantEdits:
		fe.Add("variants", "Ensure this field has no more than "+strconv.Itoa(shop.MaxVariantEdits)+" elements.")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	changes := make([]shop.VariantChange, 0, len(*in))
	seen := map[int64]bool{}
	for i, v := range *in {
		prefix := "variants[" + strconv.Itoa(i) + "]."
		ch := shop.VariantChange{}
		if v.ID.check(fe, prefix+"id", true) {
			ch.ID = v.ID.ID
			if seen[ch.ID] {
				fe.Add(prefix+"id", "This variant is already in the list.")
			}
			seen[ch.ID] = true
		}
		if v.UnitPrice != nil {
			price := parsePrice(fe, prefix+"unit_price", v.UnitPrice)
			ch.UnitPrice = &price
		}
		if v.Inventory != nil {
			if n, ok := stockValue(fe, prefix+"inventory", *v.Inventory); ok {
				ch.Inventory = &n
			}
			if v.ExpectedInventory != nil {
				n := int(min(max(*v.ExpectedInventory, -1), maxInventory+1))
				ch.ExpectedInventory = &n
			}
		}
		if v.SKU != nil {
			sku := checkSKU(fe, prefix+"sku", *v.SKU)
			ch.SKU = &sku
		}
		ch.Active = v.Active
		if v.ImageIDs != nil {
			ids := *v.ImageIDs
			if len(ids) > maxVariantImages {
				fe.Add(prefix+"image_ids", "Ensure this field has no more than "+strconv.Itoa(maxVariantImages)+" elements.")
			}
			dup := map[int64]bool{}
			for _, id := range ids {
				if dup[id] {
					fe.Add(prefix+"image_ids", "An image may be named once.")
					break
				}
				dup[id] = true
			}
			ch.ImageIDs = &ids
		}
		changes = append(changes, ch)
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	return s.writeProduct(ctx, st, id, func() (bool, error) {
		return s.store.UpdateVariants(ctx, st.ID, id, changes, s.now())
	})
}

// maxVariantImages: a product has at most 8 images.
const maxVariantImages = 8

// SeedVariants gives a product options and sets each variant's price and
// stock from set (i is the combination's place): how the demo catalogue
// makes its variants, through the same store writes as the Seller Centre.
func (s *Service) SeedVariants(ctx context.Context, storeID, productID int64, opts []shop.ProductOption,
	set func(i int, values []string) (shop.Money, int)) error {
	in := make([]OptionInput, len(opts))
	for i := range opts {
		in[i] = OptionInput{Name: &opts[i].Name, Values: &opts[i].Values}
	}
	checked, err := checkOptions(&in)
	if err != nil {
		return err
	}
	now := s.now()
	if _, err := s.store.SetProductOptions(ctx, storeID, productID, checked, now); err != nil {
		return err
	}
	ds, err := s.store.ProductDetails(ctx, []int64{productID}, shop.DetailOptions{})
	if err != nil || len(ds) == 0 {
		return err
	}
	changes := make([]shop.VariantChange, len(ds[0].Variants))
	for i, v := range ds[0].Variants {
		price, stock := set(i, v.Options)
		changes[i] = shop.VariantChange{ID: v.ID, UnitPrice: &price, Inventory: &stock}
	}
	_, err = s.store.UpdateVariants(ctx, storeID, productID, changes, now)
	return err
}
