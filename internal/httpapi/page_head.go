package httpapi

import (
	"bytes"
	"encoding/json"
	"html"
)

// renderHead writes the page's tags for <head>.
func (a *API) renderHead(b *bytes.Buffer, p page) {
	esc := html.EscapeString
	b.WriteString("<title>" + esc(p.title) + "</title>\n")
	b.WriteString(`<meta name="description" content="` + esc(p.description) + "\">\n")
	if p.canonical != "" {
		b.WriteString(`<link rel="canonical" href="` + esc(a.absolute(p.canonical)) + "\">\n")
		b.WriteString(`<meta property="og:url" content="` + esc(a.absolute(p.canonical)) + "\">\n")
	}
	b.WriteString(`<meta property="og:site_name" content="` + siteName + "\">\n")
	b.WriteString(`<meta property="og:type" content="` + esc(p.ogType) + "\">\n")
	b.WriteString(`<meta property="og:title" content="` + esc(p.title) + "\">\n")
	b.WriteString(`<meta property="og:description" content="` + esc(p.description) + "\">\n")
	if p.image != "" {
		b.WriteString(`<meta property="og:image" content="` + esc(a.absolute(p.image)) + "\">\n")
		writeImagePreload(b, p)
	}
	if p.saveData {
		// Tells the app the request asked for data-saver mode (web/src/lib/data-saver.ts).
		b.WriteString(`<meta name="save-data" content="on">` + "\n")
	}
	if p.jsonLD != nil {
		if ld, err := json.Marshal(p.jsonLD); err == nil { // Marshal escapes <, > and &
			b.WriteString(`<script type="application/ld+json">`)
			b.Write(ld)
			b.WriteString("</script>\n")
		}
	}
}

// writeImagePreload preloads the file the page's first image will be. Under
// data saver the app shows the smallest rendition without a srcset, and loads
// list images only when tapped, so a list's first image is not preloaded.
func writeImagePreload(b *bytes.Buffer, p page) {
	esc := html.EscapeString
	switch {
	case !p.saveData:
		b.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + esc(p.image) + `"`)
		if srcset := imageSrcSet(p.image); srcset != "" && p.imageSizes != "" {
			b.WriteString(` imagesrcset="` + esc(srcset) + `" imagesizes="` + esc(p.imageSizes) + `"`)
		}
		b.WriteString(">\n")
	case p.imageSizes != cardSizes:
		b.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + esc(smallestRendition(p.image)) + "\">\n")
	}
}
