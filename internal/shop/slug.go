package shop

import (
	"strings"
	"unicode"
)

// ProductSlug turns a product name into a URL slug: lower-case ASCII letters
// and digits separated by single hyphens. "&" becomes "and", "+" becomes
// "plus", apostrophes vanish and accented letters (including the Akan ɛ and ɔ)
// lose their marks. Slugs are cut at a word boundary to at most 90 characters.
func ProductSlug(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	hyphen := false
	word := func(s string) {
		if hyphen && b.Len() > 0 {
			b.WriteByte('-')
		}
		hyphen = false
		b.WriteString(s)
	}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			word(string(r))
		case r >= 'A' && r <= 'Z':
			word(string(r + ('a' - 'A')))
		case r == '\'' || r == '’' || r == '`':
			// "Men's" → "mens"
		case r == '&':
			hyphen = true
			word("and")
			hyphen = true
		case r == '+':
			hyphen = true
			word("plus")
			hyphen = true
		default:
			if s, ok := foldRune(r); ok {
				word(s)
			} else {
				hyphen = true
			}
		}
	}
	s := b.String()
	if len(s) > 90 {
		s = s[:90]
		if i := strings.LastIndexByte(s, '-'); i > 40 {
			s = s[:i]
		}
		s = strings.TrimRight(s, "-")
	}
	if s == "" {
		s = "product"
	}
	return s
}

var foldTable = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'æ': "ae",
	'ç': "c", 'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i",
	'î': "i", 'ï': "i", 'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o",
	'ö': "o", 'ø': "o", 'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y",
	'ÿ': "y", 'ß': "ss", 'ɛ': "e", 'ɔ': "o", 'ŋ': "ng",
}

func foldRune(r rune) (string, bool) {
	if s, ok := foldTable[unicode.ToLower(r)]; ok {
		return s, true
	}
	return "", false
}
