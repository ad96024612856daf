// Package demo holds Dwa's hand-written Ghanaian demo catalogue (categories,
// stores, products, hero slides and demo accounts), the generated artwork that
// goes with it, and a fast generator of synthetic products for load tests.
//
// The package uses the standard library only and imports nothing internal, so
// the seeding code can map it onto whatever entities the store layer uses.
//
// Image URLs are root-relative paths under /media/demo/; WriteImages writes the
// matching files under <root>/demo/, where root is the directory the server
// serves at /media/.
package demo

import (
	"dwa/internal/shop"

	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

//go:embed catalogue.json
var catalogueJSON []byte

// Catalogue is the whole demo data set.
type Catalogue struct {
	Categories []Category  `json:"categories"`
	Stores     []Store     `json:"stores"`
	Products   []Product   `json:"products"`
	Hero       []HeroSlide `json:"hero"`
	Accounts   []Account   `json:"accounts"`
}

// Category is a node of the category tree (at most three levels deep). Its
// image URL is CategoryImageURL(Slug).
type Category struct {
	Name     string     `json:"name"`
	Slug     string     `json:"slug"`
	Children []Category `json:"children,omitempty"`
}

// Store is a seller. Owner is the username of the owning account; the logo URL
// is StoreLogoURL(Key).
type Store struct {
	Key         string `json:"key"`
	Name        string `json:"name"`
	Description string `json:"description"`
	ContactInfo string `json:"contact_info"`
	Address     string `json:"address"`
	Owner       string `json:"owner"`
}

// Product is one listing. Category is the slug path from the root (1 to 3
// slugs). Description and Specification are HTML. Images is how many gallery
// images are drawn for it (see ImageURLs).
type Product struct {
	Name          string   `json:"name"`
	Slug          string   `json:"slug,omitempty"` // set by Load and Synthetic; derived from Name when empty
	Store         string   `json:"store"`          // store key
	Brand         string   `json:"brand,omitempty"`
	Category      []string `json:"category"`
	Description   string   `json:"description"`
	Specification string   `json:"specification"`
	PricePesewas  int64    `json:"price_pesewas"`
	// WasPricePesewas is the price before a deal, 0 for none.
	WasPricePesewas int64 `json:"was_price_pesewas,omitempty"`
	Inventory       int   `json:"inventory"`
	Images          int   `json:"images"`
	// Kind is the illustration kind ("phone", "console", …). Load fills it
	// in from the name and category when the JSON leaves it empty.
	Kind string `json:"kind,omitempty"`
	// Synthetic marks products made by Synthetic: they share one image per
	// kind (SyntheticImageURL) instead of having their own gallery.
	Synthetic bool `json:"-"`
	// Options give the product variants (decision 0029): one per
	// combination, priced PricePesewas plus its values' extras, with the
	// stock VariantStock gives it.
	Options []Option `json:"options,omitempty"`
}

// Option is a demo product's option, its values with what each adds to
// the price.
type Option struct {
	Name   string        `json:"name"`
	Values []OptionValue `json:"values"`
}

// OptionValue is one value of an Option.
type OptionValue struct {
	Value        string `json:"value"`
	ExtraPesewas int64  `json:"extra_pesewas,omitempty"`
}

// VariantStock is the demo stock of a product's i-th combination: a few
// units, some sold out, so the storefront shows both.
func VariantStock(i int) int { return (i*5 + 3) % 7 }

// HeroSlide is one slide of the home page carousel.
type HeroSlide struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image"`
	Link        string `json:"link"`
}

// Account is a demo user. Store is the key of the store the user owns, or "".
type Account struct {
	Username string `json:"username"`
	Email    string `json:"email"`
	Password string `json:"password"`
	Staff    bool   `json:"staff"`
	Store    string `json:"store"`
}

// TopLevelSlugs are the root categories other parts of Dwa link to directly.
var TopLevelSlugs = []string{
	"gadgets",
	"gaming",
	"mobile-phones-and-tablets",
	"computer-office-education",
	"deals",
	"jewelry-watches",
}

// MediaPrefix is the URL prefix of every demo image.
const MediaPrefix = "/media/demo/"

// ProductImageURL is the URL of gallery image n (1-based) of the product with
// the given slug.
func ProductImageURL(slug string, n int) string {
	return MediaPrefix + "products/" + slug + "-" + strconv.Itoa(n) + ".svg"
}

// CategoryImageURL is the URL of the category's card image.
func CategoryImageURL(slug string) string {
	return MediaPrefix + "categories/" + slug + ".svg"
}

// StoreLogoURL is the URL of the store's logo.
func StoreLogoURL(key string) string {
	return MediaPrefix + "stores/" + key + ".svg"
}

// SyntheticImageURL is the URL of the shared image for synthetic products of
// the given kind.
func SyntheticImageURL(kind string) string {
	if !isKind(kind) {
		kind = "box"
	}
	return MediaPrefix + "synthetic/" + kind + ".svg"
}

// ImageURLs lists the product's image URLs, first image first.
func (p Product) ImageURLs() []string {
	if p.Synthetic {
		return []string{SyntheticImageURL(KindOf(p))}
	}
	slug := p.Slug
	if slug == "" {
		slug = shop.ProductSlug(p.Name)
	}
	n := max(p.Images, 1)
	urls := make([]string, n)
	for i := range urls {
		urls[i] = ProductImageURL(slug, i+1)
	}
	return urls
}

// Load parses the embedded catalogue and validates it. Product slugs and kinds
// are filled in. Each call returns a fresh copy.
func Load() (*Catalogue, error) {
	var c Catalogue
	if err := json.Unmarshal(catalogueJSON, &c); err != nil {
		return nil, fmt.Errorf("demo: parse catalogue.json: %w", err)
	}
	for i := range c.Products {
		p := &c.Products[i]
		if p.Slug == "" {
			p.Slug = shop.ProductSlug(p.Name)
		}
		if p.Kind == "" {
			p.Kind = KindOf(*p)
		}
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// PublishedPassword reports whether pw is, up to case and surrounding
// spaces, the password of a demo account: those are in Dwa's public source,
// so anyone can sign in with them.
func PublishedPassword(pw string) bool {
	pw = strings.TrimSpace(pw)
	for _, known := range publishedPasswords() {
		if strings.EqualFold(pw, known) {
			return true
		}
	}
	return false
}

var publishedPasswords = sync.OnceValue(func() []string {
	var c struct {
		Accounts []Account `json:"accounts"`
	}
	// The embedded catalogue is checked by the tests; it cannot fail to parse.
	_ = json.Unmarshal(catalogueJSON, &c)
	out := make([]string, len(c.Accounts))
	for i, a := range c.Accounts {
		out[i] = a.Password
	}
	return out
})

// Validate checks the catalogue's integrity and reports every problem found.
func (c *Catalogue) Validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("demo: "+format, args...))
	}

	// Categories: globally unique slugs, at most three levels, names set.
	slugs := map[string]bool{}
	var walk func(cs []Category, depth int, parent string)
	walk = func(cs []Category, depth int, parent string) {
		for _, cat := range cs {
			if depth > 3 {
				bad("category %q is deeper than three levels", cat.Slug)
			}
			if strings.TrimSpace(cat.Name) == "" {
				bad("category %q under %q has no name", cat.Slug, parent)
			}
			if !validSlug(cat.Slug) {
				bad("category %q has an invalid slug", cat.Slug)
			}
			if slugs[cat.Slug] {
				bad("category slug %q is used twice", cat.Slug)
			}
			slugs[cat.Slug] = true
			walk(cat.Children, depth+1, cat.Slug)
		}
	}
	walk(c.Categories, 1, "")
	for _, s := range TopLevelSlugs {
		if c.CategoryByPath(s) == nil {
			bad("top-level category %q is missing", s)
		}
	}

	// Accounts.
	users := map[string]*Account{}
	emails := map[string]bool{}
	for i := range c.Accounts {
		a := &c.Accounts[i]
		u := strings.ToLower(a.Username)
		if !validUsername(a.Username) {
			bad("account %q has an invalid username", a.Username)
		}
		if users[u] != nil {
			bad("username %q is used twice", a.Username)
		}
		users[u] = a
		e := strings.ToLower(a.Email)
		if at := strings.IndexByte(e, '@'); at < 1 || at == len(e)-1 || strings.ContainsAny(e, " \t") {
			bad("account %q has an invalid e-mail %q", a.Username, a.Email)
		}
		if emails[e] {
			bad("e-mail %q is used twice", a.Email)
		}
		emails[e] = true
		if msg := passwordProblem(a.Password, a.Username, a.Email); msg != "" {
			bad("account %q: %s", a.Username, msg)
		}
	}

	// Stores: unique keys, owner account exists and points back.
	stores := map[string]bool{}
	for _, s := range c.Stores {
		if !validSlug(s.Key) {
			bad("store %q has an invalid key", s.Key)
		}
		if stores[s.Key] {
			bad("store key %q is used twice", s.Key)
		}
		stores[s.Key] = true
		if strings.TrimSpace(s.Name) == "" || strings.TrimSpace(s.Description) == "" ||
			strings.TrimSpace(s.ContactInfo) == "" || strings.TrimSpace(s.Address) == "" {
			bad("store %q lacks a name, description, contact info or address", s.Key)
		}
		owner := users[strings.ToLower(s.Owner)]
		switch {
		case owner == nil:
			bad("store %q: owner %q has no account", s.Key, s.Owner)
		case owner.Store != s.Key:
			bad("store %q: owner %q's account points at store %q", s.Key, s.Owner, owner.Store)
		}
	}
	owned := map[string]string{}
	for _, a := range c.Accounts {
		if a.Store == "" {
			continue
		}
		if !stores[a.Store] {
			bad("account %q owns unknown store %q", a.Username, a.Store)
		}
		if prev, ok := owned[a.Store]; ok {
			bad("store %q is owned by both %q and %q", a.Store, prev, a.Username)
		}
		owned[a.Store] = a.Username
	}

	// Products.
	pslugs := map[string]bool{}
	for _, p := range c.Products {
		if strings.TrimSpace(p.Name) == "" {
			bad("a product has no name")
			continue
		}
		if p.Slug != shop.ProductSlug(p.Name) || !validSlug(p.Slug) {
			bad("product %q has slug %q, want %q", p.Name, p.Slug, shop.ProductSlug(p.Name))
		}
		if pslugs[p.Slug] {
			bad("product slug %q is used twice", p.Slug)
		}
		pslugs[p.Slug] = true
		if !stores[p.Store] {
			bad("product %q: unknown store %q", p.Name, p.Store)
		}
		if len(p.Category) < 1 || len(p.Category) > 3 {
			bad("product %q: category path must have 1 to 3 slugs", p.Name)
		} else if c.CategoryByPath(p.Category...) == nil {
			bad("product %q: category path %v does not exist", p.Name, p.Category)
		}
		if p.PricePesewas <= 0 {
			bad("product %q: price must be positive", p.Name)
		}
		if p.WasPricePesewas != 0 && p.WasPricePesewas <= p.PricePesewas {
			bad("product %q: the price before the deal must be above the price", p.Name)
		}
		if p.Inventory < 0 {
			bad("product %q: negative inventory", p.Name)
		}
		if p.Images < 1 || p.Images > 4 {
			bad("product %q: images must be 1 to 4", p.Name)
		}
		if !isKind(p.Kind) {
			bad("product %q: unknown kind %q", p.Name, p.Kind)
		}
		if err := checkHTML(p.Description, descriptionTags); err != nil || strings.TrimSpace(p.Description) == "" {
			bad("product %q: description: %v", p.Name, orEmpty(err))
		}
		if err := checkHTML(p.Specification, specificationTags); err != nil || !strings.HasPrefix(p.Specification, "<table>") {
			bad("product %q: specification: %v", p.Name, orEmpty(err))
		}
	}

	// Hero slides.
	if len(c.Hero) == 0 {
		bad("no hero slides")
	}
	for _, h := range c.Hero {
		if h.Title == "" || h.Description == "" {
			bad("hero slide %q lacks a title or description", h.Title)
		}
		if !strings.HasPrefix(h.Link, "/") || !strings.HasPrefix(h.Image, "/hero_images/") {
			bad("hero slide %q: link and image must be root-relative", h.Title)
		}
	}
	return errors.Join(errs...)
}

func orEmpty(err error) error {
	if err == nil {
		return errors.New("empty or malformed")
	}
	return err
}

// CategoryByPath finds the category reached by following slugs from the root,
// or nil.
func (c *Catalogue) CategoryByPath(path ...string) *Category {
	level := c.Categories
	var found *Category
	for _, slug := range path {
		found = nil
		for i := range level {
			if level[i].Slug == slug {
				found = &level[i]
				break
			}
		}
		if found == nil {
			return nil
		}
		level = found.Children
	}
	return found
}

// LeafPaths lists the slug path of every category without children, in tree
// order.
func (c *Catalogue) LeafPaths() [][]string {
	var out [][]string
	var walk func(cs []Category, prefix []string)
	walk = func(cs []Category, prefix []string) {
		for _, cat := range cs {
			path := append(append([]string(nil), prefix...), cat.Slug)
			if len(cat.Children) == 0 {
				out = append(out, path)
				continue
			}
			walk(cat.Children, path)
		}
	}
	walk(c.Categories, nil)
	return out
}

// AllCategories lists every category of the tree, parents before children.
func (c *Catalogue) AllCategories() []Category {
	var out []Category
	var walk func(cs []Category)
	walk = func(cs []Category) {
		for _, cat := range cs {
			out = append(out, cat)
			walk(cat.Children)
		}
	}
	walk(c.Categories)
	return out
}

// StoreKeys lists the store keys in catalogue order.
func (c *Catalogue) StoreKeys() []string {
	keys := make([]string, len(c.Stores))
	for i, s := range c.Stores {
		keys[i] = s.Key
	}
	return keys
}

func validSlug(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func validUsername(s string) bool {
	if s == "" || len(s) > 150 {
		return false
	}
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("@.+-_", r)) {
			return false
		}
	}
	return true
}

// passwordProblem applies the registration rules of the API contract to a
// demo password, so every demo account can also be created through the API:
// at least 8 characters, not entirely numeric, and not similar (quick ratio ≥
// 0.7) to the username, the e-mail address or their parts.
func passwordProblem(password, username, email string) string {
	if len(password) < 8 {
		return "password is shorter than 8 characters"
	}
	if strings.IndexFunc(password, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return "password is entirely numeric"
	}
	pw := strings.ToLower(password)
	for _, attr := range []string{username, email, email[:max(strings.IndexByte(email, '@'), 0)]} {
		attr = strings.ToLower(attr)
		parts := strings.FieldsFunc(attr, func(r rune) bool { return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') })
		for _, part := range append(parts, attr) {
			if part != "" && quickRatio(pw, part) >= 0.7 {
				return fmt.Sprintf("password is too similar to %q", part)
			}
		}
	}
	return ""
}

// quickRatio is the upper bound on similarity used by the password
// validator: twice the size of the multiset intersection of characters over
// the total length.
func quickRatio(a, b string) float64 {
	counts := map[rune]int{}
	for _, r := range b {
		counts[r]++
	}
	matches := 0
	for _, r := range a {
		if counts[r] > 0 {
			counts[r]--
			matches++
		}
	}
	total := len([]rune(a)) + len([]rune(b))
	if total == 0 {
		return 1
	}
	return 2 * float64(matches) / float64(total)
}

var (
	descriptionTags   = map[string]bool{"p": true, "ul": true, "li": true, "strong": true, "em": true}
	specificationTags = map[string]bool{"table": true, "tbody": true, "tr": true, "th": true, "td": true, "strong": true, "em": true}
)

// checkHTML verifies that s uses only the allowed tags, without attributes,
// properly nested.
func checkHTML(s string, allowed map[string]bool) error {
	var stack []string
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			if strings.ContainsRune(s, '>') {
				return errors.New("stray '>'")
			}
			break
		}
		if strings.ContainsRune(s[:i], '>') {
			return errors.New("stray '>'")
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			return errors.New("unterminated tag")
		}
		tag := s[i+1 : i+j]
		s = s[i+j+1:]
		closing := strings.HasPrefix(tag, "/")
		name := strings.TrimPrefix(tag, "/")
		if !allowed[name] {
			return fmt.Errorf("tag <%s> not allowed", tag)
		}
		if closing {
			if len(stack) == 0 || stack[len(stack)-1] != name {
				return fmt.Errorf("unbalanced </%s>", name)
			}
			stack = stack[:len(stack)-1]
		} else {
			stack = append(stack, name)
		}
	}
	if len(stack) > 0 {
		return fmt.Errorf("unclosed <%s>", stack[len(stack)-1])
	}
	return nil
}
