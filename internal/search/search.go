// Package search holds the catalogue search rules of the contract (§2.2
// "Search") as pure functions: text normalisation, index tokens with field
// weights, query terms, and how a term matches a token. Both storage engines
// use it, so matching and ranking cannot drift between them; see
// docs/decisions/0006-search-as-a-shared-token-index.md.
package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Field weights: a name match outranks a category, store or description match.
const (
	WeightName        = 10
	WeightOption      = 5
	WeightCategory    = 4
	WeightStore       = 3
	WeightDescription = 1
)

// Match qualities in tenths (exact 1.0, prefix 0.7, edit 0.5), so that
// relevance is an integer and sums identically everywhere.
const (
	QualityExact  = 10
	QualityPrefix = 7
	QualityEdit   = 5
)

const (
	// MaxQueryRunes and MaxTerms bound the work a query can ask for.
	MaxQueryRunes = 200
	MaxTerms      = 10
	// MaxTokenRunes keeps pathological words out of the index; a longer
	// query term cannot match anything.
	MaxTokenRunes = 40
	// MinEditRunes is the shortest term that tolerates a typo.
	MinEditRunes = 5
	// ShortPrefixRunes: a last term this short or shorter still matches as
	// a prefix, but only within the names of products the other terms
	// already selected, or — alone — within product names, capped; see
	// the decision record.
	ShortPrefixRunes = 2
)

var folder = cases.Fold()

// Normalize applies NFKD, drops combining marks and case-folds.
func Normalize(s string) string {
	s = norm.NFKD.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(r)
	}
	// Full case folding maps lower-case Cherokee to upper case and back;
	// lower-casing after it makes the result a fixed point, so that a term
	// and the token it came from always agree.
	return strings.ToLower(folder.String(b.String()))
}

// word splits one whitespace-delimited word into its joined form (every
// letter and digit, punctuation dropped) and its parts (the runs between
// punctuation). "x-box" → "xbox", ["x", "box"].
func word(w string) (joined string, parts []string) {
	var b strings.Builder
	start := -1
	for i, r := range w {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			parts = append(parts, w[start:i])
			start = -1
		}
	}
	if start >= 0 {
		parts = append(parts, w[start:])
	}
	return b.String(), parts
}

// isSep separates words: whitespace everywhere, commas in queries.
func isSep(r rune) bool { return unicode.IsSpace(r) || r == ',' }

// Tokens returns the index tokens of normalised text: each word's joined
// form and, when punctuation split it, its parts.
func Tokens(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(Normalize(text), isSep) {
		joined, parts := word(w)
		if joined == "" {
			continue
		}
		out = append(out, joined)
		if len(parts) > 1 {
			out = append(out, parts...)
		}
	}
	return out
}

// Document is what a product contributes to the index.
type Document struct {
	Name        string
	Categories  []string
	Store       string
	Description string // HTML
	// Options are the product's option values ("256 GB", "Blue").
	Options []string
}

// Index returns every token of d with the highest weight of the fields it
// appears in. Over-long tokens are left out.
func Index(d Document) map[string]int {
	out := map[string]int{}
	add := func(text string, weight int) {
		for _, t := range Tokens(text) {
			if utf8.RuneCountInString(t) > MaxTokenRunes {
				continue
			}
			if out[t] < weight {
				out[t] = weight
			}
		}
	}
	add(d.Name, WeightName)
	for _, c := range d.Categories {
		add(c, WeightCategory)
	}
	add(d.Store, WeightStore)
	for _, v := range d.Options {
		add(v, WeightOption)
		// "256 GB" is also written "256gb": the value's words joined.
		if words := strings.Fields(v); len(words) > 1 {
			add(strings.Join(words, ""), WeightOption)
		}
	}
	add(HTMLText(d.Description), WeightDescription)
	return out
}

// HTMLText returns the text of an HTML fragment, tags dropped and block
// boundaries kept as spaces so that words of adjacent cells do not merge.
func HTMLText(fragment string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(fragment))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			b.Write(z.Text())
		default:
			b.WriteByte(' ')
		}
	}
}

// Query is a parsed search: its terms, in order, the last one typed as a
// prefix. Blank reports that no search was asked for at all.
type Query struct {
	Terms []string
	Blank bool
}

// Parse reads the search parameter: the first MaxQueryRunes code points,
// split on whitespace and commas, normalised, punctuation joined, at most
// MaxTerms terms. It never fails.
func Parse(s string) Query {
	if strings.TrimSpace(s) == "" {
		return Query{Blank: true}
	}
	if utf8.RuneCountInString(s) > MaxQueryRunes {
		s = string([]rune(s)[:MaxQueryRunes])
	}
	var q Query
	for _, w := range strings.FieldsFunc(Normalize(s), isSep) {
		joined, _ := word(w)
		if joined == "" {
			continue
		}
		q.Terms = append(q.Terms, joined)
		if len(q.Terms) == MaxTerms {
			break
		}
	}
	return q
}

// Quality reports how term matches token: QualityExact, QualityPrefix or
// QualityEdit, or 0 for no match. last marks the query's last term, which
// also matches as a prefix (and, with a typo, as a near-prefix).
func Quality(term, token string, last bool) int {
	if term == token {
		return QualityExact
	}
	if last && strings.HasPrefix(token, term) {
		return QualityPrefix
	}
	t, k := []rune(term), []rune(token)
	if len(t) < MinEditRunes {
		return 0
	}
	if !last {
		if WithinOneEdit(t, k) {
			return QualityEdit
		}
		return 0
	}
	// Within one edit of some prefix of the token: only prefixes one
	// shorter, as long, or one longer than the term can be.
	for n := len(t) - 1; n <= len(t)+1; n++ {
		if n <= len(k) && WithinOneEdit(t, k[:n]) {
			return QualityEdit
		}
	}
	return 0
}

// WithinOneEdit reports whether a and b differ by at most one insertion,
// deletion, substitution or swap of two adjacent characters.
func WithinOneEdit(a, b []rune) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if i == len(a) {
			return true
		}
		if i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && equalRunes(a[i+2:], b[i+2:]) {
			return true
		}
		return equalRunes(a[i+1:], b[i+1:])
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return equalRunes(a[i:], b[i+1:])
	}
	return false
}

func equalRunes(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
