package catindex

import (
	"slices"
	"strings"

	"dwa/internal/search"
	"dwa/internal/shop"
)

const (
	// nearPerWord is how many known terms an unknown word may become.
	nearPerWord = 3
	// maxCorrectionTries bounds the corrected queries tested: kept in
	// order (fewest edits, then most documents) while they are built.
	maxCorrectionTries = 27
	// maxCorrectedWords bounds the dictionary passes: later unknown words
	// are left as typed.
	maxCorrectedWords = 3
)

// correction is a corrected query being built: its terms, total edits and
// the documents holding its replacements (more is likelier).
type correction struct {
	terms []string
	edits int
	docs  int
}

// Corrections suggests up to limit corrected forms of q's search when it
// finds nothing: each unknown word of at least search.MinCorrectRunes
// letters (the first maxCorrectedWords of them) is replaced by one of the nearPerWord closest known terms
// (search.Nearest over the base's and the delta's dictionaries), and a
// corrected query is kept only if it finds products under q's filters.
// Each is the terms joined by spaces. A search that finds products, or
// whose every word is known, gets none.
func (x *Index) Corrections(q shop.ProductQuery, limit int) []string {
	if len(q.Terms) == 0 || limit <= 0 {
		return nil
	}
	if x.finds(q) {
		return nil
	}
	text, _ := x.d.text.index()
	beam := []correction{{}}
	changed, looked := false, 0
	for _, term := range q.Terms {
		options := []search.Near{{Token: term}}
		if looked < maxCorrectedWords && !x.b.text.Has(term) && !text.Has(term) {
			looked++
			if near := mergeNear(x.b.text.Nearest(term, nearPerWord), text.Nearest(term, nearPerWord)); len(near) > 0 {
				options, changed = near, true
			}
		}
		next := make([]correction, 0, len(beam)*len(options))
		for _, c := range beam {
			for _, o := range options {
				next = append(next, correction{terms: append(slices.Clip(c.terms), o.Token),
					edits: c.edits + o.Edits, docs: c.docs + o.Docs})
			}
		}
		slices.SortStableFunc(next, func(a, b correction) int {
			if a.edits != b.edits {
				return a.edits - b.edits
			}
			return b.docs - a.docs
		})
		beam = next[:min(len(next), maxCorrectionTries)]
	}
	if !changed {
		return nil
	}
	var out []string
	for _, c := range beam {
		q.Terms = c.terms
		if x.finds(q) {
			out = append(out, strings.Join(c.terms, " "))
			if len(out) == limit {
				break
			}
		}
	}
	return out
}

// finds reports whether q's search finds a product under its filters. It
// files nothing in the search memo: the up to maxCorrectionTries queries
// made up here would push out the searches shoppers make.
func (x *Index) finds(q shop.ProductQuery) bool {
	found := false
	x.matches(q.Terms, x.compileFilter(&q), func(item, int32) { found = true })
	return found
}

// mergeNear joins the base's and the delta's candidates for one word,
// adding the documents of a token both hold, best nearPerWord first.
func mergeNear(a, b []search.Near) []search.Near {
	out := slices.Clone(a)
	for _, n := range b {
		if i := slices.IndexFunc(out, func(m search.Near) bool { return m.Token == n.Token }); i >= 0 {
			out[i].Docs += n.Docs
		} else {
			out = append(out, n)
		}
	}
	search.SortNear(out)
	return out[:min(len(out), nearPerWord)]
}
