package shop

import (
	"net/url"
	"strings"
	"unicode"
)

// SafeLink reports whether a link the staff typed (a hero slide's "Shop
// Now") may be followed by a shopper: a path of this shop ("/category/x")
// or an absolute https:// address. Browsers read "//host" and "/\host" as
// another site, and a backslash or control character anywhere can turn a
// path into one; user information ("https://shop@evil.test") hides the real
// host. All of these are refused, so the link cannot become an open redirect.
func SafeLink(link string) bool {
	if link == "" || strings.ContainsRune(link, '\\') || strings.IndexFunc(link, notPrintable) >= 0 {
		return false
	}
	if strings.HasPrefix(link, "/") {
		return !strings.HasPrefix(link, "//")
	}
	if !strings.HasPrefix(link, "https://") {
		return false
	}
	u, err := url.Parse(link)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil && u.Hostname() != "" &&
		!strings.HasPrefix(u.Host, ".")
}

// notPrintable is a control, format (zero-width, bidi) or space character:
// none belongs in a link as typed.
func notPrintable(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) || r == unicode.ReplacementChar
}
