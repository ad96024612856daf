package demo

import (
	"math"
	"math/rand/v2"
	"strings"
)

// The home page carousel banners (web/public/hero_images/*.svg) are drawn
// with the same illustrations as the product images. They are static files
// of the web app; TestHeroImages checks them and, with DWA_UPDATE_HERO=1,
// rewrites them from heroSVG.

// heroImages lists the banner file names (without .svg), in slide order.
var heroImages = []string{"computers", "online-shopping", "best-deals", "jewelry-watches"}

// heroStyle makes a drawing style for a banner item with a chosen body colour.
func heroStyle(kind, name string, body rgb, hue float64) *style {
	seed := hash64(name)
	return &style{
		kind:    kind,
		name:    strings.ToLower(name),
		body:    body,
		accent:  hsl(hue+150, 0.55, 0.5),
		screen1: hsl(hue, 0.65, 0.55),
		screen2: hsl(hue+60, 0.7, 0.35),
		n:       1,
		seed:    seed,
		rng:     rand.New(rand.NewPCG(seed, 1)),
	}
}

// place draws one illustration centred at (x, y), scaled and rotated.
func place(c *canvas, s *style, x, y, scale, rot float64) {
	c.open("g", "transform", "translate("+num(x)+" "+num(y)+") rotate("+num(rot)+") scale("+num(scale)+") translate(-400 -400)")
	drawers[s.kind](c, s)
	c.close("g")
}

// heroBackdrop paints the shared banner base: a deep gradient that stays
// dark on the left (where the slide's text sits), a glow behind the items on
// the right and a thin red-gold-green band along the bottom.
func heroBackdrop(c *canvas, left, right rgb, glow rgb) {
	c.rect(0, 0, 1600, 600, 0, c.lin(0, 0, 1, 0.4, stop{0, left, 0}, stop{0.55, left.mix(right, 0.5), 0}, stop{1, right, 0}))
	g := c.radial(0.5, 0.5, 0.5, stop{0, glow, 0.45}, stop{1, glow, 0.001})
	c.ellipse(1140, 300, 520, 330, g)
	// Faint diagonal pattern on the left for texture.
	for i := range 14 {
		x := float64(i)*56 - 120
		c.line(x, 600, x+300, 0, white, 1, "opacity", 0.035)
	}
	for i, col := range []rgb{ghRed, gold, brand.light(0.15)} {
		c.rect(0, 582+float64(i)*6, 1600, 4, 0, col, "opacity", 0.9)
	}
}

// sparkle draws a four-pointed glint.
func sparkle(c *canvas, x, y, r float64, col rgb, opacity float64) {
	d := "M" + num(x) + " " + num(y-r) + "Q" + num(x) + " " + num(y) + " " + num(x+r) + " " + num(y) +
		"Q" + num(x) + " " + num(y) + " " + num(x) + " " + num(y+r) +
		"Q" + num(x) + " " + num(y) + " " + num(x-r) + " " + num(y) +
		"Q" + num(x) + " " + num(y) + " " + num(x) + " " + num(y-r) + "Z"
	c.path(d, col, "opacity", opacity)
}

// bokeh scatters soft circles over a region.
func bokeh(c *canvas, seed uint64, x0, y0, w, h float64, n int, col rgb) {
	r := rand.New(rand.NewPCG(seed, 7))
	for range n {
		x := x0 + r.Float64()*w
		y := y0 + r.Float64()*h
		rad := 6 + r.Float64()*26
		c.circle(x, y, rad, col, "opacity", 0.06+r.Float64()*0.16)
	}
}

// shoppingBag draws a paper shopping bag with rope handles.
func shoppingBag(c *canvas, x, y, w, h float64, col rgb, rot float64) {
	c.open("g", "transform", "rotate("+num(rot)+" "+num(x+w/2)+" "+num(y+h/2)+")")
	c.path("M"+num(x+w*0.28)+" "+num(y+4)+"C"+num(x+w*0.28)+" "+num(y-h*0.38)+" "+num(x+w*0.72)+" "+num(y-h*0.38)+" "+num(x+w*0.72)+" "+num(y+4),
		"none", "stroke", col.dark(0.45), "stroke-width", 7, "stroke-linecap", "round")
	c.path(poly(x+w, y, x+w*1.12, y-h*0.04, x+w*1.12, y+h*0.96, x+w, y+h), col.dark(0.3))
	c.rect(x, y, w, h, 6, c.diag(col.light(0.15), col.dark(0.1)))
	c.rect(x, y, w, h*0.1, 4, col.dark(0.15))
	c.circle(x+w*0.28, y+h*0.05, 5, col.dark(0.6))
	c.circle(x+w*0.72, y+h*0.05, 5, col.dark(0.6))
	c.path(starPath(x+w/2, y+h*0.55, w*0.16, w*0.065), white, "opacity", 0.85)
	c.close("g")
}

// priceTag draws a swing tag with a percent sign.
func priceTag(c *canvas, x, y, scale, rot float64, col rgb) {
	c.open("g", "transform", "translate("+num(x)+" "+num(y)+") rotate("+num(rot)+") scale("+num(scale)+")")
	c.path("M-40 -110L40 -110L60 -80L60 110Q60 120 50 120L-50 120Q-60 120 -60 110L-60 -80Z", c.vert(col.light(0.2), col.dark(0.15)))
	c.circle(0, -78, 12, hexColor("#0b1f15"))
	c.path("M0 -90C-30 -150 30 -180 10 -230", "none", "stroke", gold.light(0.3), "stroke-width", 3)
	// A percent sign made of shapes.
	c.circle(-20, -10, 15, "none", "stroke", hexColor("#0b1f15"), "stroke-width", 9)
	c.circle(20, 60, 15, "none", "stroke", hexColor("#0b1f15"), "stroke-width", 9)
	c.line(28, -28, -28, 78, hexColor("#0b1f15"), 10, "stroke-linecap", "round")
	c.close("g")
}

// phoneShop draws a phone whose screen shows a tiny shop: a banner and a
// grid of product cards.
func phoneShop(c *canvas, x, y, scale, rot float64) {
	c.open("g", "transform", "translate("+num(x)+" "+num(y)+") rotate("+num(rot)+") scale("+num(scale)+")")
	c.rect(-115, -230, 230, 460, 38, c.diag(hexColor("#3a3d42"), hexColor("#15171a")))
	c.rect(-106, -221, 212, 442, 31, "#0b0c0e")
	c.rect(-98, -212, 196, 424, 26, hexColor("#f7f4ec"))
	c.rect(-98, -212, 196, 64, 26, brand)
	c.rect(-98, -170, 196, 22, 0, brand)
	c.rect(-30, -204, 60, 16, 8, "#050505")
	c.rect(-80, -166, 120, 10, 5, white, "opacity", 0.9)
	c.path(starPath(70, -161, 10, 4), gold)
	c.rect(-84, -132, 168, 62, 12, c.diag(gold.light(0.2), goldDeep))
	c.rect(-70, -116, 80, 10, 5, hexColor("#0b1f15"), "opacity", 0.8)
	c.rect(-70, -98, 50, 8, 4, hexColor("#0b1f15"), "opacity", 0.5)
	cols := []rgb{hexColor("#2f6fd6"), ghRed, brand.light(0.2), hexColor("#7b4fb8")}
	for i := range 4 {
		cx := -84 + float64(i%2)*88
		cy := -56 + float64(i/2)*118
		c.rect(cx, cy, 80, 106, 12, white)
		c.rect(cx+8, cy+8, 64, 56, 8, cols[i].light(0.7))
		c.circle(cx+40, cy+36, 18, cols[i], "opacity", 0.8)
		c.rect(cx+8, cy+72, 50, 7, 3, ink, "opacity", 0.6)
		c.rect(cx+8, cy+86, 30, 8, 4, brand)
	}
	c.rect(-84, 186, 168, 16, 8, brand, "opacity", 0.15)
	c.gloss(-115, -230, 230, 460, 38, 0.18)
	c.close("g")
}

// heroSVG draws one of the four home page banners (1600×600).
func heroSVG(name string) []byte {
	c := &canvas{}
	labels := map[string]string{
		"computers":       "Computers and accessories",
		"online-shopping": "Online shopping made easy",
		"best-deals":      "Best deals on gaming rigs",
		"jewelry-watches": "Jewelry and watches",
	}
	c.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600" role="img" aria-label="`)
	c.b.WriteString(xmlEscape(labels[name]))
	c.b.WriteString(`">`)
	switch name {
	case "computers":
		heroBackdrop(c, hexColor("#00331f"), hexColor("#0a7a4c"), gold)
		// Desk top.
		c.path("M640 470L1600 430V600H560Z", c.vert(hexColor("#1b5a3f"), hexColor("#0d3a27")))
		c.path("M640 470L1600 430", "none", "stroke", gold, "stroke-opacity", 0.35, "stroke-width", 2)
		c.shadow(1180, 470, 260, 20, 0.4)
		place(c, heroStyle("monitor", "desk monitor", hexColor("#222326"), 150), 1180, 270, 0.78, 0)
		c.shadow(880, 520, 190, 16, 0.4)
		place(c, heroStyle("laptop", "silver laptop", hexColor("#c9cdd2"), 20), 880, 420, 0.62, 0)
		place(c, heroStyle("keyboard", "desk keyboard", hexColor("#e9e6e0"), 90), 1180, 520, 0.5, 0)
		place(c, heroStyle("mouse", "desk mouse", hexColor("#e9e6e0"), 90), 1420, 512, 0.16, 0)
		place(c, heroStyle("headphones", "desk headphones", hexColor("#2b2d31"), 40), 1460, 330, 0.42, 12)
		place(c, heroStyle("storage", "portable drive", hexColor("#1f6fb8"), 200), 720, 330, 0.22, -14)
		sparkle(c, 1000, 120, 18, gold, 0.8)
		sparkle(c, 1470, 150, 12, white, 0.6)
		sparkle(c, 760, 210, 10, gold, 0.6)
	case "online-shopping":
		heroBackdrop(c, hexColor("#003a24"), hexColor("#0c8a6a"), gold.light(0.2))
		bokeh(c, 11, 700, 40, 900, 500, 18, gold)
		c.circle(1180, 300, 250, "none", "stroke", gold, "stroke-opacity", 0.25, "stroke-width", 2, "stroke-dasharray", "4 10")
		c.shadow(1180, 560, 320, 22, 0.35)
		shoppingBag(c, 870, 300, 170, 230, ghRed.light(0.05), -8)
		shoppingBag(c, 1330, 280, 190, 250, gold.dark(0.05), 6)
		phoneShop(c, 1160, 300, 0.98, -6)
		// Delivery box with tape.
		c.open("g", "transform", "translate(1430 470) scale(0.42) translate(-400 -440)")
		drawBox(c, heroStyle("box", "parcel", hexColor("#c89f6c"), 30))
		c.close("g")
		place(c, heroStyle("smartwatch", "watch on sale", hexColor("#2b2d31"), 300), 760, 470, 0.3, -12)
		sparkle(c, 980, 120, 20, gold, 0.9)
		sparkle(c, 1460, 130, 14, white, 0.7)
		sparkle(c, 1540, 330, 10, gold, 0.7)
	case "best-deals":
		heroBackdrop(c, hexColor("#04150d"), hexColor("#0c3b27"), hexColor("#2dd4bf"))
		// Neon floor grid.
		for i := range 9 {
			x := 700 + float64(i)*110
			c.line(1150, 420, x-(1150-x)*0.8, 600, hexColor("#2dd4bf"), 1.5, "opacity", 0.18)
		}
		for i := range 4 {
			y := 450 + float64(i*i)*14
			c.line(600, y, 1600, y, hexColor("#2dd4bf"), 1.5, "opacity", 0.15)
		}
		c.shadow(1150, 545, 300, 22, 0.5)
		place(c, heroStyle("monitor", "curved gaming monitor", hexColor("#18191b"), 280), 1330, 300, 0.62, 0)
		place(c, heroStyle("desktop", "gaming rig rtx", hexColor("#17181b"), 150), 1010, 290, 0.78, 0)
		place(c, heroStyle("controller", "black controller", hexColor("#1e1f22"), 120), 1290, 478, 0.34, -8)
		place(c, heroStyle("headset", "gaming headset", hexColor("#1e1f22"), 0), 760, 450, 0.36, -10)
		priceTag(c, 1500, 200, 0.72, 14, gold)
		priceTag(c, 780, 190, 0.5, -16, ghRed.light(0.1))
		sparkle(c, 1180, 90, 16, hexColor("#2dd4bf"), 0.8)
		sparkle(c, 900, 540, 10, gold, 0.7)
	case "jewelry-watches":
		heroBackdrop(c, hexColor("#02261a"), hexColor("#0b5a3b"), gold)
		bokeh(c, 5, 640, 20, 960, 540, 26, gold.light(0.2))
		// Velvet display cushion.
		c.ellipse(1150, 520, 420, 70, c.vert(hexColor("#0f4a33"), hexColor("#062819")))
		c.ellipse(1150, 505, 400, 52, hexColor("#145c40"))
		place(c, heroStyle("necklace", "gold pendant necklace", hexColor("#d4af37"), 30), 1150, 255, 0.72, 0)
		place(c, heroStyle("watch", "gold steel watch", hexColor("#d4af37"), 30), 910, 330, 0.62, -10)
		place(c, heroStyle("ring", "gold diamond ring", hexColor("#d4af37"), 30), 1340, 430, 0.42, 8)
		place(c, heroStyle("bracelet", "krobo beads", hexColor("#d4af37"), 30), 1500, 300, 0.3, 0)
		place(c, heroStyle("earrings", "gold hoop earrings", hexColor("#d4af37"), 30), 1160, 480, 0.26, 0)
		for i := range 6 {
			a := float64(i) * math.Pi / 3
			sparkle(c, 1150+330*math.Cos(a), 260+200*math.Sin(a), 10+float64(i%3)*6, gold.light(0.4), 0.8)
		}
	}
	c.b.WriteString("</svg>")
	return c.b.Bytes()
}
