package search

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"iphone", "iphone", 0},
		{"iphnoe", "iphone", 1},
		{"samsnug", "samsung", 1},
		{"iphon", "iphone", 1},
		{"ipone", "iphone", 1},
		{"phnoe", "iphone", 2},
		{"kettle", "iphone", 3},
		{"abc", "xyzabc", 3},
	} {
		if got := editDistance([]rune(c.a), []rune(c.b), 2); got != min(c.want, 3) {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, min(c.want, 3))
		}
	}
}

func TestNearest(t *testing.T) {
	b := NewBuilder()
	docs := []string{"iphone:10 apple:10", "iphone:10", "phone:10", "samsung:10", "ipad:10"}
	for i, d := range docs {
		if err := b.AddDocument(int32(i), d); err != nil {
			t.Fatal(err)
		}
	}
	ix := b.Index(len(docs))
	got := ix.Nearest("iphnoe", 5)
	if len(got) != 2 || got[0] != (Near{"iphone", 1, 2}) || got[1] != (Near{"phone", 2, 1}) {
		t.Fatalf("Nearest(iphnoe) = %v", got)
	}
	if got := ix.Nearest("iphnoe", 1); len(got) != 1 {
		t.Fatalf("limit not kept: %v", got)
	}
	if got := ix.Nearest("ip", 5); got != nil {
		t.Fatalf("short word corrected: %v", got)
	}
	if got := ix.Nearest("zzzzzz", 5); got != nil {
		t.Fatalf("gibberish corrected: %v", got)
	}
	if !ix.Has("ipad") || ix.Has("ipa") {
		t.Fatal("Has")
	}
}
