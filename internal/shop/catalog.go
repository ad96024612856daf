package shop

import "time"

// Category is one node of the three-level department tree.
type Category struct {
	ID       int64
	ParentID int64 // 0 for a top-level category
	Level    int   // 1 (department) to 3
	Name     string
	Slug     string
	Position int
	Active   bool
	Images   []Image
	Children []*Category // active children by position, name
}

// Image is a stored image URL (absolute http(s) or root-relative).
type Image struct {
	ID  int64
	URL string
}

// MaxCategoryDepth is the depth of the department tree.
const MaxCategoryDepth = 3

// BuildCategoryTree links flat category rows (already ordered by position,
// name, id) into trees and returns the active roots. A child whose ancestor is
// inactive is unreachable, exactly as if it were inactive itself.
func BuildCategoryTree(rows []*Category) []*Category {
	byID := make(map[int64]*Category, len(rows))
	for _, c := range rows {
		c.Children = nil
		byID[c.ID] = c
	}
	var roots []*Category
	for _, c := range rows {
		if !c.Active {
			continue
		}
		if c.ParentID == 0 {
			roots = append(roots, c)
			continue
		}
		if p, ok := byID[c.ParentID]; ok && p.Active {
			p.Children = append(p.Children, c)
		}
	}
	return roots
}

// FindCategory returns the node with the given id reachable from roots.
func FindCategory(roots []*Category, id int64) *Category {
	for _, c := range roots {
		if c.ID == id {
			return c
		}
		if f := FindCategory(c.Children, id); f != nil {
			return f
		}
	}
	return nil
}

// HeroSlide is one slide of the home page carousel.
type HeroSlide struct {
	ID          int64
	Title       string
	Description string
	Image       string
	Link        string
	Position    int
	Active      bool
}

// Store is a seller's shop inside the mall.
type Store struct {
	ID          int64
	OwnerID     int64
	Name        string
	Logo        string
	Description string
	ContactInfo string
	Address     string
	Active      bool
	CreatedAt   time.Time
	// AcceptsCOD: the store opted in to pay on delivery.
	AcceptsCOD bool
	Delivery   StoreDelivery
}

// StoreOverview is a store as staff see it: with its owner's username and
// how many products it has in any state.
type StoreOverview struct {
	Store
	OwnerUsername string
	Products      int
}

// Product is a listing as stored.
type Product struct {
	ID               int64
	StoreID          int64 // 0 when the product has no store
	CategoryID       int64 // level 1, 0 when none
	SubcategoryID    int64 // level 2, 0 when none
	SubSubcategoryID int64 // level 3, 0 when none
	Name             string
	Slug             string
	Description      string // sanitised HTML
	Specification    string // sanitised HTML
	UnitPrice        Money
	// WasPrice is the price before a deal, above UnitPrice; 0 when none.
	WasPrice  Money
	Brand     string // "" when none
	SKU       string // the seller's code, "" when none
	UnitsSold int64  // units in paid orders
	Inventory int
	Active    bool
	Images    []string
	// ImageIDs are the ids of Images' rows, when read from the store.
	ImageIDs  []int64
	CreatedAt time.Time
}
