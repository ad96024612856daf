// Package names holds the rules that keep usernames apart: the one form a
// username is stored and looked up in, and the "skeleton" under which two
// names that look alike collide. Both the service (registration, sign-in)
// and the storage engines (the unique skeleton column) use it, so the rule
// cannot drift between them.
package names

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Normalize is the form a username is stored and signed in with: NFKC, so
// that compatibility forms — fullwidth "ａｍａ", mathematical "𝐚𝐦𝐚",
// ligatures — become the letters they stand for.
func Normalize(s string) string { return norm.NFKC.String(strings.TrimSpace(s)) }

// Skeleton is the key under which look-alike usernames collide: "staff",
// "Staff", "ѕtaff" (Cyrillic ѕ), "ѕτaff", "ｓｔａｆｆ" and "stáff" share one.
// It is NFKC, without combining marks, with letters of other scripts that
// look like Latin ones mapped to them (before lower-casing, since capital
// Greek Η looks like H but small η like n), lower-cased, with the digits
// and letter pairs that pass for letters ("0"→"o", "1"/"I"→"l", "rn"→"m",
// "vv"→"w") folded. It is a comparison key only, never shown.
func Skeleton(s string) string {
	s = norm.NFD.String(norm.NFKC.String(strings.TrimSpace(s)))
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if m, ok := lookAlike[r]; ok {
			r = m
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return pairs.Replace(b.String())
}

// pairs folds letter pairs that read as one letter in most fonts.
var pairs = strings.NewReplacer("rn", "m", "vv", "w")

// lookAlike maps characters that pass for a Latin letter or digit in common
// fonts to it (Unicode's confusables, the part that matters for names made
// of letters, digits and @.+-_). Mapped before lower-casing.
var lookAlike = map[rune]rune{
	// Digits and Latin letters that pass for others.
	'0': 'o', '1': 'l', 'I': 'l', '|': 'l', 'ı': 'i', 'ȷ': 'j', 'ɡ': 'g', 'ɑ': 'a', 'ο': 'o',
	// Cyrillic capitals and smalls.
	'А': 'a', 'а': 'a', 'В': 'b', 'в': 'b', 'Е': 'e', 'е': 'e', 'Ѐ': 'e', 'Ё': 'e', 'ё': 'e',
	'З': '3', 'з': '3', 'І': 'l', 'і': 'i', 'Ї': 'l', 'ї': 'i', 'Ј': 'j', 'ј': 'j',
	'К': 'k', 'к': 'k', 'М': 'm', 'м': 'm', 'Н': 'h', 'н': 'h', 'О': 'o', 'о': 'o',
	'Р': 'p', 'р': 'p', 'С': 'c', 'с': 'c', 'Т': 't', 'т': 't', 'У': 'y', 'у': 'y',
	'Х': 'x', 'х': 'x', 'Ѕ': 's', 'ѕ': 's', 'Ԁ': 'd', 'ԁ': 'd', 'Ԛ': 'q', 'ԛ': 'q',
	'Ԝ': 'w', 'ԝ': 'w', 'Һ': 'h', 'һ': 'h', 'Ӏ': 'l', 'ӏ': 'l', 'Ь': 'b', 'ь': 'b',
	'Ү': 'y', 'ү': 'y', 'Ғ': 'f', 'Ѵ': 'v', 'ѵ': 'v', 'ԍ': 'g', 'Ԍ': 'g',
	// Greek capitals and smalls.
	'Α': 'a', 'α': 'a', 'Β': 'b', 'β': 'b', 'Ε': 'e', 'ε': 'e', 'Ζ': 'z', 'Η': 'h', 'η': 'n',
	'Ι': 'l', 'ι': 'i', 'Κ': 'k', 'κ': 'k', 'Μ': 'm', 'Ν': 'n', 'ν': 'v', 'Ο': 'o',
	'Ρ': 'p', 'ρ': 'p', 'Τ': 't', 'τ': 't', 'Υ': 'y', 'υ': 'u', 'Χ': 'x', 'χ': 'x',
	'ϲ': 'c', 'Ϲ': 'c', 'ϳ': 'j', 'ω': 'w',
	// Armenian and Cherokee letters that pass for Latin ones.
	'օ': 'o', 'ս': 'u', 'ց': 'g', 'հ': 'h', 'ո': 'n', 'Ꭺ': 'a', 'Ᏼ': 'b', 'Ꮯ': 'c', 'Ꭼ': 'e',
	'Ꮋ': 'h', 'Ꭻ': 'j', 'Ꮶ': 'k', 'Ꮇ': 'm', 'Ꮲ': 'p', 'Ꮪ': 's', 'Ꭲ': 't', 'Ꮃ': 'w', 'Ꮓ': 'z',
}
