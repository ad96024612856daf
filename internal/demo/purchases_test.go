package demo

import (
	"reflect"
	"strings"
	"testing"
)

func TestPurchasesAreFixedAndPossible(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	plan := Purchases(c)
	if again := Purchases(c); !reflect.DeepEqual(plan, again) {
		t.Fatal("two plans of one catalogue differ")
	}
	sold := map[int]int{}
	orders, reviews := 0, 0
	stars := map[int]int{}
	for _, sh := range plan {
		if !strings.HasSuffix(sh.Email, "@example.com") || strings.Contains(sh.Email, "_") {
			t.Errorf("%s: e-mail %q", sh.Username, sh.Email)
		}
		for _, acc := range c.Accounts {
			if acc.Username == sh.Username {
				t.Errorf("shopper %s is a catalogue account", sh.Username)
			}
		}
		seen := map[int]bool{}
		for _, o := range sh.Orders {
			orders++
			if len(o.Products) == 0 || len(o.Ratings) != len(o.Products) || len(o.Reviews) != len(o.Products) {
				t.Fatalf("%s: malformed order %+v", sh.Username, o)
			}
			for i, p := range o.Products {
				if seen[p] {
					t.Errorf("%s buys product %d twice: one rating each", sh.Username, p)
				}
				seen[p] = true
				sold[p]++
				stars[o.Ratings[i]]++
				if o.Ratings[i] < 1 || o.Ratings[i] > 5 {
					t.Errorf("rating %d", o.Ratings[i])
				}
				if o.Reviews[i] != "" {
					reviews++
				}
			}
		}
	}
	for p, n := range sold {
		if left := c.Products[p].Inventory - n; left < minStockLeft {
			t.Errorf("%s: %d left after the demo purchases", c.Products[p].Name, left)
		}
	}
	if orders < 60 || reviews < 40 || len(stars) < 4 {
		t.Errorf("%d orders, %d reviews, ratings %v: too few or too alike for real averages", orders, reviews, stars)
	}
}
