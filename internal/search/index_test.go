package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestMemIndexMatchesEveryToken checks the candidate ranges of expand, and
// Match's scores, against the rule itself: a term stands for exactly the
// tokens Quality accepts, whatever the typo's position, on a vocabulary dense in near
// misses (and a few non-ASCII runes).
func TestMemIndexMatchesEveryToken(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []rune("abcdeé5")
	word := func(n int) string {
		r := make([]rune, n)
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(r)
	}
	vocab := map[string]int{}
	for range 3000 {
		vocab[word(3+rng.IntN(5))] = []int{WeightName, WeightCategory, WeightStore, WeightDescription}[rng.IntN(4)]
	}
	tokens := make([]string, 0, len(vocab))
	for tok := range vocab {
		tokens = append(tokens, tok)
	}
	slices.Sort(tokens)
	// Token i belongs to document i % docs.
	const docs = 200
	perToken := map[string][]int32{}
	perDoc := make([]map[string]int, docs)
	for i, tok := range tokens {
		d := i % docs
		if perDoc[d] == nil {
			perDoc[d] = map[string]int{}
		}
		perDoc[d][tok] = vocab[tok]
		perToken[tok] = []int32{int32(d)}
	}
	b := NewBuilder()
	for d, m := range perDoc {
		if err := b.AddDocument(int32(d), EncodeDocument(m)); err != nil {
			t.Fatal(err)
		}
	}
	ix := b.Index(docs)
	for range 2000 {
		term, last := word(5+rng.IntN(3)), rng.IntN(2) == 0
		want := map[int]int32{}
		for i, tok := range tokens {
			if q := Quality(term, tok, last); q > 0 {
				want[i] = int32(q)
			}
		}
		if got := ix.expand(term, last); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("expand(%q, %v) = %v; want %v", term, last, got, want)
		}
	}
	for n := range 600 {
		terms := []string{word(5 + rng.IntN(2)), word(2 + rng.IntN(5))}
		if n%2 == 1 {
			terms = terms[1:] // alone, short or not
		}
		want := map[int32]int32{}
		count := map[int32]int{}
		for i, term := range terms {
			last := i == len(terms)-1
			best := map[int32]int32{}
			for _, tok := range tokens {
				var q int
				if last && len([]rune(term)) <= ShortPrefixRunes {
					// Alone, a short term matches product names only.
					if strings.HasPrefix(tok, term) && (len(terms) > 1 || vocab[tok] == WeightName) {
						q = int(prefixQuality(tok, term))
					}
				} else {
					q = Quality(term, tok, last)
				}
				if q > 0 {
					for _, d := range perToken[tok] {
						best[d] = max(best[d], int32(vocab[tok]*q))
					}
				}
			}
			for d, v := range best {
				want[d] += v
				count[d]++
			}
		}
		for d, n := range count {
			if n < len(terms) {
				delete(want, d)
			}
		}
		got := map[int32]int32{}
		for _, h := range ix.Match(terms) {
			got[h.Doc] = h.Score
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("Match(%q) = %v; want %v", terms, got, want)
		}
		// One document scored from its own tokens gets what Match gives it.
		for d := range int32(docs) {
			if s := ix.Score(d, terms); s != want[d] {
				t.Fatalf("Score(%d, %q) = %d; want %d", d, terms, s, want[d])
			}
			if s := DocumentScore(ix.Document(d), terms); s != want[d] {
				t.Fatalf("DocumentScore(%d, %q) = %d; want %d", d, terms, s, want[d])
			}
		}
	}
}

func TestBuilderRejectsBadDocuments(t *testing.T) {
	b := NewBuilder()
	if err := b.AddDocument(1, EncodeDocument(map[string]int{"xbox": WeightName, "x": WeightCategory})); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		doc     int32
		encoded string
	}{{1, "box:10"}, {0, "box:10"}, {2, "box"}, {3, "box:11"}, {4, ":10"}, {5, "box:10  x:4"}} {
		if err := b.AddDocument(bad.doc, bad.encoded); err == nil {
			t.Errorf("AddDocument(%d, %q) accepted", bad.doc, bad.encoded)
		}
	}
}

func TestEncodeDocument(t *testing.T) {
	got := EncodeDocument(Index(Document{Name: "X-Box", Categories: []string{"Consoles"}, Description: "<p>box</p>"}))
	if want := "box:10 consoles:4 x:10 xbox:10"; got != want {
		t.Errorf("EncodeDocument = %q; want %q", got, want)
	}
}

func TestAddFromCopiesADocument(t *testing.T) {
	docs := []string{
		EncodeDocument(map[string]int{"xbox": WeightName, "console": WeightCategory}),
		EncodeDocument(map[string]int{"samsung": WeightName, "phone": WeightCategory, "accra": WeightStore}),
		EncodeDocument(map[string]int{"xbox": WeightDescription, "controller": WeightName}),
	}
	b := NewBuilder()
	for d, doc := range docs {
		if err := b.AddDocument(int32(d), doc); err != nil {
			t.Fatal(err)
		}
	}
	src := b.Index(len(docs))
	// Documents 2 and 0 copied, in that order, and a new one between.
	c := NewBuilder()
	if err := c.AddFrom(0, src, 2); err != nil {
		t.Fatal(err)
	}
	if err := c.AddDocument(1, EncodeDocument(map[string]int{"xbox": WeightStore})); err != nil {
		t.Fatal(err)
	}
	if err := c.AddFrom(2, src, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.AddFrom(2, src, 1); err == nil {
		t.Error("AddFrom accepted a document out of order")
	}
	ix := c.Index(3)
	got := map[int32]int32{}
	for _, h := range ix.Match([]string{"xbox"}) {
		got[h.Doc] = h.Score
	}
	if want := map[int32]int32{0: 10, 1: 30, 2: 100}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Match(xbox) = %v; want %v", got, want)
	}
	if hits := ix.Match([]string{"samsung"}); len(hits) != 0 {
		t.Errorf("Match(samsung) = %v; want nothing", hits)
	}
}

// TestMatchIntoReusesTheBuffer: MatchInto finds what Match finds, in the
// buffer it is given when that is large enough (no allocation of hits),
// whatever the buffer held; one term, several, and a short last prefix.
func TestMatchIntoReusesTheBuffer(t *testing.T) {
	b := NewBuilder()
	for d := range int32(300) {
		doc := map[string]int{"kente": WeightName, fmt.Sprintf("lamp%d", d%7): WeightDescription}
		if d%3 == 0 {
			doc["adinkra"] = WeightName
		}
		if err := b.AddDocument(d, EncodeDocument(doc)); err != nil {
			t.Fatal(err)
		}
	}
	ix := b.Index(300)
	buf := make([]Hit, 300)
	for i := range buf {
		buf[i] = Hit{Doc: -1, Score: -1}
	}
	for _, terms := range [][]string{{"kente"}, {"kente", "adinkra"}, {"adinkra", "la"}, {"ke"}, {"nothing"}} {
		want := ix.Match(terms)
		got := ix.MatchInto(buf, terms)
		sortHits := func(h []Hit) []Hit {
			h = slices.Clone(h)
			slices.SortFunc(h, func(a, b Hit) int { return int(a.Doc - b.Doc) })
			return h
		}
		if !slices.Equal(sortHits(got), sortHits(want)) {
			t.Errorf("%v: MatchInto found %d hits, Match %d", terms, len(got), len(want))
		}
		if cap(got) > 0 && &got[:1][0] != &buf[0] {
			t.Errorf("%v: hits not written into the buffer given", terms)
		}
		if len(want) == 0 && len(got) != 0 {
			t.Errorf("%v: %d hits; want none", terms, len(got))
		}
	}
}
