package shop

import "strconv"

// Validated edits of rows that people change through forms while other
// writes run: nil fields stay as they are, so a write touches only the
// columns a request changed and never puts back a value it read earlier
// (issue 16: a price edit undid the orders placed meanwhile).

// ProductChange is a validated edit of a product: nil fields stay as they
// are, so a write touches only the columns a request changed. Categories
// holds the three levels, set together.
type ProductChange struct {
	Name       *string
	Categories *[MaxCategoryDepth]int64
	UnitPrice  *Money
	// WasPrice sets the price before a deal; 0 removes the deal.
	WasPrice                   *Money
	Brand                      *string
	Inventory                  *int
	Description, Specification *string
	Active                     *bool
	// SKU sets the seller's code, "" for none (unique per store, any case).
	SKU *string
	// ExpectedInventory, with Inventory, makes the stock edit conditional:
	// it applies only while the stock is still the one the seller saw.
	ExpectedInventory *int
}

// Empty reports whether the change writes nothing.
func (c ProductChange) Empty() bool {
	return c.Name == nil && c.Categories == nil && c.UnitPrice == nil && c.WasPrice == nil && c.Brand == nil && c.Inventory == nil &&
		c.Description == nil && c.Specification == nil && c.Active == nil && c.SKU == nil
}

// Apply sets the change's fields on p (a new product before it is stored).
func (c ProductChange) Apply(p *Product) {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&p.Name, c.Name)
	set(&p.Description, c.Description)
	set(&p.Specification, c.Specification)
	set(&p.Brand, c.Brand)
	set(&p.SKU, c.SKU)
	if c.WasPrice != nil {
		p.WasPrice = *c.WasPrice
	}
	if c.Categories != nil {
		p.CategoryID, p.SubcategoryID, p.SubSubcategoryID = c.Categories[0], c.Categories[1], c.Categories[2]
	}
	if c.UnitPrice != nil {
		p.UnitPrice = *c.UnitPrice
	}
	if c.Inventory != nil {
		p.Inventory = *c.Inventory
	}
	if c.Active != nil {
		p.Active = *c.Active
	}
}

// CheckDeal refuses a price before the deal (was, 0 = none) that is not
// above the price.
func CheckDeal(price, was Money) error {
	if was != 0 && was <= price {
		return Invalid(FieldErrors{"was_price": {"The price before the deal must be higher than the price."}})
	}
	return nil
}

// Searchable reports whether the change rewrites the product's search
// document (its name, description and category names are in it).
func (c ProductChange) Searchable() bool {
	return c.Name != nil || c.Categories != nil || c.Description != nil
}

// StockChanged refuses a stock edit made against a stock that orders (or
// another edit) have changed since the seller saw it; now is the stock.
func StockChanged(now int) *Error {
	return Conflict("stock_changed", "Stock changed to "+strconv.Itoa(now)+
		" since you opened this product: check it and save again.")
}

// StoreChange is a validated edit of a store's profile. The logo has its
// own write (Store.SetStoreLogo).
type StoreChange struct {
	Name, Description, ContactInfo, Address *string
	AcceptsCOD                              *bool
	// Delivery replaces all of the store's delivery settings.
	Delivery *StoreDelivery
}

// CategoryChange is a validated edit of a category.
type CategoryChange struct {
	Name     *string
	Position *int
	Active   *bool
}

// HeroChange is a validated edit of a home page slide. The image has its
// own write (Store.SetHeroImage).
type HeroChange struct {
	Title, Description, Link *string
	Position                 *int
	Active                   *bool
}

// ErrHeroNeedsImage refuses to show a slide that has no image.
var ErrHeroNeedsImage = Invalid(map[string][]string{"is_active": {"Upload an image before showing the slide."}})
