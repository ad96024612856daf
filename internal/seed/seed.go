// Package seed fills a shop with the demo catalogue (first start, `dwa
// seed`) or with synthetic products for load tests, through the service
// layer so that every rule that applies to real data applies to seed data.
package seed

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"dwa/internal/demo"
	"dwa/internal/service"
	"dwa/internal/shop"
)

// Passwords says which passwords the demo accounts get.
type Passwords struct {
	// Published keeps the catalogue's passwords, which are in Dwa's public
	// source (development: a newcomer signs in straight away). Without it
	// every account gets a random password that is shown nowhere, and the
	// staff account is created only when Staff is set.
	Published bool
	// Staff replaces the staff account's password.
	Staff string
}

// of returns the password for acc (unknown, when nobody is to sign in with
// it); false when the account is not created.
func (p Passwords) of(acc demo.Account, unknown string) (string, bool) {
	switch {
	case acc.Staff && p.Staff != "":
		return p.Staff, true
	case p.Published:
		return acc.Password, true
	case acc.Staff:
		return "", false
	}
	return unknown, true
}

// unknownPassword is 192 random bits: the account exists (it owns a demo
// store) but nobody can sign in with it.
func unknownPassword() (string, error) {
	raw := make([]byte, 24)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

// DemoIfEmpty loads the demo catalogue when the shop has no categories
// and no products, and reports whether it did. A failure part-way wipes what
// was written, so the next start tries again on an empty database; one
// gathering the statistics afterwards (AfterBulkLoad) keeps the catalogue.
func DemoIfEmpty(ctx context.Context, svc *service.Service, mediaDir string, pws Passwords, out io.Writer) (bool, error) {
	empty, err := svc.CatalogueEmpty(ctx)
	if err != nil || !empty {
		return false, err
	}
	cat, err := demo.Load()
	if err != nil {
		return false, err
	}
	start := time.Now()
	orders, err := demoCatalogue(shop.BulkWrites(ctx), svc, mediaDir, cat, pws)
	if err != nil {
		if rerr := svc.ResetData(context.WithoutCancel(ctx)); rerr != nil {
			err = errors.Join(err, fmt.Errorf("undo partial seed: %w", rerr))
		}
		return false, err
	}
	if err := svc.AfterBulkLoad(ctx); err != nil {
		return true, fmt.Errorf("statistics after the demo catalogue: %w", err)
	}
	fmt.Fprintf(out, "Seeded the demo catalogue: %d categories, %d stores, %d products, %d rated orders (%s).\n",
		len(cat.AllCategories()), len(cat.Stores), len(cat.Products), orders, time.Since(start).Round(time.Millisecond))
	return true, nil
}

// demoCatalogue writes the catalogue and the demo purchases, and returns how
// many orders those placed.
func demoCatalogue(ctx context.Context, svc *service.Service, mediaDir string, cat *demo.Catalogue, pws Passwords) (int, error) {
	if err := demo.WriteImages(mediaDir, cat); err != nil {
		return 0, fmt.Errorf("write demo images: %w", err)
	}
	// Accounts nobody signs in to share one random password: one hash.
	unknown, err := unknownPassword()
	if err != nil {
		return 0, err
	}
	var accounts []service.NewUser
	for _, acc := range cat.Accounts {
		if pw, create := pws.of(acc, unknown); create {
			accounts = append(accounts, service.NewUser{Username: acc.Username, Email: acc.Email, Password: pw, Staff: acc.Staff})
		}
	}
	created, err := svc.CreateUsers(ctx, slices.Clone(accounts))
	if err != nil {
		return 0, fmt.Errorf("demo accounts: %w", err)
	}
	users := map[string]*shop.User{}
	for i, u := range created {
		users[accounts[i].Username] = u
	}
	stores := map[string]int64{}
	owners := map[int64]*shop.User{}
	for _, s := range cat.Stores {
		st := &shop.Store{OwnerID: users[s.Owner].ID, Name: s.Name, Logo: demo.StoreLogoURL(s.Key),
			Description: s.Description, ContactInfo: s.ContactInfo, Address: s.Address, Active: true}
		if err := svc.CreateStore(ctx, st); err != nil {
			return 0, fmt.Errorf("store %s: %w", s.Name, err)
		}
		stores[s.Key] = st.ID
		owners[st.ID] = users[s.Owner]
		if err := svc.SetStoreDelivery(ctx, st.ID, demo.StoreDelivery[s.Key]); err != nil {
			return 0, fmt.Errorf("store %s: %w", s.Name, err)
		}
	}
	// Copies: the service sets their ids.
	if err := svc.AddDeliveryData(ctx, slices.Clone(demo.DeliveryZones), slices.Clone(demo.PickupPoints),
		demo.Holidays); err != nil {
		return 0, fmt.Errorf("delivery: %w", err)
	}
	paths := map[string][]int64{}
	if err := createCategories(ctx, svc, cat.Categories, 0, nil, paths); err != nil {
		return 0, err
	}
	now := time.Now()
	ps := make([]*shop.Product, 0, len(cat.Products))
	for i, p := range cat.Products {
		sp := productFrom(p, paths[strings.Join(p.Category, "/")], stores[p.Store])
		// Spread creation times so "newest first" orderings look like a
		// shop that grew over time rather than one that appeared at once.
		sp.CreatedAt = now.Add(-time.Duration(len(cat.Products)-i) * 97 * time.Minute)
		ps = append(ps, sp)
	}
	if err := svc.CreateProducts(ctx, ps); err != nil {
		return 0, fmt.Errorf("products: %w", err)
	}
	for i, p := range cat.Products {
		if len(p.Options) == 0 {
			continue
		}
		if err := demoVariants(ctx, svc, p, ps[i]); err != nil {
			return 0, fmt.Errorf("variants of %s: %w", p.Name, err)
		}
	}
	for i, h := range cat.Hero {
		slide := &shop.HeroSlide{Title: h.Title, Description: h.Description, Image: h.Image, Link: h.Link,
			Position: i + 1, Active: true}
		if err := svc.CreateHeroSlide(ctx, slide); err != nil {
			return 0, fmt.Errorf("hero slide %q: %w", h.Title, err)
		}
	}
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return demoPurchases(ctx, svc, cat, ids, owners)
}

// demoVariants gives a demo product its options and prices and stocks its
// variants through the same store code as the Seller Centre.
func demoVariants(ctx context.Context, svc *service.Service, p demo.Product, sp *shop.Product) error {
	opts := make([]shop.ProductOption, len(p.Options))
	extra := map[[2]string]int64{}
	for i, o := range p.Options {
		opts[i].Name = o.Name
		for _, v := range o.Values {
			opts[i].Values = append(opts[i].Values, v.Value)
			extra[[2]string{o.Name, v.Value}] = v.ExtraPesewas
		}
	}
	return svc.SeedVariants(ctx, sp.StoreID, sp.ID, opts, func(i int, values []string) (shop.Money, int) {
		price := p.PricePesewas
		for j, v := range values {
			price += extra[[2]string{opts[j].Name, v}]
		}
		return shop.Money(price), demo.VariantStock(i)
	})
}

// createCategories inserts a level of the tree and records, for each slug
// path ("deals/pre-built-rigs"), the ids from the root down.
func createCategories(ctx context.Context, svc *service.Service, cs []demo.Category, parent int64, prefix []string,
	paths map[string][]int64) error {
	for i, c := range cs {
		sc := &shop.Category{ParentID: parent, Level: len(prefix) + 1, Name: c.Name, Slug: c.Slug, Position: i + 1, Active: true,
			Images: []shop.Image{{URL: demo.CategoryImageURL(c.Slug)}}}
		if err := svc.CreateCategory(ctx, sc); err != nil {
			return fmt.Errorf("category %s: %w", c.Slug, err)
		}
		path := append(append([]string(nil), prefix...), c.Slug)
		ids := make([]int64, 0, len(path))
		if parent != 0 {
			ids = append(ids, paths[strings.Join(prefix, "/")]...)
		}
		paths[strings.Join(path, "/")] = append(ids, sc.ID)
		if err := createCategories(ctx, svc, c.Children, sc.ID, path, paths); err != nil {
			return err
		}
	}
	return nil
}

// productFrom maps a demo product onto the shop's entity; ids are the
// category ids from the root down (one to three of them).
func productFrom(p demo.Product, ids []int64, storeID int64) *shop.Product {
	sp := &shop.Product{StoreID: storeID, Name: p.Name, Slug: p.Slug, Description: p.Description,
		Specification: p.Specification, UnitPrice: shop.Money(p.PricePesewas), Inventory: p.Inventory, Active: true,
		Images: p.ImageURLs(), Brand: p.Brand, WasPrice: shop.Money(p.WasPricePesewas)}
	levels := []*int64{&sp.CategoryID, &sp.SubcategoryID, &sp.SubSubcategoryID}
	for i, id := range ids {
		*levels[i] = id
	}
	return sp
}

// syntheticBatch is how many synthetic products go into one transaction.
const syntheticBatch = 5000

// Synthetic adds n generated products spread over the leaf categories and
// stores already in the shop, printing progress as it goes.
func Synthetic(ctx context.Context, svc *service.Service, n int, out io.Writer) error {
	roots, err := svc.Categories(ctx)
	if err != nil {
		return err
	}
	paths := map[string][]int64{}
	var leaves [][]string
	var walk func(cs []*shop.Category, prefix []string, ids []int64)
	walk = func(cs []*shop.Category, prefix []string, ids []int64) {
		for _, c := range cs {
			p := append(append([]string(nil), prefix...), c.Slug)
			pids := append(append([]int64(nil), ids...), c.ID)
			paths[strings.Join(p, "/")] = pids
			if len(c.Children) == 0 {
				leaves = append(leaves, p)
			}
			walk(c.Children, p, pids)
		}
	}
	walk(roots, nil, nil)
	stores, err := svc.AllStores(ctx)
	if err != nil {
		return err
	}
	if len(leaves) == 0 || len(stores) == 0 {
		return errors.New("synthetic products need categories and stores; seed the demo catalogue first")
	}
	storeNames := make([]string, len(stores))
	storeIDs := map[string]int64{}
	for i, s := range stores {
		storeNames[i] = s.Name
		storeIDs[s.Name] = s.ID
	}
	// A random run tag keeps slugs unique when synthetic products are added
	// more than once.
	var tag [4]byte
	_, _ = rand.Read(tag[:])
	run := fmt.Sprintf("%x", tag[:3])
	seed := int64(binary.LittleEndian.Uint32(tag[:]))

	start := time.Now()
	batch := make([]*shop.Product, 0, syntheticBatch)
	done := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := svc.CreateProducts(ctx, batch); err != nil {
			return err
		}
		done += len(batch)
		batch = batch[:0]
		fmt.Fprintf(out, "  %d/%d synthetic products (%s)\n", done, n, time.Since(start).Round(time.Millisecond))
		return nil
	}
	created := time.Now().Add(-time.Duration(n) * time.Second)
	err = demo.Synthetic(seed, n, leaves, storeNames, func(p demo.Product) error {
		sp := productFrom(p, paths[strings.Join(p.Category, "/")], storeIDs[p.Store])
		sp.Slug = p.Slug + "-" + run
		created = created.Add(time.Second)
		sp.CreatedAt = created
		batch = append(batch, sp)
		if len(batch) == syntheticBatch {
			return flush()
		}
		return ctx.Err()
	})
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = svc.AfterBulkLoad(ctx)
	}
	if err != nil {
		return fmt.Errorf("synthetic products: %w", err)
	}
	fmt.Fprintf(out, "Added %d synthetic products in %s.\n", n, time.Since(start).Round(time.Millisecond))
	return nil
}
