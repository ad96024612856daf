package demo

import (
	"math"
	"math/rand/v2"
	"strings"
)

// Shopper is a demo buyer whose orders the seed places, pays and has
// delivered, and who then rates (and sometimes reviews) what they bought,
// so that every star on the demo catalogue is a verified purchase.
type Shopper struct {
	Username string
	Email    string
	Orders   []Purchase
}

// Purchase is one order: product indexes into Catalogue.Products (one unit
// each) and what the shopper thought of each.
type Purchase struct {
	Products []int
	Ratings  []int    // 1–5, one per product
	Reviews  []string // "" when the shopper left no review
}

// shopperNames are the demo buyers (first_last); none of them is a
// catalogue account, so nobody signs in as them.
var shopperNames = []string{
	"abena_owusu", "kofi_boateng", "akua_mensah", "yaw_asante", "adwoa_darko", "kwabena_osei",
	"nii_lartey", "selorm_agbeko", "abdul_rahman_iddrisu", "zainab_alhassan", "ekow_baidoo",
	"yayra_adzo",
}

// A dozen shoppers (each one a password hash) with ordersPerShopper orders
// of one to three lines make about 70 orders: enough for real averages and
// co-purchases, few enough to seed in a second or two.
const (
	ordersPerShopper = 7
	// minStockLeft is the stock a purchase never goes below, so the demo
	// catalogue's stock badges and the end-to-end tests' stock stay as
	// written.
	minStockLeft = 8
)

// Purchases plans the demo orders of the catalogue: the same plan for the
// same catalogue on every run. A few products in each store sell most
// (popularity falls with the product's place in its store), a purchase often
// comes with another product of the same store (what "bought together"
// finds), and each product has a quality around which its ratings vary.
func Purchases(c *Catalogue) []Shopper {
	rng := rand.New(rand.NewPCG(19, 2026))
	byStore := map[string][]int{}
	for i, p := range c.Products {
		byStore[p.Store] = append(byStore[p.Store], i)
	}
	weight := make([]float64, len(c.Products))
	quality := make([]float64, len(c.Products))
	companions := make([][]int, len(c.Products))
	var total float64
	for _, idx := range byStore {
		for place, i := range idx {
			weight[i] = math.Pow(float64(1+place%12), -1.6)
			// Neighbours in the catalogue are usually related (a console
			// and its controller, a phone and its case).
			if place+1 < len(idx) {
				companions[i] = append(companions[i], idx[place+1])
			}
			if place > 0 {
				companions[i] = append(companions[i], idx[place-1])
			}
		}
	}
	for i := range quality {
		total += weight[i] // in index order: the same sum on every run
		quality[i] = 3.2 + 1.8*rng.Float64()
	}
	stock := make([]int, len(c.Products))
	for i, p := range c.Products {
		stock[i] = p.Inventory - minStockLeft
	}
	take := func(i int) bool {
		if stock[i] <= 0 {
			return false
		}
		stock[i]--
		return true
	}
	pick := func() int {
		x := rng.Float64() * total
		for i, w := range weight {
			if x -= w; x < 0 {
				return i
			}
		}
		return len(weight) - 1
	}
	var out []Shopper
	for _, name := range shopperNames {
		sh := Shopper{Username: name, Email: strings.ReplaceAll(name, "_", ".") + "@example.com"}
		bought := map[int]bool{}
		for range ordersPerShopper {
			var pu Purchase
			add := func(i int) {
				if bought[i] || !take(i) {
					return
				}
				bought[i] = true
				r := min(5, max(1, int(quality[i]+rng.NormFloat64()*0.9+0.5)))
				pu.Products = append(pu.Products, i)
				pu.Ratings = append(pu.Ratings, r)
				review := ""
				if rng.IntN(5) < 3 {
					texts := reviewTexts[r]
					review = texts[rng.IntN(len(texts))]
				}
				pu.Reviews = append(pu.Reviews, review)
			}
			first := pick()
			for try := 0; try < 4 && stock[first] <= 0; try++ {
				first = pick()
			}
			add(first)
			for _, c := range companions[first] {
				if rng.IntN(10) < 6 {
					add(c)
				}
			}
			if len(pu.Products) > 0 {
				sh.Orders = append(sh.Orders, pu)
			}
		}
		out = append(out, sh)
	}
	return out
}

// reviewTexts are what a shopper in Ghana writes, by the stars they gave.
var reviewTexts = map[int][]string{
	5: {
		"Delivered to Kumasi in two days and it works perfectly. Value for money, I will buy again.",
		"Original product, well sealed. The seller even called to confirm my address. Top service!",
		"My wife loves it. Good quality and the price is fair compared to Circle.",
		"Paid with MoMo and it came the next day in Accra. Everything as described.",
		"Correct item, neatly packed, works well even when the light goes off and comes back. Five stars.",
		"I was doubting at first but this one is the real deal. Chale, buy it.",
	},
	4: {
		"Good product. Delivery took a bit longer than promised but the item is fine.",
		"Works well so far, two weeks of daily use. The box was a little dented.",
		"Nice one. The price is a bit high but the quality is there.",
		"Does what it says. I would have liked a longer charging cable in the box.",
		"Satisfied. The rider was patient when I was running late from work.",
	},
	3: {
		"It is okay for the price. Not as strong as I expected.",
		"Average. It works but the finish feels cheap in the hand.",
		"Came without the manual, but the seller sent a PDF on WhatsApp when I asked.",
		"Fair. Battery life is shorter than advertised.",
	},
	2: {
		"Not happy. It started heating after one week of use.",
		"The colour is not what was in the picture. The seller promised to exchange it.",
		"Delivery was late by a week and nobody called me.",
	},
	1: {
		"Stopped working after three days. Still waiting for my refund.",
		"Poor quality, do not waste your money.",
	},
}
