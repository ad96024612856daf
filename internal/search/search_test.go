package search

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTokens(t *testing.T) {
	tests := []struct{ in, want string }{
		{"X-Box Series S", "[xbox x box series s]"},
		{"Men's CAFÉ crème", "[mens men s cafe creme]"},
		{"iPhone 15, (PS5) 11-inch", "[iphone 15 ps5 11inch 11 inch]"},
		{"ﬁne Ｆｕｌｌ", "[fine full]"},
		{"– & 💥", "[]"},
	}
	for _, tc := range tests {
		if got := fmt.Sprint(Tokens(tc.in)); got != tc.want {
			t.Errorf("Tokens(%q) = %s; want %s", tc.in, got, tc.want)
		}
	}
}

func TestIndexKeepsTheBestWeight(t *testing.T) {
	got := Index(Document{Name: "Xbox Controller", Categories: []string{"Gaming", "Controllers"}, Store: "Accra Game Hub",
		Description: "<p>For <strong>Xbox</strong> and PC.</p><table><tr><td>Carbon</td><td>Black</td></tr></table>"})
	want := map[string]int{"xbox": 10, "controller": 10, "gaming": 4, "controllers": 4, "accra": 3, "game": 3, "hub": 3,
		"for": 1, "and": 1, "pc": 1, "carbon": 1, "black": 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Index = %v\nwant    %v", got, want)
	}
	long := strings.Repeat("a", MaxTokenRunes+1)
	if _, ok := Index(Document{Name: long})[long]; ok {
		t.Error("an over-long token was indexed")
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in    string
		want  string
		blank bool
	}{
		{"", "[]", true},
		{"   ", "[]", true},
		{"!!! 💥", "[]", false},
		{"X-Box, cont", "[xbox cont]", false},
		{`"; DROP TABLE products; --`, "[drop table products]", false},
		{strings.Repeat("a ", 20), "[a a a a a a a a a a]", false},
	}
	for _, tc := range tests {
		q := Parse(tc.in)
		if fmt.Sprint(q.Terms) != tc.want || q.Blank != tc.blank {
			t.Errorf("Parse(%q) = %v blank=%v; want %s blank=%v", tc.in, q.Terms, q.Blank, tc.want, tc.blank)
		}
	}
	// Only the first 200 code points count: the 201st starts a new term.
	q := Parse(strings.Repeat("é", 199) + " zz")
	if len(q.Terms) != 1 || utf8.RuneCountInString(q.Terms[0]) != 199 {
		t.Errorf("200-code-point cut: %d terms", len(q.Terms))
	}
}

func TestQuality(t *testing.T) {
	tests := []struct {
		term, token string
		last        bool
		want        int
	}{
		{"xbox", "xbox", false, QualityExact},
		{"play", "playstation", true, QualityPrefix},
		{"play", "playstation", false, 0},
		{"samsnug", "samsung", false, QualityEdit},        // adjacent swap
		{"contoller", "controller", false, QualityEdit},   // insertion
		{"controlller", "controller", false, QualityEdit}, // deletion
		{"samsing", "samsung", false, QualityEdit},        // substitution
		{"samsnug", "samsungs", false, 0},                 // two edits
		{"sams", "samz", false, 0},                        // too short for a typo
		{"samsn", "samsung", true, QualityEdit},           // near a prefix while typing
		{"contoll", "controller", true, QualityEdit},      // one insertion from the prefix "control…"
		{"plystation", "playstation", true, QualityEdit},
		{"zzzzz", "samsung", true, 0},
	}
	for _, tc := range tests {
		if got := Quality(tc.term, tc.token, tc.last); got != tc.want {
			t.Errorf("Quality(%q, %q, last=%v) = %d; want %d", tc.term, tc.token, tc.last, got, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"xbox cont", `" OR 1=1 --`, "💥", "Ｆｕｌｌ ﬁne", strings.Repeat("ab,", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Parse(s)
		if len(q.Terms) > MaxTerms {
			t.Fatalf("%d terms", len(q.Terms))
		}
		for _, term := range q.Terms {
			if term == "" || strings.ContainsAny(term, " ,") || Normalize(term) != term {
				t.Fatalf("Parse(%q): bad term %q", s, term)
			}
			if Quality(term, term, true) != QualityExact {
				t.Fatalf("term %q does not match itself", term)
			}
		}
	})
}
