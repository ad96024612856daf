package httpapi

import (
	"strings"
	"unicode/utf8"

	xhtml "golang.org/x/net/html"
)

// htmlText is the text of an HTML fragment, whitespace collapsed.
func htmlText(fragment string) string {
	var b strings.Builder
	z := xhtml.NewTokenizer(strings.NewReader(fragment))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case xhtml.TextToken:
			b.Write(z.Text())
		case xhtml.StartTagToken, xhtml.EndTagToken, xhtml.SelfClosingTagToken:
			b.WriteByte(' ')
		}
	}
}

// clip shortens s to at most n characters at a word boundary, with '…'.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	if i := strings.LastIndexByte(string(r), ' '); i > n/2 {
		return strings.TrimSpace(string(r)[:i]) + "…"
	}
	return string(r) + "…"
}
