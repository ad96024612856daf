package service

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// allowedTags is the contract's allow-list for product HTML (§2.2).
var allowedTags = map[atom.Atom]bool{
	atom.P: true, atom.Br: true, atom.Ul: true, atom.Ol: true, atom.Li: true, atom.Strong: true, atom.B: true,
	atom.Em: true, atom.I: true, atom.U: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.Table: true,
	atom.Thead: true, atom.Tbody: true, atom.Tr: true, atom.Th: true, atom.Td: true, atom.A: true, atom.Img: true,
	atom.Blockquote: true,
}

// droppedWithContent are elements whose text is code or markup, not prose:
// unlike unknown tags, their content goes too.
var droppedWithContent = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Iframe: true, atom.Object: true, atom.Embed: true,
	atom.Noscript: true, atom.Template: true, atom.Svg: true, atom.Math: true, atom.Textarea: true,
	atom.Select: true, atom.Title: true, atom.Xmp: true, atom.Noembed: true, atom.Noframes: true,
	atom.Plaintext: true,
}

// Escaping only what HTML requires keeps stored text readable ("Men's",
// not "Men&#39;s").
var (
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\u00a0", "&nbsp;")
	attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
)

// SanitizeHTML keeps only the allow-listed tags of an HTML fragment. Links
// keep an http(s) or mailto href and get rel="nofollow noopener"; images keep
// an https src and their alt; every other attribute, style, script, event
// handler and URL scheme is dropped. Unknown tags are unwrapped (their text
// stays, escaped). The fragment is parsed as the body of a document, the way
// a browser will, so that no parser quirk turns the output back into markup.
func SanitizeHTML(fragment string) string {
	ctx := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(fragment), ctx)
	if err != nil {
		return textEscaper.Replace(fragment)
	}
	var b strings.Builder
	for _, n := range nodes {
		writeClean(&b, n)
	}
	return b.String()
}

func writeClean(b *strings.Builder, n *html.Node) {
	switch n.Type {
	case html.TextNode:
		b.WriteString(textEscaper.Replace(n.Data))
		return
	case html.ElementNode:
	default:
		// Comments, doctypes: nothing a shopper should see.
		return
	}
	if droppedWithContent[n.DataAtom] {
		return
	}
	allowed := allowedTags[n.DataAtom] && n.Namespace == ""
	if allowed {
		b.WriteByte('<')
		b.WriteString(n.DataAtom.String())
		writeAttrs(b, n)
		b.WriteByte('>')
		if n.DataAtom == atom.Br || n.DataAtom == atom.Img {
			return
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		writeClean(b, c)
	}
	if allowed {
		b.WriteString("</" + n.DataAtom.String() + ">")
	}
}

func writeAttrs(b *strings.Builder, n *html.Node) {
	attr := func(name, value string) {
		b.WriteString(" " + name + `="` + attrEscaper.Replace(value) + `"`)
	}
	get := func(name string) (string, bool) {
		for _, a := range n.Attr {
			if a.Namespace == "" && a.Key == name {
				return a.Val, true
			}
		}
		return "", false
	}
	switch n.DataAtom {
	case atom.A:
		if href, ok := get("href"); ok && safeURL(href, "http", "https", "mailto") {
			attr("href", strings.TrimSpace(href))
		}
		attr("rel", "nofollow noopener")
	case atom.Img:
		if src, ok := get("src"); ok && safeURL(src, "https") {
			attr("src", strings.TrimSpace(src))
		}
		if alt, ok := get("alt"); ok {
			attr("alt", alt)
		}
	}
}

// safeURL accepts only absolute URLs with one of the given schemes. The
// scheme is read the way browsers do after they strip control characters
// and whitespace, so "java\tscript:" cannot slip through as a path.
func safeURL(raw string, schemes ...string) bool {
	s := strings.TrimSpace(raw)
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == ' ' {
			return false
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" {
		return false
	}
	for _, sc := range schemes {
		if strings.EqualFold(u.Scheme, sc) {
			return sc == "mailto" || u.Host != ""
		}
	}
	return false
}
