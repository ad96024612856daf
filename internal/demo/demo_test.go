package demo

import (
	"dwa/internal/shop"

	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const maxSVG = 30 * 1024

func load(t testing.TB) *Catalogue {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

func TestLoad(t *testing.T) {
	c := load(t)
	if len(c.Products) < 150 {
		t.Errorf("%d products, want at least 150", len(c.Products))
	}
	if len(c.Stores) < 5 {
		t.Errorf("%d stores, want at least 5", len(c.Stores))
	}
	var top []string
	for _, cat := range c.Categories {
		top = append(top, cat.Slug)
	}
	if strings.Join(top, ",") != strings.Join(TopLevelSlugs, ",") {
		t.Errorf("top-level slugs %v, want %v", top, TopLevelSlugs)
	}
	for _, cat := range c.Categories {
		if n := len(cat.Children); n < 2 || n > 5 {
			t.Errorf("%s has %d subcategories, want 2 to 5", cat.Slug, n)
		}
	}
	// Load returns independent copies.
	c2 := load(t)
	c2.Products[0].Name = "changed"
	if c.Products[0].Name == "changed" {
		t.Error("Load shares state between calls")
	}
}

func TestSpecLinksResolve(t *testing.T) {
	c := load(t)
	for _, path := range []string{
		"deals/pre-built-rigs", "deals/second-hand-deals", "mobile-phones-and-tablets",
		"computer-office-education", "jewelry-watches", "deals", "gaming/consoles/x-box",
	} {
		if c.CategoryByPath(strings.Split(path, "/")...) == nil {
			t.Errorf("category path %s does not exist", path)
		}
	}
	names := map[string]string{
		"gadgets": "Gadgets", "gaming": "Gaming", "mobile-phones-and-tablets": "Phones & Tablets",
		"computer-office-education": "Computer, Office & Education", "deals": "Deals",
		"jewelry-watches": "Jewelry & Watches",
	}
	for slug, name := range names {
		if got := c.CategoryByPath(slug); got == nil || got.Name != name {
			t.Errorf("category %s: got %+v, want name %q", slug, got, name)
		}
	}
	if got := c.CategoryByPath("deals", "pre-built-rigs"); got.Name != "Pre-Built Rigs" {
		t.Errorf("pre-built-rigs is named %q", got.Name)
	}
	if got := c.CategoryByPath("deals", "second-hand-deals"); got.Name != "Second Hand Deals" {
		t.Errorf("second-hand-deals is named %q", got.Name)
	}
}

func TestEveryLeafHasProducts(t *testing.T) {
	c := load(t)
	count := map[string]int{}
	for _, p := range c.Products {
		count[strings.Join(p.Category, "/")]++
	}
	for _, leaf := range c.LeafPaths() {
		if count[strings.Join(leaf, "/")] == 0 {
			t.Errorf("no product in %s", strings.Join(leaf, "/"))
		}
	}
	perStore := map[string]int{}
	for _, p := range c.Products {
		perStore[p.Store]++
	}
	for _, s := range c.Stores {
		if perStore[s.Key] < 3 {
			t.Errorf("store %s has %d products, want several", s.Key, perStore[s.Key])
		}
	}
}

func TestProductData(t *testing.T) {
	c := load(t)
	var expensive, outOfStock, low int
	byName := map[string]Product{}
	for _, p := range c.Products {
		byName[p.Name] = p
		if p.PricePesewas > 1_000_000 {
			expensive++
		}
		switch {
		case p.Inventory == 0:
			outOfStock++
		case p.Inventory <= 3:
			low++
		}
		if p.Images < 2 || p.Images > 4 {
			t.Errorf("%s has %d images, want 2 to 4", p.Name, p.Images)
		}
	}
	if expensive < 3 {
		t.Errorf("%d products above GH₵ 10,000, want several", expensive)
	}
	if outOfStock < 8 {
		t.Errorf("%d products out of stock, want about 10", outOfStock)
	}
	if low < 5 {
		t.Errorf("%d products with 1-3 left, want some", low)
	}
	for _, name := range []string{
		"X-Box Series X", "X-Box Series S 512GB", "iPhone 15 Pro Max", "Xbox Wireless Controller",
		"Samsung Galaxy S24 Ultra", "PlayStation 5 Slim", "Used iPhone 12 64GB – Grade A",
	} {
		if _, ok := byName[name]; !ok {
			t.Errorf("product %q is missing", name)
		}
	}
	if p := byName["X-Box Series X"]; p.Category[0] != "gaming" || p.Kind != "console" {
		t.Errorf("X-Box Series X filed as %v, kind %s", p.Category, p.Kind)
	}
	var rigs int
	for _, p := range c.Products {
		if len(p.Category) > 1 && p.Category[1] == "pre-built-rigs" {
			rigs++
			if p.PricePesewas < 1_200_000 || p.PricePesewas > 4_500_000 {
				t.Errorf("rig %s costs %d pesewas", p.Name, p.PricePesewas)
			}
		}
	}
	if rigs < 4 {
		t.Errorf("%d pre-built rigs", rigs)
	}
}

func TestHeroAndAccounts(t *testing.T) {
	c := load(t)
	want := []HeroSlide{
		{"Computers & Accessories", "Everything you need in one place", "/hero_images/computers.svg", "/category/computer-office-education"},
		{"Online Shopping Made Easy!", "Comfort and style at great prices", "/hero_images/online-shopping.svg", "/products"},
		{"Best Deals", "Build Your Own Rig With Us. Don't Miss Out!", "/hero_images/best-deals.svg", "/category/deals"},
		{"Jewelry & Watches", "Find what makes you glow!", "/hero_images/jewelry-watches.svg", "/category/jewelry-watches"},
	}
	if len(c.Hero) != len(want) {
		t.Fatalf("%d hero slides, want %d", len(c.Hero), len(want))
	}
	for i := range want {
		if c.Hero[i] != want[i] {
			t.Errorf("hero %d = %+v, want %+v", i, c.Hero[i], want[i])
		}
	}
	accounts := map[string]Account{}
	for _, a := range c.Accounts {
		accounts[a.Username] = a
	}
	if a := accounts["ama"]; a.Email != "ama@demo.dwa.shop" || a.Password != "akwaaba-shopper-2026" || a.Staff || a.Store != "" {
		t.Errorf("shopper account: %+v", a)
	}
	if a := accounts["staff"]; a.Email != "staff@demo.dwa.shop" || a.Password != "akwaaba-staff-2026" || !a.Staff {
		t.Errorf("staff account: %+v", a)
	}
	for _, s := range c.Stores {
		if accounts[s.Owner].Store != s.Key {
			t.Errorf("store %s has no owner account", s.Key)
		}
		if !strings.Contains(s.ContactInfo, "+233") {
			t.Errorf("store %s contact %q is not a Ghanaian number", s.Key, s.ContactInfo)
		}
	}
}

func TestValidateCatchesProblems(t *testing.T) {
	tests := []struct {
		name   string
		breakf func(c *Catalogue)
		want   string
	}{
		{"duplicate slug", func(c *Catalogue) { c.Products[1].Name, c.Products[1].Slug = c.Products[0].Name, c.Products[0].Slug }, "used twice"},
		{"unknown category", func(c *Catalogue) { c.Products[0].Category = []string{"gaming", "nope"} }, "does not exist"},
		{"unknown store", func(c *Catalogue) { c.Products[0].Store = "nowhere" }, "unknown store"},
		{"zero price", func(c *Catalogue) { c.Products[0].PricePesewas = 0 }, "price"},
		{"negative stock", func(c *Catalogue) { c.Products[0].Inventory = -1 }, "inventory"},
		{"bad html", func(c *Catalogue) { c.Products[0].Description = `<p onclick="x">hi</p>` }, "not allowed"},
		{"weak password", func(c *Catalogue) { c.Accounts[0].Password = "12345678" }, "numeric"},
		{"password like username", func(c *Catalogue) { c.Accounts[2].Password = c.Accounts[2].Username + "1" }, "similar"},
		{"orphan store", func(c *Catalogue) { c.Stores[0].Owner = "ghost" }, "no account"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := load(t)
			tt.breakf(c)
			err := c.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v, want an error mentioning %q", err, tt.want)
			}
		})
	}
}

func TestProductSlug(t *testing.T) {
	for in, want := range map[string]string{
		"X-Box Series X":                           "x-box-series-x",
		"Used iPhone 12 64GB – Grade A":            "used-iphone-12-64gb-grade-a",
		"Men's Gold Signet Ring":                   "mens-gold-signet-ring",
		"Samsung Galaxy S24+ 256GB":                "samsung-galaxy-s24-plus-256gb",
		"Jewelry & Watches":                        "jewelry-and-watches",
		`Samsung 27" Essential S3`:                 "samsung-27-essential-s3",
		"Café Ɛbɔ Nkyɛn":                           "cafe-ebo-nkyen",
		"  --  ":                                   "product",
		"Insta360 X4 360° Action Camera":           "insta360-x4-360-action-camera",
		"Tecno Camon 20 Pro 256GB – Serenity Blue": "tecno-camon-20-pro-256gb-serenity-blue",
	} {
		if got := shop.ProductSlug(in); got != want {
			t.Errorf("shop.ProductSlug(%q) = %q, want %q", in, got, want)
		}
	}
	long := shop.ProductSlug(strings.Repeat("Very Long Product Name ", 10))
	if len(long) > 90 || strings.HasSuffix(long, "-") {
		t.Errorf("long slug %q", long)
	}
}

func TestURLs(t *testing.T) {
	if got := ProductImageURL("x-box-series-x", 2); got != "/media/demo/products/x-box-series-x-2.svg" {
		t.Errorf("ProductImageURL = %s", got)
	}
	if got := CategoryImageURL("gaming"); got != "/media/demo/categories/gaming.svg" {
		t.Errorf("CategoryImageURL = %s", got)
	}
	if got := StoreLogoURL("accra-game-hub"); got != "/media/demo/stores/accra-game-hub.svg" {
		t.Errorf("StoreLogoURL = %s", got)
	}
	if got := SyntheticImageURL("phone"); got != "/media/demo/synthetic/phone.svg" {
		t.Errorf("SyntheticImageURL = %s", got)
	}
	if got := SyntheticImageURL("spaceship"); got != "/media/demo/synthetic/box.svg" {
		t.Errorf("SyntheticImageURL(unknown) = %s", got)
	}
	p := Product{Name: "X-Box Series X", Images: 3}
	if urls := p.ImageURLs(); len(urls) != 3 || urls[2] != "/media/demo/products/x-box-series-x-3.svg" {
		t.Errorf("ImageURLs = %v", urls)
	}
}

// checkSVG parses data as XML and checks the root element's size attributes.
func checkSVG(t *testing.T, name string, data []byte, w, h string) {
	t.Helper()
	if len(data) >= maxSVG {
		t.Errorf("%s is %d bytes, want < %d", name, len(data), maxSVG)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := true
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Errorf("%s: invalid XML: %v", name, err)
			return
		}
		if se, ok := tok.(xml.StartElement); ok && root {
			root = false
			attrs := map[string]string{}
			for _, a := range se.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if se.Name.Local != "svg" || attrs["width"] != w || attrs["height"] != h || attrs["viewBox"] != "0 0 "+w+" "+h {
				t.Errorf("%s: root <%s> %v, want svg %sx%s with viewBox", name, se.Name.Local, attrs, w, h)
			}
		}
	}
}

func TestArtwork(t *testing.T) {
	c := load(t)
	largest := 0
	for _, p := range c.Products {
		var first []byte
		for n := 1; n <= p.Images; n++ {
			data := ProductSVG(p, n)
			largest = max(largest, len(data))
			checkSVG(t, p.Slug, data, "800", "800")
			if n == 1 {
				first = data
			} else if bytes.Equal(first, data) {
				t.Errorf("%s: image %d equals image 1", p.Slug, n)
			}
		}
		if !bytes.Equal(first, ProductSVG(p, 1)) {
			t.Errorf("%s: ProductSVG is not deterministic", p.Slug)
		}
	}
	for _, cat := range c.AllCategories() {
		data := CategorySVG(cat)
		largest = max(largest, len(data))
		checkSVG(t, cat.Slug, data, "600", "400")
	}
	for _, s := range c.Stores {
		data := StoreLogoSVG(s)
		largest = max(largest, len(data))
		checkSVG(t, s.Key, data, "256", "256")
	}
	for _, k := range Kinds {
		data := KindSVG(k)
		largest = max(largest, len(data))
		checkSVG(t, k, data, "800", "800")
	}
	t.Logf("largest generated SVG: %d bytes", largest)
}

func TestWriteImages(t *testing.T) {
	c := load(t)
	root := t.TempDir()
	if err := WriteImages(root, c); err != nil {
		t.Fatal(err)
	}
	// root plays the served media directory: URLs are /media/<path in root>.
	exists := func(url string) {
		t.Helper()
		rel := strings.TrimPrefix(url, "/media/")
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			t.Errorf("%s: %v", url, err)
		}
	}
	for _, p := range c.Products {
		for _, u := range p.ImageURLs() {
			exists(u)
		}
	}
	for _, cat := range c.AllCategories() {
		exists(CategoryImageURL(cat.Slug))
	}
	for _, s := range c.Stores {
		exists(StoreLogoURL(s.Key))
	}
	for _, k := range Kinds {
		exists(SyntheticImageURL(k))
	}
}

func TestKinds(t *testing.T) {
	for _, k := range Kinds {
		if !isKind(k) {
			t.Errorf("kind %s has no drawer", k)
		}
	}
	if len(drawers) != len(Kinds) {
		t.Errorf("%d drawers for %d kinds", len(drawers), len(Kinds))
	}
	for _, tt := range []struct {
		p    Product
		want string
	}{
		{Product{Name: "Xbox Wireless Controller", Category: []string{"gaming", "consoles", "x-box"}}, "controller"},
		{Product{Name: "X-Box Series X", Category: []string{"gaming", "consoles", "x-box"}}, "console"},
		{Product{Name: "Anything", Category: []string{"unknown"}}, "box"},
		{Product{Name: "Galaxy Watch", Category: []string{"unknown"}}, "smartwatch"},
		{Product{Name: "Spigen Case for iPhone", Category: []string{"mobile-phones-and-tablets", "smartphones", "iphone"}}, "case"},
	} {
		if got := KindOf(tt.p); got != tt.want {
			t.Errorf("KindOf(%q) = %s, want %s", tt.p.Name, got, tt.want)
		}
	}
}

// BenchmarkSynthetic holds synthetic catalogue generation to its budget,
// 100,000 products in under 10 s (`make bench` runs it once): a wall-clock
// budget belongs here, not in a unit test that shares the machine.
func BenchmarkSynthetic(b *testing.B) {
	c := load(b)
	leaves, stores := c.LeafPaths(), c.StoreKeys()
	const n, budget = 100_000, 10 * time.Second
	for b.Loop() {
		if err := Synthetic(42, n, leaves, stores, func(Product) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	perRun := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(n)/perRun.Seconds(), "products/s")
	if perRun > budget {
		b.Errorf("Synthetic(%d) took %v; budget %v", n, perRun, budget)
	}
}

func TestSynthetic(t *testing.T) {
	c := load(t)
	leaves, stores := c.LeafPaths(), c.StoreKeys()
	const n = 100_000
	slugs := make(map[string]bool, n)
	kinds := map[string]bool{}
	var first []Product
	err := Synthetic(42, n, leaves, stores, func(p Product) error {
		if slugs[p.Slug] {
			t.Fatalf("duplicate synthetic slug %s", p.Slug)
		}
		slugs[p.Slug] = true
		kinds[p.Kind] = true
		if len(first) < 200 {
			first = append(first, p)
		}
		if p.PricePesewas <= 0 || p.Inventory < 0 || p.Name == "" || !p.Synthetic {
			t.Fatalf("bad synthetic product %+v", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(slugs) != n {
		t.Fatalf("got %d products, want %d", len(slugs), n)
	}
	t.Logf("Synthetic(%d): %d kinds", n, len(kinds))

	// Synthetic products pass the same checks as the catalogue's, except
	// the slug suffix and the single shared image.
	check := &Catalogue{Categories: c.Categories, Stores: c.Stores, Accounts: c.Accounts, Hero: c.Hero}
	for _, p := range first {
		p.Slug = shop.ProductSlug(p.Name)
		p.Images = 2
		check.Products = []Product{p}
		if err := check.Validate(); err != nil {
			t.Errorf("synthetic %q: %v", p.Name, err)
		}
		if urls := p.ImageURLs(); len(urls) != 1 || !strings.HasPrefix(urls[0], "/media/demo/synthetic/") {
			t.Errorf("synthetic image URLs %v", urls)
		}
	}

	// Same seed, same products; another seed, other products.
	var again, other []Product
	Synthetic(42, 200, leaves, stores, func(p Product) error { again = append(again, p); return nil })
	Synthetic(43, 200, leaves, stores, func(p Product) error { other = append(other, p); return nil })
	same := 0
	for i := range first {
		if first[i].Name != again[i].Name || first[i].PricePesewas != again[i].PricePesewas || first[i].Description != again[i].Description {
			t.Fatalf("product %d differs between runs with the same seed", i)
		}
		if first[i].Name == other[i].Name {
			same++
		}
	}
	if same > 20 {
		t.Errorf("seeds 42 and 43 agree on %d of 200 names", same)
	}

	// yield's error stops the run.
	stop := errors.New("stop")
	calls := 0
	if err := Synthetic(1, 10, leaves, stores, func(Product) error { calls++; return stop }); !errors.Is(err, stop) || calls != 1 {
		t.Errorf("Synthetic did not stop: err %v after %d calls", err, calls)
	}
	if err := Synthetic(1, 10, nil, stores, func(Product) error { return nil }); err == nil {
		t.Error("Synthetic without categories should fail")
	}
	// Unknown categories still give something sensible.
	Synthetic(7, 5, [][]string{{"garden", "tools"}}, []string{"s"}, func(p Product) error {
		if p.Kind != "box" {
			t.Errorf("unknown category gave kind %s", p.Kind)
		}
		return nil
	})
}

func TestHeroImages(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "public", "hero_images")
	if os.Getenv("DWA_UPDATE_HERO") == "1" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, name := range heroImages {
			if err := os.WriteFile(filepath.Join(dir, name+".svg"), heroSVG(name), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	c := load(t)
	for _, h := range c.Hero {
		name := strings.TrimPrefix(h.Image, "/hero_images/")
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("hero image %s: %v", h.Image, err)
			continue
		}
		checkSVG(t, name, data, "1600", "600")
	}
}
