package search

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// MemIndex is an in-memory token index that matches and scores queries in
// Go: a sorted token dictionary with a posting array per token, and each
// document's tokens for the short-prefix rule. Documents are numbered
// 0..n-1 by the caller; a MemIndex is immutable and safe for concurrent
// use.
type MemIndex struct {
	tokens []string // byte order
	// Postings of tokens[t]: docs[start[t]:start[t+1]], ascending, with
	// weights.
	start   []int32
	docs    []int32
	weights []uint8
	// Tokens of document d: forward[fstart[d]:fstart[d+1]], ascending
	// token numbers (so byte order), with weights.
	fstart   []int32
	forward  []int32
	fweights []uint8
	// Runes found first and second in some token: the only ones a typo
	// at position 0 or 1 can have put there.
	firstRunes, secondRunes []rune
	scratch                 sync.Pool // of *scores
}

// EncodeDocument renders what Index returns for one document as the text
// stored with the product: "token:weight" pairs separated by spaces, in
// byte order. Tokens are letters and digits only, so neither separator
// can occur in one.
func EncodeDocument(tokens map[string]int) string {
	keys := make([]string, 0, len(tokens))
	for t := range tokens {
		keys = append(keys, t)
	}
	slices.Sort(keys)
	var b strings.Builder
	for i, t := range keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(tokens[t]))
	}
	return b.String()
}

// Builder collects documents, in ascending document order.
type Builder struct {
	number map[string]int32 // token → provisional number
	names  []string         // provisional number → token
	// Postings in document order.
	pdoc    []int32
	ptok    []int32
	pweight []uint8
}

// NewBuilder starts an index.
func NewBuilder() *Builder {
	return &Builder{number: map[string]int32{}}
}

// AddDocument adds the tokens of document doc, as EncodeDocument wrote
// them. Documents must come in ascending order.
func (b *Builder) AddDocument(doc int32, encoded string) error {
	if err := b.next(doc); err != nil {
		return err
	}
	for encoded != "" {
		var pair string
		pair, encoded, _ = strings.Cut(encoded, " ")
		token, w, _ := strings.Cut(pair, ":")
		weight, err := strconv.Atoi(w)
		if err != nil || token == "" || weight < WeightDescription || weight > WeightName {
			return fmt.Errorf("search index: document %d: bad pair %q", doc, pair)
		}
		// A copy: token points into the row's text.
		b.add(doc, token, uint8(weight), true)
	}
	return nil
}

// AddFrom adds the tokens document from has in ix as document doc: how a
// rebuilt index takes over unchanged documents without decoding them.
func (b *Builder) AddFrom(doc int32, ix *MemIndex, from int32) error {
	if err := b.next(doc); err != nil {
		return err
	}
	for p := ix.fstart[from]; p < ix.fstart[from+1]; p++ {
		b.add(doc, ix.tokens[ix.forward[p]], ix.fweights[p], false)
	}
	return nil
}

// Grow makes room for about n more postings (token occurrences), so that a
// large build does not grow its arrays by doubling.
func (b *Builder) Grow(n int) {
	b.pdoc = slices.Grow(b.pdoc, n)
	b.ptok = slices.Grow(b.ptok, n)
	b.pweight = slices.Grow(b.pweight, n)
}

// Postings is the number of token occurrences in the index.
func (ix *MemIndex) Postings() int { return len(ix.docs) }

func (b *Builder) next(doc int32) error {
	if doc < 0 || (len(b.pdoc) > 0 && doc <= b.pdoc[len(b.pdoc)-1]) {
		return fmt.Errorf("search index: document %d out of order", doc)
	}
	return nil
}

func (b *Builder) add(doc int32, token string, weight uint8, clone bool) {
	n, ok := b.number[token]
	if !ok {
		if clone {
			token = strings.Clone(token)
		}
		n = int32(len(b.names))
		b.number[token] = n
		b.names = append(b.names, token)
	}
	b.pdoc = append(b.pdoc, doc)
	b.ptok = append(b.ptok, n)
	b.pweight = append(b.pweight, weight)
}

// Index finishes an index of docs documents (those never added have no
// tokens); the Builder must not be used afterwards.
func (b *Builder) Index(docs int) *MemIndex {
	ix := &MemIndex{tokens: slices.Clone(b.names)}
	slices.Sort(ix.tokens)
	rank := make([]int32, len(b.names))
	for i, name := range b.names {
		r, _ := slices.BinarySearch(ix.tokens, name)
		rank[i] = int32(r)
	}
	b.number = nil
	// Counting sort of the postings by token; documents stay ascending.
	ix.start = make([]int32, len(ix.tokens)+1)
	for _, t := range b.ptok {
		ix.start[rank[t]+1]++
	}
	for t := range ix.tokens {
		ix.start[t+1] += ix.start[t]
	}
	ix.docs = make([]int32, len(b.pdoc))
	ix.weights = make([]uint8, len(b.pdoc))
	fill := slices.Clone(ix.start[:len(ix.tokens)])
	for i, d := range b.pdoc {
		t := rank[b.ptok[i]]
		ix.docs[fill[t]], ix.weights[fill[t]] = d, b.pweight[i]
		fill[t]++
	}
	b.pdoc, b.ptok, b.pweight = nil, nil, nil
	// The forward lists, filled token by token, come out in token order.
	ix.fstart = make([]int32, docs+1)
	for _, d := range ix.docs {
		ix.fstart[d+1]++
	}
	for d := range docs {
		ix.fstart[d+1] += ix.fstart[d]
	}
	ix.forward = make([]int32, len(ix.docs))
	ix.fweights = make([]uint8, len(ix.docs))
	ffill := slices.Clone(ix.fstart[:docs])
	first, second := map[rune]bool{}, map[rune]bool{}
	for t, tok := range ix.tokens {
		for p := ix.start[t]; p < ix.start[t+1]; p++ {
			d := ix.docs[p]
			ix.forward[ffill[d]], ix.fweights[ffill[d]] = int32(t), ix.weights[p]
			ffill[d]++
		}
		r, n := utf8.DecodeRuneInString(tok)
		first[r] = true
		if r2, _ := utf8.DecodeRuneInString(tok[n:]); n < len(tok) {
			second[r2] = true
		}
	}
	for r := range first {
		ix.firstRunes = append(ix.firstRunes, r)
	}
	for r := range second {
		ix.secondRunes = append(ix.secondRunes, r)
	}
	ix.scratch.New = func() any { return &scores{best: make([]int32, docs)} }
	return ix
}

// Hit is a matching document and its relevance (Σ weight × quality, in
// tenths, as the contract's weights and qualities are integers).
type Hit struct {
	Doc   int32
	Score int32
}

// scores is per-document scratch space: best is all zero between uses.
type scores struct {
	best    []int32
	touched []int32
}

// Match returns every document that matches all terms (normalised, the
// last one typed as a prefix: Parse), in no particular order, with its
// relevance. A last term of ShortPrefixRunes or fewer never expands to
// the dictionary: after other terms it only checks their documents' own
// tokens; alone it matches product names only (WeightName postings).
func (ix *MemIndex) Match(terms []string) []Hit { return ix.MatchInto(nil, terms) }

// MatchInto is Match writing into buf's storage (its contents are
// dropped): a caller that reuses buf across searches makes no garbage of
// the hits, which for a broad term at 100k products are hundreds of
// kilobytes per search — and each catalogue change makes searches run
// afresh, so with writes that garbage drove the collector (decision 0016).
func (ix *MemIndex) MatchInto(buf []Hit, terms []string) []Hit {
	buf = buf[:0]
	if len(terms) == 0 {
		return buf
	}
	last := terms[len(terms)-1]
	short := utf8.RuneCountInString(last) <= ShortPrefixRunes
	regular := terms
	if short {
		regular = terms[:len(terms)-1]
	}
	sc := ix.scratch.Get().(*scores)
	defer ix.scratch.Put(sc)
	if len(regular) == 0 {
		lo, hi := ix.prefixRange(last)
		for t := lo; t < hi; t++ {
			q := prefixQuality(ix.tokens[t], last)
			for p := ix.start[t]; p < ix.start[t+1]; p++ {
				if ix.weights[p] == WeightName {
					sc.offer(ix.docs[p], WeightName*q)
				}
			}
		}
		return sc.drain(buf)
	}
	hits := buf
	for i, term := range regular {
		for t, q := range ix.expand(term, !short && i == len(terms)-1) {
			for p := ix.start[t]; p < ix.start[t+1]; p++ {
				sc.offer(ix.docs[p], int32(ix.weights[p])*q)
			}
		}
		if i == 0 {
			hits = sc.drain(hits)
		} else {
			hits = sc.intersect(hits)
		}
		if len(hits) == 0 {
			return hits
		}
	}
	if !short {
		return hits
	}
	// A short last term narrows what the other terms found: each document
	// is checked against its own tokens in the prefix's range.
	lo, hi := ix.prefixRange(last)
	kept := hits[:0]
	for _, h := range hits {
		toks := ix.forward[ix.fstart[h.Doc]:ix.fstart[h.Doc+1]]
		best := int32(0)
		for j, _ := slices.BinarySearch(toks, int32(lo)); j < len(toks) && int(toks[j]) < hi; j++ {
			best = max(best, int32(ix.fweights[ix.fstart[h.Doc]+int32(j)])*prefixQuality(ix.tokens[toks[j]], last))
		}
		if best > 0 {
			kept = append(kept, Hit{h.Doc, h.Score + best})
		}
	}
	return kept
}

func prefixQuality(token, prefix string) int32 {
	if token == prefix {
		return QualityExact
	}
	return QualityPrefix
}

// offer records value for doc if it beats what doc has so far.
func (s *scores) offer(doc int32, value int32) {
	if s.best[doc] == 0 {
		s.touched = append(s.touched, doc)
	}
	s.best[doc] = max(s.best[doc], value)
}

// drain appends every offered document to hits and clears the scratch.
func (s *scores) drain(hits []Hit) []Hit {
	for _, d := range s.touched {
		hits = append(hits, Hit{d, s.best[d]})
		s.best[d] = 0
	}
	s.touched = s.touched[:0]
	return hits
}

// intersect keeps the hits that were offered something, adding it to
// their score, and clears the scratch.
func (s *scores) intersect(hits []Hit) []Hit {
	kept := hits[:0]
	for _, h := range hits {
		if v := s.best[h.Doc]; v > 0 {
			kept = append(kept, Hit{h.Doc, h.Score + v})
		}
	}
	for _, d := range s.touched {
		s.best[d] = 0
	}
	s.touched = s.touched[:0]
	return kept
}

// prefixRange is the range of token numbers that start with p.
func (ix *MemIndex) prefixRange(p string) (lo, hi int) {
	lo, _ = slices.BinarySearch(ix.tokens, p)
	hi = lo
	for hi < len(ix.tokens) && strings.HasPrefix(ix.tokens[hi], p) {
		hi++
	}
	return lo, hi
}

// expand returns the tokens term matches with their Quality. Only tokens
// that can match are tested: equal, starting with the term (last), and for
// a typo the prefix ranges one edit can produce — the first two runes
// kept, or an edit at position 0 or 1 (see typoPrefixes).
func (ix *MemIndex) expand(term string, last bool) map[int]int32 {
	out := map[int]int32{}
	test := func(lo, hi int) {
		for t := lo; t < hi; t++ {
			if _, seen := out[t]; seen {
				continue
			}
			if q := Quality(term, ix.tokens[t], last); q > 0 {
				out[t] = int32(q)
			}
		}
	}
	if last {
		test(ix.prefixRange(term))
	} else if t, ok := slices.BinarySearch(ix.tokens, term); ok {
		out[t] = QualityExact
	}
	if utf8.RuneCountInString(term) >= MinEditRunes {
		for _, p := range ix.typoPrefixes([]rune(term)) {
			test(ix.prefixRange(p))
		}
	}
	return out
}

// typoPrefixes lists prefixes that every token within one edit of t (or,
// for a last term, whose prefix is) starts with. An edit at position 2 or
// later keeps t[:2]; one at position 0 or 1 is a substitution, insertion,
// deletion or swap there, and what it inserts or substitutes is a rune
// some token has at that position.
func (ix *MemIndex) typoPrefixes(t []rune) []string {
	s := func(parts ...[]rune) string {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(string(p))
		}
		return b.String()
	}
	out := []string{
		string(t[:2]),
		s(t[1:]),                        // t[0] deleted
		s(t[1:2], t[:1], t[2:]),         // t[0], t[1] swapped
		s(t[:1], t[2:]),                 // t[1] deleted
		s(t[:1], t[2:3], t[1:2], t[3:]), // t[1], t[2] swapped
	}
	for _, c := range ix.firstRunes {
		out = append(out, s([]rune{c}, t[1:]), s([]rune{c}, t))
	}
	for _, c := range ix.secondRunes {
		out = append(out, s(t[:1], []rune{c}, t[2:]), s(t[:1], []rune{c}, t[1:]))
	}
	return out
}

// Score is the relevance Match gives document doc for the terms, 0 when
// it does not match: what one changed document does to a kept search,
// found from its own tokens rather than by matching the whole index.
func (ix *MemIndex) Score(doc int32, terms []string) int32 {
	if doc < 0 || int(doc) >= len(ix.fstart)-1 {
		return 0
	}
	return score(terms, func(yield func(token string, weight int32) bool) {
		for p := ix.fstart[doc]; p < ix.fstart[doc+1]; p++ {
			if !yield(ix.tokens[ix.forward[p]], int32(ix.fweights[p])) {
				return
			}
		}
	})
}

// DocumentScore is Score of a document as EncodeDocument wrote it.
func DocumentScore(encoded string, terms []string) int32 {
	return score(terms, func(yield func(token string, weight int32) bool) {
		for rest := encoded; rest != ""; {
			var pair string
			pair, rest, _ = strings.Cut(rest, " ")
			token, w, _ := strings.Cut(pair, ":")
			weight, _ := strconv.Atoi(w)
			if !yield(token, int32(weight)) {
				return
			}
		}
	})
}

// score is Match's rule for one document's tokens: each term's best token
// (weight × Quality, a short last term as a prefix), summed, 0 when a
// term has none; a short term alone matches product names only.
func score(terms []string, tokens func(yield func(token string, weight int32) bool)) int32 {
	if len(terms) == 0 {
		return 0
	}
	last := terms[len(terms)-1]
	short := utf8.RuneCountInString(last) <= ShortPrefixRunes
	best := func(rate func(token string, weight int32) int32) int32 {
		b := int32(0)
		for token, weight := range tokens {
			b = max(b, rate(token, weight))
		}
		return b
	}
	prefix := func(nameOnly bool) func(string, int32) int32 {
		return func(token string, weight int32) int32 {
			if !strings.HasPrefix(token, last) || (nameOnly && weight != WeightName) {
				return 0
			}
			return weight * prefixQuality(token, last)
		}
	}
	if short && len(terms) == 1 {
		return best(prefix(true))
	}
	total := int32(0)
	for i, term := range terms {
		var b int32
		if short && i == len(terms)-1 {
			b = best(prefix(false))
		} else {
			isLast := i == len(terms)-1
			b = best(func(token string, weight int32) int32 { return weight * int32(Quality(term, token, isLast)) })
		}
		if b == 0 {
			return 0
		}
		total += b
	}
	return total
}

// Document is document doc as EncodeDocument wrote it.
func (ix *MemIndex) Document(doc int32) string {
	if doc < 0 || int(doc) >= len(ix.fstart)-1 {
		return ""
	}
	var b strings.Builder
	for p := ix.fstart[doc]; p < ix.fstart[doc+1]; p++ {
		if p > ix.fstart[doc] {
			b.WriteByte(' ')
		}
		b.WriteString(ix.tokens[ix.forward[p]])
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(int(ix.fweights[p])))
	}
	return b.String()
}

// MayMatch reports whether a document, as EncodeDocument wrote it, may
// match the terms: every term matches one of its tokens (Quality). It
// never misses a match; it may find one Match would not (a short last
// term alone matches only product names there).
func MayMatch(encoded string, terms []string) bool {
	for i, term := range terms {
		last, found := i == len(terms)-1, false
		for rest := encoded; rest != "" && !found; {
			var pair string
			pair, rest, _ = strings.Cut(rest, " ")
			token, _, _ := strings.Cut(pair, ":")
			found = Quality(term, token, last) > 0
		}
		if !found {
			return false
		}
	}
	return len(terms) > 0
}
