package search

import (
	"slices"
	"unicode/utf8"
)

const (
	// MinCorrectRunes is the shortest word a correction replaces.
	MinCorrectRunes = 3
	// MaxCorrectEdits is the largest edit distance of a correction.
	MaxCorrectEdits = 2
	// maxCorrectRunes bounds the words looked at (and so the distance
	// table): longer ones are left as typed.
	maxCorrectRunes = 32
)

// Near is a dictionary token close to a word: its edit distance and the
// number of documents that hold it.
type Near struct {
	Token string
	Edits int
	Docs  int
}

// Has reports whether token is in the dictionary.
func (ix *MemIndex) Has(token string) bool {
	_, ok := slices.BinarySearch(ix.tokens, token)
	return ok
}

// Nearest returns the tokens within MaxCorrectEdits (Damerau, adjacent
// swaps count one) of word, other than word itself, closest first, then
// held by most documents, then in byte order; at most limit. Words shorter
// than MinCorrectRunes or longer than maxCorrectRunes get none. The work is
// one pass over the dictionary, skipping tokens whose length alone puts
// them too far, and a distance table of at most (maxCorrectRunes+1)² cells
// for the others, cut short once a row exceeds the bound.
func (ix *MemIndex) Nearest(word string, limit int) []Near {
	n := utf8.RuneCountInString(word)
	if n < MinCorrectRunes || n > maxCorrectRunes || limit <= 0 {
		return nil
	}
	w := []rune(word)
	var out []Near
	var buf []rune
	for t, tok := range ix.tokens {
		m := utf8.RuneCountInString(tok)
		if m < n-MaxCorrectEdits || m > n+MaxCorrectEdits || tok == word {
			continue
		}
		buf = append(buf[:0], []rune(tok)...)
		d := editDistance(w, buf, MaxCorrectEdits)
		if d > MaxCorrectEdits {
			continue
		}
		out = append(out, Near{Token: tok, Edits: d, Docs: int(ix.start[t+1] - ix.start[t])})
	}
	SortNear(out)
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// SortNear orders candidates closest first, then by most documents, then
// by token.
func SortNear(ns []Near) {
	slices.SortFunc(ns, func(a, b Near) int {
		if a.Edits != b.Edits {
			return a.Edits - b.Edits
		}
		if a.Docs != b.Docs {
			return b.Docs - a.Docs
		}
		if a.Token < b.Token {
			return -1
		}
		if a.Token > b.Token {
			return 1
		}
		return 0
	})
}

// editDistance is the optimal-string-alignment distance between a and b,
// or bound+1 as soon as it must exceed bound.
func editDistance(a, b []rune, bound int) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			best = min(best, v)
		}
		if best > bound {
			return bound + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
