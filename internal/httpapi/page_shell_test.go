package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// shellOf is what the server wrote into the app shell of a page, between
// the marks that let the service worker cut it out (web/sw/sw.js).
func shellOf(t *testing.T, body string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, `<div id="root"><!--dwa:page-->`)
	shell, _, ok2 := strings.Cut(rest, `<!--/dwa:page--></div>`)
	if !ok || !ok2 {
		t.Fatalf("no page part in #root: %s", body)
	}
	return shell
}

func TestPageShells(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": "https://dwa.example"})
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		if err := a.Svc.CreateHeroSlide(context.Background(), &shop.HeroSlide{Title: `Deals <b>"now"</b>`,
			Description: "Rigs & more", Image: "/hero_images/best-deals.svg", Link: "/category/deals",
			Position: 1, Active: true}); err != nil {
			t.Fatal(err)
		}
		const evilName = `<script>alert(1)</script> & "quotes" 'too'`
		const evilShown = `&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34; &#39;too&#39;`
		upload := "/media/uploads/products/7/0a1b2c3d-1024.jpg"
		consoles := a.Category("Consoles", "consoles", nil, 2, true)
		evil := shoptest.NewProduct(evilName, 389900, consoles)
		evil.Images = []string{upload}
		var others []*shop.Product
		for i := range 5 {
			others = append(others, shoptest.NewProduct(fmt.Sprintf("Xbox pad %d", i), 25000, gaming))
		}
		// The shuffle's order moves with the time window: a product without
		// images in Gaming would sometimes come first and take its image.
		retro := a.Category("Retro", "retro", nil, 3, true)
		bare := shoptest.NewProduct("Bare console", 10000, retro)
		bare.Images = nil
		a.Products(append(others, evil, bare)...)
		abs := "https://dwa.example" + strings.TrimSuffix(upload, "-1024.jpg")

		for _, tc := range []struct {
			name, target, saveData string
			cookie                 string
			want, wantNot          []string
			cards                  int // <li> in the shell
			priority               int // images fetched at high priority
		}{
			{name: "home: the first slide as the carousel shows it, escaped", target: "/",
				want: []string{
					`<img src="https://dwa.example/hero_images/best-deals.svg" alt="" width="1600" height="600" fetchpriority="high" decoding="sync" class="size-full object-cover object-right md:object-center">`,
					`<p class="text-2xl font-extrabold sm:text-3xl md:text-4xl">Deals &lt;b&gt;&#34;now&#34;&lt;/b&gt;</p>`,
					`Rigs &amp; more`,
				},
				wantNot: []string{`<b>`}, priority: 1},
			{name: "product: the gallery's image with its srcset, the name escaped", target: fmt.Sprintf("/store/products/%d", evil.ID),
				want: []string{
					fmt.Sprintf(`<img src="%s-1024.jpg" srcset="%s-320.jpg 320w, %s-640.jpg 640w, %s-1024.jpg 1024w" sizes="(min-width: 768px) 50vw, 100vw" alt="%s" width="800" height="800" fetchpriority="high" class="size-full object-contain p-4">`,
						abs, abs, abs, abs, evilShown),
					`<p class="text-2xl font-bold tracking-tight sm:text-3xl">` + evilShown + `</p>`,
				},
				wantNot: []string{"<script>", `"quotes"`}, priority: 1},
			{name: "product under data saver: the smallest rendition alone", target: fmt.Sprintf("/store/products/%d", evil.ID), saveData: "on",
				want:    []string{fmt.Sprintf(`<img src="%s-320.jpg" alt="%s" width="800" height="800"`, abs, evilShown)},
				wantNot: []string{"srcset"}, priority: 1},
			{name: "product with a variant in the address: its box without the first image", target: fmt.Sprintf("/store/products/%d?variant=3", evil.ID),
				want:    []string{`<div class="aspect-square overflow-hidden rounded-card bg-white shadow-card"></div>`},
				wantNot: []string{"<img"}},
			{name: "product without images: an empty box", target: fmt.Sprintf("/store/products/%d", bare.ID),
				want:    []string{`<div class="aspect-square overflow-hidden rounded-card bg-white shadow-card"></div>`, "Bare console"},
				wantNot: []string{"<img"}},
			{name: "category: heading, sort, the first row of cards", target: "/category/gaming",
				want: []string{
					`<p class="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Gaming</p>`,
					`<select tabindex="-1" class="min-h-tap min-w-48 rounded-control border border-line bg-white px-2"><option>Price: low to high</option>`, `<option selected>Recommended</option>`,
					`<li class=""><div class="flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card"><div class="aspect-square overflow-hidden bg-brand-50"><img src="https://dwa.example/media/demo/products/`,
					`<li class="hidden sm:block">`, `<li class="hidden lg:block">`,
				},
				cards: 4, priority: 1},
			{name: "category: an uploaded image with the grid's srcset, preloaded", target: "/category/consoles",
				want:  []string{fmt.Sprintf(`<img src="%s-1024.jpg" srcset="%s-320.jpg 320w, %s-640.jpg 640w, %s-1024.jpg 1024w" sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw" alt="" width="400" height="400" fetchpriority="high" class="size-full object-contain p-2">`, abs, abs, abs, abs)},
				cards: 1, priority: 1},
			{name: "category whose first product has no image: its box, nothing at high priority", target: "/category/retro",
				want:    []string{`<li class=""><div class="flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card"><div class="aspect-square overflow-hidden bg-brand-50"></div>`},
				wantNot: []string{"<img"}, cards: 1},
			{name: "category under data saver: the cards' boxes without images", target: "/category/gaming", saveData: "on",
				want: []string{`<div class="aspect-square overflow-hidden bg-brand-50"></div>`}, wantNot: []string{"<img"}, cards: 4},
			{name: "category with the app's data saver switch on (its cookie): no images", target: "/category/gaming", cookie: "dwa-data-saver=on",
				want: []string{`<div class="aspect-square overflow-hidden bg-brand-50"></div>`}, wantNot: []string{"<img"}, cards: 4},
			{name: "the switch off wins over Save-Data", target: "/category/gaming", saveData: "on", cookie: "dwa-data-saver=off",
				want: []string{`<img src="https://dwa.example/media/demo/products/`}, cards: 4, priority: 1},
			{name: "category with a filter: chips the shell does not mirror, no shell", target: "/category/gaming?in_stock=true",
				wantNot: []string{"<li", "Gaming"}},
			{name: "search: what was searched for, escaped", target: "/search?query=" + `%3Cscript%3Ealert(1)%3C%2Fscript%3E%20%22pad%22`,
				want: []string{
					`<p class="-mt-4 text-muted">for “&lt;script&gt;alert(1)&lt;/script&gt; &#34;pad&#34;”</p>`,
					`<option selected>Relevance</option>`,
				},
				wantNot: []string{"<script>"}},
			{name: "a page without a shell of its own", target: "/cart", wantNot: []string{"<"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var headers []string
				if tc.saveData != "" {
					headers = []string{"Save-Data", tc.saveData}
				}
				if tc.cookie != "" {
					headers = append(headers, "Cookie", tc.cookie)
				}
				w := a.Do("GET", tc.target, "", headers...)
				assertStatus(t, w.Code, 200)
				shell := shellOf(t, w.Body.String())
				for _, want := range tc.want {
					if !strings.Contains(shell, want) {
						t.Errorf("shell lacks %s:\n%s", want, shell)
					}
				}
				for _, not := range tc.wantNot {
					if strings.Contains(shell, not) {
						t.Errorf("shell has %s:\n%s", not, shell)
					}
				}
				if got := strings.Count(shell, `fetchpriority="high"`); got != tc.priority {
					t.Errorf("shell has %d images at high priority, want %d:\n%s", got, tc.priority, shell)
				}
				if got := strings.Count(shell, "<li"); got != tc.cards {
					t.Errorf("shell has %d cards, want %d:\n%s", got, tc.cards, shell)
				}
				// Nothing in it is a link, a landmark, a heading or an id the app also has.
				for _, not := range []string{"<a ", "<h1", "<h2", "<main", "<nav", "<header", " id="} {
					if strings.Contains(shell, not) {
						t.Errorf("shell has %s:\n%s", not, shell)
					}
				}
			})
		}
	})
}
