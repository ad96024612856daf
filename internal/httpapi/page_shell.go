package httpapi

import (
	"html"
	"strings"
)

// The page shell is the first screen of a page, written into index.html's
// app shell (web/index.html, where <!--dwa:page--> stands) so that a phone
// paints the page's largest image as soon as the HTML has arrived, not after
// the app's scripts (80 KB and more) have arrived and run. React replaces it
// whole, so it mirrors the boxes the app draws there — the hero
// (features/catalog/components/hero-carousel.tsx), the product gallery
// (product-gallery.tsx and routes/product.tsx), the listing's heading row and
// first row of cards (features/listing/components/filtered-listing.tsx,
// components/product-grid.tsx, product-card.tsx) — with the same classes: a
// change there needs the same change here (web/e2e/shell.spec.ts compares the
// image's box before and after the app runs). The app shell around it is inert
// and aria-hidden: nothing in it is a link, a landmark or a heading.
// Tailwind scans this file for its classes (web/src/index.css, @source).
// Everything taken from the data (names, queries, URLs) is HTML-escaped.

// cardsInFirstRow is the widest grid's column count: each card after the
// first row of a narrower grid is hidden, so the shell has no second row
// whose boxes would move when the app adds the cards' text.
const cardsInFirstRow = 4

// cardVisibility hides the shell's cards beyond the first row of the grid at
// each width (2 columns, 3 from sm, 4 from lg).
var cardVisibility = [cardsInFirstRow]string{"", "", "hidden sm:block", "hidden lg:block"}

// sortLabels are the options of the listing's 'Sort by' select
// (web/src/features/listing/catalogue-sort.tsx), the two widest first: the
// widest one sets its width.
var sortLabels = []string{"Price: low to high", "Price: high to low", "Newest", "Top rated", "Best selling"}

// heroShell is the home page's first slide, as the carousel shows it.
func heroShell(image, title, description string) string {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div class="relative mb-8 h-56 overflow-hidden rounded-card bg-brand-900 text-white sm:h-72 md:aspect-[8/3] md:h-auto">`)
	b.WriteString(`<div class="absolute inset-0">`)
	b.WriteString(`<img src="` + esc(image) + `" alt="" width="1600" height="600" fetchpriority="high" decoding="sync" class="size-full object-cover object-right md:object-center">`)
	b.WriteString(`<div class="absolute inset-0 flex flex-col justify-center gap-2 bg-linear-to-r from-brand-900/85 via-brand-900/50 to-transparent px-6 pb-10 sm:px-12 md:w-2/3">`)
	b.WriteString(`<p class="text-2xl font-extrabold sm:text-3xl md:text-4xl">` + esc(title) + `</p>`)
	b.WriteString(`<p class="max-w-sm text-base sm:text-lg">` + esc(description) + `</p>`)
	b.WriteString(`<span class="mt-2 inline-flex min-h-tap w-fit items-center rounded-control bg-gold-400 px-5 font-semibold text-ink">Shop Now</span>`)
	b.WriteString(`</div></div></div>`)
	return b.String()
}

// productShell is the product page's gallery image and name. image is ""
// when the page will not show the first image (none, or a variant's own).
func productShell(image, name string, saveData bool) string {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div class="grid gap-6 md:grid-cols-2 md:gap-10"><div>`)
	b.WriteString(`<div class="aspect-square overflow-hidden rounded-card bg-white shadow-card">`)
	if image != "" {
		b.WriteString(`<img ` + imageSource(image, gallerySizes, saveData) + ` alt="` + esc(name) +
			`" width="800" height="800" fetchpriority="high" class="size-full object-contain p-4">`)
	}
	b.WriteString(`</div></div><div class="space-y-4"><div class="flex items-start justify-between gap-3">`)
	b.WriteString(`<p class="text-2xl font-bold tracking-tight sm:text-3xl">` + esc(name) + `</p>`)
	b.WriteString(`</div></div></div>`)
	return b.String()
}

// listingShell is a product list's heading row and its first row of cards'
// images (images[i] is "" for a card without one). A search heading says what
// was searched for.
func listingShell(heading, searched string, images []string, saveData bool) string {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div class="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">`)
	title := `<p class="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">` + esc(heading) + `</p>`
	if searched != "" {
		title = `<div>` + title + `<p class="-mt-4 text-muted">for “` + esc(searched) + `”</p></div>`
	}
	b.WriteString(title)
	b.WriteString(`<div class="flex flex-wrap items-center gap-2">`)
	b.WriteString(`<span class="inline-flex min-h-tap items-center justify-center gap-2 rounded-control bg-white px-5 font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset lg:hidden">Filters</span>`)
	b.WriteString(`<div class="flex items-center gap-2"><span class="text-sm font-semibold">Sort by</span>`)
	// A select is as wide as its widest option, and the parser may paint the page before it
	// has read them all: min-w-48 (the app's select has it too) holds its width from the first
	// paint, and the widest options come first. The shown one is the app's default.
	b.WriteString(`<select tabindex="-1" class="min-h-tap min-w-48 rounded-control border border-line bg-white px-2">`)
	for _, l := range sortLabels {
		b.WriteString(`<option>` + l + `</option>`)
	}
	if searched != "" {
		b.WriteString(`<option selected>Relevance</option>`)
	} else {
		b.WriteString(`<option selected>Recommended</option>`)
	}
	b.WriteString(`</select></div></div></div>`)
	b.WriteString(`<div class="lg:flex lg:items-start lg:gap-6"><div class="hidden w-60 shrink-0 lg:block"></div>`)
	b.WriteString(`<div class="min-w-0 flex-1"><ul class="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">`)
	for i, image := range images[:min(len(images), cardsInFirstRow)] {
		b.WriteString(`<li class="` + cardVisibility[i] + `"><div class="flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card">`)
		b.WriteString(`<div class="aspect-square overflow-hidden bg-brand-50">`)
		// Data saver shows a card's image only when tapped: its box stays empty.
		if image != "" && !saveData {
			priority := ""
			if i == 0 {
				priority = ` fetchpriority="high"` // the preloaded one (page_head.go)
			}
			b.WriteString(`<img ` + imageSource(image, cardSizes, false) + ` alt="" width="400" height="400"` +
				priority + ` class="size-full object-contain p-2">`)
		}
		b.WriteString(`</div></div></li>`)
	}
	b.WriteString(`</ul></div></div>`)
	return b.String()
}

// imageSource is an <img>'s src, srcset and sizes attributes as the app
// writes them: under data saver the smallest rendition alone.
func imageSource(image, sizes string, saveData bool) string {
	esc := html.EscapeString
	if saveData {
		return `src="` + esc(smallestRendition(image)) + `"`
	}
	attrs := `src="` + esc(image) + `"`
	if srcset := imageSrcSet(image); srcset != "" {
		attrs += ` srcset="` + esc(srcset) + `" sizes="` + esc(sizes) + `"`
	}
	return attrs
}
