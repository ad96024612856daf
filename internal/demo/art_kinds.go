package demo

import (
	"math"
	"strconv"
	"strings"
)

// One drawing function per illustration kind. Each draws in the 800×800
// space centred on (400, 400); see art.go.

type drawer func(c *canvas, s *style)

var drawers map[string]drawer

func init() {
	drawers = map[string]drawer{
		"phone": drawPhone, "featurephone": drawFeaturePhone, "tablet": drawTablet,
		"console": drawConsole, "handheld": drawHandheld, "controller": drawController,
		"headset": drawHeadset, "headphones": drawHeadphones, "earbuds": drawEarbuds,
		"speaker": drawSpeaker, "camera": drawCamera, "smartwatch": drawSmartwatch,
		"band": drawBand, "watch": drawWatch, "ring": drawRing, "necklace": drawNecklace,
		"bracelet": drawBracelet, "earrings": drawEarrings, "laptop": drawLaptop,
		"desktop": drawDesktop, "monitor": drawMonitor, "keyboard": drawKeyboard,
		"mouse": drawMouse, "printer": drawPrinter, "storage": drawStorage,
		"powerbank": drawPowerbank, "charger": drawCharger, "case": drawCase,
		"game": drawGame, "calculator": drawCalculator, "backpack": drawBackpack,
		"box": drawBox,
	}
}

// ---------------------------------------------------------------------------
// Shared helpers.

// poly turns x,y pairs into a closed path.
func poly(pts ...float64) string {
	var b strings.Builder
	for i := 0; i+1 < len(pts); i += 2 {
		if i == 0 {
			b.WriteByte('M')
		} else {
			b.WriteByte('L')
		}
		b.WriteString(num(pts[i]))
		b.WriteByte(' ')
		b.WriteString(num(pts[i+1]))
	}
	b.WriteByte('Z')
	return b.String()
}

// ellipsePath is an ellipse as path data, for even-odd cut-outs.
func ellipsePath(cx, cy, rx, ry float64) string {
	return "M" + num(cx-rx) + " " + num(cy) + "a" + num(rx) + " " + num(ry) + " 0 1 0 " + num(2*rx) +
		" 0a" + num(rx) + " " + num(ry) + " 0 1 0 " + num(-2*rx) + " 0Z"
}

// clip starts a group clipped to a rounded rectangle; close it with
// c.close("g").
func (c *canvas) clip(x, y, w, h, rx float64) {
	c.ids++
	id := "c" + strconv.Itoa(c.ids)
	c.b.WriteString(`<defs><clipPath id="` + id + `">`)
	c.rect(x, y, w, h, rx, "#000")
	c.b.WriteString(`</clipPath></defs>`)
	c.open("g", "clip-path", "url(#"+id+")")
}

// isoBox draws a box seen slightly from the right and above: the front face
// at (x, y, w, h), the top and right faces receding by (dx, -dy).
func isoBox(c *canvas, x, y, w, h, dx, dy float64, front, side, top any) {
	c.path(poly(x, y, x+dx, y-dy, x+w+dx, y-dy, x+w, y), top)
	c.path(poly(x+w, y, x+w+dx, y-dy, x+w+dx, y+h-dy, x+w, y+h), side)
	c.rect(x, y, w, h, 0, front)
}

// bodyFill is the usual diagonal gradient of a solid body colour.
func bodyFill(c *canvas, col rgb) string {
	return c.diag(col.light(0.22), col.dark(0.22))
}

// wallpaper paints an abstract screen picture in the product's colours.
func wallpaper(c *canvas, s *style, x, y, w, h, rx float64) {
	c.clip(x, y, w, h, rx)
	c.rect(x, y, w, h, 0, c.lin(0, 0, 0.4, 1, stop{0, s.screen2, 0}, stop{1, s.screen1, 0}))
	sd := s.seed
	for i := range 3 {
		fx := float64((sd>>(i*8))%100) / 100
		fy := float64((sd>>(i*8+4))%100) / 100
		r := math.Max(w, h) * (0.25 + float64(i)*0.12)
		col := s.screen1.light(0.35)
		if i == 1 {
			col = s.accent
		}
		c.circle(x+w*fx, y+h*fy, r, col, "opacity", 0.35)
	}
	c.path("M"+num(x)+" "+num(y+h*0.7)+"C"+num(x+w*0.3)+" "+num(y+h*0.55)+" "+num(x+w*0.6)+" "+num(y+h*0.9)+" "+
		num(x+w)+" "+num(y+h*0.65)+"V"+num(y+h)+"H"+num(x)+"Z", white, "opacity", 0.12)
	c.close("g")
	c.gloss(x, y, w, h, rx, 0.18)
}

// lens draws a camera lens.
func lens(c *canvas, cx, cy, r float64, ring rgb) {
	c.circle(cx, cy, r+3, ring)
	c.circle(cx, cy, r, "#0d0f12")
	g := c.radial(0.35, 0.35, 0.7, stop{0, hexColor("#3b4f7a"), 0}, stop{0.6, hexColor("#141a2a"), 0}, stop{1, hexColor("#05070a"), 0})
	c.circle(cx, cy, r*0.68, g)
	c.circle(cx-r*0.25, cy-r*0.25, r*0.16, white, "opacity", 0.55)
}

// ---------------------------------------------------------------------------
// Phones and tablets.

func drawPhone(c *canvas, s *style) {
	x, y, w, h, rx := 295.0, 165.0, 210.0, 430.0, 36.0
	if s.has("flip") {
		h = 400
		y = 185
	}
	c.rect(x+w-2, y+100, 7, 60, 3, s.body.dark(0.3))
	c.rect(x+w-2, y+175, 7, 34, 3, s.body.dark(0.3))
	c.rect(x, y, w, h, rx, bodyFill(c, s.body))
	if !s.back {
		c.rect(x+6, y+6, w-12, h-12, rx-5, "#0b0c0e")
		wallpaper(c, s, x+12, y+12, w-24, h-24, rx-10)
		if s.has("iphone 14 pro", "iphone 15", "iphone 16", "iphone 17") {
			c.rect(x+w/2-34, y+24, 68, 20, 10, "#050505")
		} else if s.has("iphone") {
			c.path("M"+num(x+w/2-52)+" "+num(y+12)+"h104v12a14 14 0 0 1 -14 14h-76a14 14 0 0 1 -14 -14Z", "#050505")
		} else {
			c.circle(x+w/2, y+32, 8, "#050505")
		}
		// Dock with four app icons.
		c.rect(x+24, y+h-78, w-48, 56, 20, white, "opacity", 0.22)
		for i := range 4 {
			col := []rgb{s.accent, gold, s.screen1.light(0.3), hexColor("#2FBF71")}[i]
			c.rect(x+34+float64(i)*((w-68)/4), y+h-70, 36, 36, 10, col, "opacity", 0.9)
		}
		if s.has("flip") {
			c.rect(x+6, y+h/2-2, w-12, 4, 2, black, "opacity", 0.25)
		}
		return
	}
	// Back: camera layout depends on the maker.
	ring := s.body.light(0.35)
	switch {
	case s.has("iphone"):
		c.rect(x+16, y+16, 104, 104, 30, s.body.dark(0.12))
		c.gloss(x+16, y+16, 104, 104, 30, 0.3)
		lens(c, x+45, y+45, 20, ring)
		lens(c, x+45, y+92, 20, ring)
		if s.has("pro") {
			lens(c, x+92, y+68, 20, ring)
		}
		c.circle(x+94, y+34, 6, hexColor("#f3e7c0"))
	case s.has("samsung", "galaxy s", "galaxy a"):
		for i := range 3 {
			lens(c, x+48, y+52+float64(i)*50, 19, ring)
		}
		c.circle(x+88, y+52, 6, hexColor("#f3e7c0"))
	case s.has("flip"):
		c.rect(x+14, y+14, w-28, 150, 26, "#0b0c0e")
		wallpaper(c, s, x+20, y+20, w-40, 138, 22)
		lens(c, x+50, y+50, 16, ring)
		lens(c, x+50, y+95, 16, ring)
	default:
		c.circle(x+w/2, y+92, 66, s.body.dark(0.2))
		c.circle(x+w/2, y+92, 60, s.body.light(0.08))
		lens(c, x+w/2-26, y+72, 19, ring)
		lens(c, x+w/2+26, y+72, 19, ring)
		lens(c, x+w/2, y+118, 15, ring)
	}
	c.rect(x+w/2-24, y+h-70, 48, 6, 3, s.body.light(0.3), "opacity", 0.8)
	c.gloss(x, y, w, h, rx, 0.25)
}

func drawFeaturePhone(c *canvas, s *style) {
	x, y, w, h := 318.0, 175.0, 164.0, 420.0
	c.rect(x, y, w, h, 46, bodyFill(c, s.body))
	c.rect(x+14, y+14, w-28, h-28, 36, s.body.dark(0.12), "opacity", 0.6)
	c.rect(x+62, y+24, 40, 6, 3, black, "opacity", 0.5)
	c.rect(x+22, y+42, w-44, 126, 10, "#0b0c0e")
	wallpaper(c, s, x+28, y+48, w-56, 114, 6)
	c.circle(400, y+205, 26, s.body.light(0.25))
	c.circle(400, y+205, 11, s.body.dark(0.1))
	c.rect(x+20, y+190, 34, 20, 8, s.body.light(0.25))
	c.rect(x+w-54, y+190, 34, 20, 8, s.body.light(0.25))
	for row := range 4 {
		for col := range 3 {
			kx := x + 24 + float64(col)*40
			ky := y + 248 + float64(row)*38
			c.rect(kx, ky, 36, 30, 12, s.body.light(0.32))
			c.rect(kx+12, ky+13, 12, 4, 2, s.body.dark(0.4), "opacity", 0.7)
		}
	}
	c.gloss(x, y, w, h, 46, 0.25)
}

func drawTablet(c *canvas, s *style) {
	x, y, w, h, rx := 165.0, 235.0, 470.0, 330.0, 30.0
	c.rect(x, y, w, h, rx, bodyFill(c, s.body))
	if !s.back {
		c.rect(x+8, y+8, w-16, h-16, rx-6, "#0b0c0e")
		wallpaper(c, s, x+22, y+22, w-44, h-44, rx-16)
		c.circle(x+w/2, y+14, 4, "#2a2d33")
		// A few widgets.
		c.rect(x+50, y+50, 120, 90, 16, white, "opacity", 0.2)
		c.rect(x+50, y+156, 120, 90, 16, white, "opacity", 0.14)
		c.rect(x+190, y+50, 220, 40, 16, white, "opacity", 0.18)
		if s.has("pencil", "s pen", "pen") {
			c.rect(x+30, y+h+18, w-60, 16, 8, s.body.light(0.5))
			c.path(poly(x+30, y+h+18, x+4, y+h+26, x+30, y+h+34), s.body.dark(0.3))
		}
		return
	}
	c.rect(x+22, y+22, 70, 70, 20, s.body.dark(0.12))
	lens(c, x+45, y+45, 14, s.body.light(0.35))
	c.circle(x+72, y+70, 5, hexColor("#f3e7c0"))
	c.circle(x+w/2, y+h/2, 24, s.body.light(0.25), "opacity", 0.6)
	c.gloss(x, y, w, h, rx, 0.25)
}

// ---------------------------------------------------------------------------
// Gaming.

func drawConsole(c *canvas, s *style) {
	dark := s.body.luma() < 0.5
	switch {
	case s.has("series x"):
		body := hexColor("#1b1c1f")
		if s.has("white") {
			body = hexColor("#eeeeec")
		}
		isoBox(c, 300, 250, 170, 360, 80, 48, bodyFill(c, body), body.dark(0.35), body.light(0.12))
		c.ellipse(425, 226, 62, 26, "#0c0d0e")
		c.ellipse(425, 226, 54, 21, "none", "stroke", hexColor("#1DB954"), "stroke-width", 3, "stroke-opacity", 0.75)
		for i := range 5 {
			c.ellipse(425, 226, 46-float64(i)*9, 18-float64(i)*3.6, "none", "stroke", "#2a2c2f", "stroke-width", 2)
		}
		c.circle(322, 278, 8, "#f4f4f4", "opacity", 0.9)
		c.rect(322, 330, 4, 110, 2, "#0c0d0e")
		c.rect(420, 578, 28, 8, 3, "#0c0d0e")
	case s.has("series s"):
		body := hexColor("#f2f2f0")
		if s.has("black", "carbon") {
			body = hexColor("#26272a")
		}
		isoBox(c, 300, 270, 140, 320, 110, 62, bodyFill(c, body), body.dark(0.12), body.light(0.3))
		c.path(poly(440, 330, 530, 279, 530, 400, 440, 451), "none")
		// The round vent on the side.
		c.open("g", "transform", "translate(485 372) skewY(-29.4)")
		c.ellipse(0, 25, 46, 78, "#0d0e10")
		for i := range 4 {
			c.ellipse(0, 25, 38-float64(i)*9, 68-float64(i)*16, "none", "stroke", "#2b2d31", "stroke-width", 2)
		}
		c.close("g")
		c.circle(322, 300, 7, body.dark(0.5))
		c.rect(318, 560, 30, 8, 3, body.dark(0.5))
	case s.has("playstation", "ps5", "ps4"):
		panel := hexColor("#f4f5f7")
		core := hexColor("#15171c")
		if s.has("ps4", "playstation 4") || dark && !s.has("ps5", "playstation 5") {
			// Older flat slab.
			isoBox(c, 210, 390, 330, 70, 120, 70, bodyFill(c, core), core.light(0.1), core.light(0.18))
			c.path(poly(210, 425, 540, 425, 660, 355, 330, 355), "none", "stroke", "#3a3d44", "stroke-width", 3)
			c.rect(230, 440, 60, 4, 2, hexColor("#2e6bff"))
			return
		}
		c.rect(358, 190, 84, 430, 34, c.vert(core.light(0.1), core))
		c.path("M362 200C326 176 286 182 278 220L298 586C302 610 332 622 362 612Z", bodyFill(c, panel))
		c.path("M438 200C474 176 514 182 522 220L502 586C498 610 468 622 438 612Z", c.diag(panel, panel.dark(0.15)))
		c.path("M362 200C326 176 286 182 278 220", "none", "stroke", hexColor("#3d7bff"), "stroke-width", 3, "stroke-opacity", 0.6)
		c.rect(390, 560, 20, 6, 3, hexColor("#3d7bff"), "opacity", 0.8)
		if !s.has("digital") {
			c.rect(370, 290, 4, 150, 2, "#050608")
		}
		c.ellipse(400, 622, 90, 10, core)
	default:
		body := s.body
		isoBox(c, 220, 380, 320, 90, 110, 64, bodyFill(c, body), body.dark(0.3), body.light(0.15))
		c.rect(240, 420, 80, 6, 3, s.accent)
		c.circle(510, 425, 8, body.light(0.5))
	}
}

func drawHandheld(c *canvas, s *style) {
	left, right := hexColor("#ff4554"), hexColor("#00b8e6")
	body := hexColor("#2b2d31")
	single := s.has("lite", "steam deck", "ally", "legion")
	if single {
		body = s.body
		left, right = body, body
	} else if s.has("white") {
		left, right = hexColor("#f2f2f0"), hexColor("#f2f2f0")
	}
	if s.has("portal") {
		body = hexColor("#1b1c1f")
		left, right = hexColor("#f4f5f7"), hexColor("#f4f5f7")
	}
	if s.has("switch 2") {
		left, right = hexColor("#2b2d31"), hexColor("#2b2d31")
	}
	c.path("M245 292H196A44 44 0 0 0 152 336V464A44 44 0 0 0 196 508H245Z", bodyFill(c, left))
	c.path("M555 292H604A44 44 0 0 1 648 336V464A44 44 0 0 1 604 508H555Z", bodyFill(c, right))
	c.rect(242, 292, 316, 216, 14, bodyFill(c, body))
	c.rect(256, 306, 288, 188, 8, "#0b0c0e")
	wallpaper(c, s, 266, 314, 268, 172, 4)
	stick := func(x, y float64, col rgb) {
		c.circle(x, y, 22, col.dark(0.45))
		c.circle(x, y, 16, col.dark(0.2))
	}
	stick(198, 354, left)
	stick(602, 442, right)
	for _, d := range [][2]float64{{0, -22}, {22, 0}, {0, 22}, {-22, 0}} {
		c.circle(602+d[0], 362+d[1], 10, right.dark(0.45))
		c.circle(198+d[0], 440+d[1], 10, left.dark(0.45))
	}
}

func drawController(c *canvas, s *style) {
	body := s.body
	ps := s.has("dualsense", "playstation", "ps5", "ps4", "dualshock")
	c.path("M262 292C300 276 340 282 400 286C460 282 500 276 538 292C562 284 586 286 594 300L600 318C604 326 596 330 588 326L212 326C204 330 196 326 200 318L206 300C214 286 238 284 262 292Z", body.dark(0.35))
	outline := "M262 302C300 284 340 290 400 292C460 290 500 284 538 302C598 330 640 450 652 520C662 584 622 614 586 594C556 578 532 524 502 500C462 488 338 488 298 500C268 524 244 578 214 594C178 614 138 584 148 520C160 450 202 330 262 302Z"
	c.path(outline, bodyFill(c, body))
	if ps {
		// Two-tone DualSense look.
		c.path("M300 330C340 318 460 318 500 330L492 420C450 430 350 430 308 420Z", body.dark(0.65), "opacity", 0.85)
		c.rect(334, 322, 132, 84, 16, body.light(0.1))
		c.gloss(334, 322, 132, 84, 16, 0.25)
		c.circle(350, 452, 27, "#15171c")
		c.circle(450, 452, 27, "#15171c")
		c.circle(350, 452, 19, "#2a2d33")
		c.circle(450, 452, 19, "#2a2d33")
		dpad(c, 270, 380, body.dark(0.5))
		for i, d := range [][2]float64{{0, -26}, {26, 0}, {0, 26}, {-26, 0}} {
			c.circle(530+d[0], 380+d[1], 13, body.dark(0.5))
			c.circle(530+d[0], 380+d[1], 6, "none", "stroke", []string{"#7fd6c8", "#f08a9b", "#9bb8f0", "#e7a6df"}[i], "stroke-width", 2.5)
		}
		c.path("M330 408Q400 426 470 408", "none", "stroke", hexColor("#3d7bff"), "stroke-width", 4, "stroke-opacity", 0.8)
	} else {
		c.circle(400, 348, 17, body.light(0.3))
		c.circle(400, 348, 11, body.dark(0.2))
		c.circle(305, 382, 30, "#15171c")
		c.circle(305, 382, 21, "#2a2d33")
		c.circle(460, 452, 30, "#15171c")
		c.circle(460, 452, 21, "#2a2d33")
		dpad(c, 350, 452, body.dark(0.55))
		cols := []string{"#f2c230", "#e0463e", "#34a853", "#3b82f6"} // Y B A X
		for i, d := range [][2]float64{{0, -27}, {27, 0}, {0, 27}, {-27, 0}} {
			c.circle(505+d[0], 382+d[1], 14, "#1a1b1e")
			c.circle(505+d[0], 382+d[1], 10, cols[i], "opacity", 0.9)
		}
		c.circle(372, 388, 6, body.dark(0.4))
		c.circle(428, 388, 6, body.dark(0.4))
	}
	c.path(outline, "none", "stroke", white, "stroke-opacity", 0.18, "stroke-width", 3)
}

func dpad(c *canvas, cx, cy float64, col rgb) {
	c.rect(cx-10, cy-28, 20, 56, 5, col)
	c.rect(cx-28, cy-10, 56, 20, 5, col)
}

func drawHeadphones(c *canvas, s *style) { headphones(c, s, false) }
func drawHeadset(c *canvas, s *style)    { headphones(c, s, true) }

func headphones(c *canvas, s *style, mic bool) {
	body := s.body
	c.path("M252 430C238 190 562 190 548 430", "none", "stroke", body.dark(0.25), "stroke-width", 30, "stroke-linecap", "round")
	c.path("M262 420C252 215 548 215 538 420", "none", "stroke", body.light(0.15), "stroke-width", 12, "stroke-linecap", "round")
	cup := func(cx float64, inward float64) {
		c.rect(cx-14, 380, 28, 60, 10, body.dark(0.4))
		c.ellipse(cx, 480, 70, 100, bodyFill(c, body))
		c.ellipse(cx+inward*26, 480, 42, 82, body.dark(0.5))
		c.ellipse(cx+inward*26, 480, 30, 66, body.dark(0.65))
		if mic {
			c.ellipse(cx, 480, 58, 86, "none", "stroke", s.accent, "stroke-width", 5, "stroke-opacity", 0.9)
		}
		c.ellipse(cx-inward*10, 450, 18, 40, white, "opacity", 0.15)
	}
	cup(255, 1)
	cup(545, -1)
	if mic {
		c.path("M235 545C225 620 300 640 372 612", "none", "stroke", body.dark(0.35), "stroke-width", 11, "stroke-linecap", "round")
		c.ellipse(378, 609, 18, 13, body.dark(0.55))
	}
}

func drawEarbuds(c *canvas, s *style) {
	body := s.body
	stem := s.has("airpods", "freebuds", "stem")
	c.path("M296 370C296 300 504 300 504 370Z", c.vert(body.light(0.3), body.dark(0.05)))
	c.rect(286, 372, 228, 178, 74, bodyFill(c, body))
	c.rect(286, 372, 228, 14, 7, body.dark(0.25))
	c.ellipse(400, 383, 96, 9, body.dark(0.5))
	c.circle(400, 470, 6, hexColor("#34d399"))
	bud := func(x, y, rot float64) {
		c.open("g", "transform", "translate("+num(x)+" "+num(y)+") rotate("+num(rot)+")")
		if stem {
			c.rect(-9, 0, 18, 88, 9, bodyFill(c, body.light(0.1)))
			c.circle(0, -6, 27, bodyFill(c, body.light(0.1)))
			c.ellipse(4, -10, 9, 12, "#222", "opacity", 0.6)
		} else {
			c.ellipse(0, 0, 34, 28, bodyFill(c, body.light(0.1)))
			c.ellipse(-16, -4, 16, 14, body.dark(0.45))
			c.ellipse(10, -8, 12, 6, white, "opacity", 0.3)
		}
		c.close("g")
	}
	bud(350, 340, -12)
	bud(450, 340, 12)
	c.gloss(286, 372, 228, 178, 74, 0.3)
}

func drawSpeaker(c *canvas, s *style) {
	body := s.body
	if s.has("partybox", "boombox", "party") {
		c.rect(275, 190, 250, 420, 30, bodyFill(c, body.dark(0.3)))
		for _, cy := range []float64{300, 490} {
			c.circle(400, cy, 88, "#0d0e10")
			c.circle(400, cy, 82, "none", "stroke", c.lin(0, 0, 1, 1, stop{0, s.accent, 0}, stop{0.5, gold, 0}, stop{1, ghRed, 0}), "stroke-width", 6)
			c.circle(400, cy, 52, "#1b1c20")
			c.circle(400, cy, 18, "#2a2c31")
		}
		c.rect(345, 200, 110, 12, 6, body.light(0.4))
		return
	}
	c.ellipse(222, 420, 34, 98, body.dark(0.45))
	c.rect(220, 322, 360, 196, 96, bodyFill(c, body))
	c.clip(232, 330, 336, 180, 88)
	for i := range 14 {
		y := 338.0 + float64(i)*12.6
		c.line(232, y, 568, y, body.dark(0.3), 3, "opacity", 0.45)
	}
	c.close("g")
	c.ellipse(578, 420, 34, 98, body.dark(0.25))
	c.ellipse(578, 420, 22, 70, body.dark(0.45))
	c.rect(362, 404, 76, 30, 8, s.accent.light(0.2))
	c.rect(374, 416, 52, 6, 3, white, "opacity", 0.8)
	c.rect(300, 316, 200, 10, 5, body.dark(0.35))
	c.gloss(220, 322, 360, 196, 96, 0.3)
}

func drawCamera(c *canvas, s *style) {
	body := s.body
	if s.has("gopro", "action", "osmo", "insta360") {
		c.rect(292, 300, 216, 184, 30, bodyFill(c, body))
		c.rect(392, 318, 100, 100, 22, "#0c0d0f")
		lens(c, 442, 368, 34, body.light(0.3))
		c.rect(312, 322, 62, 48, 8, "#0c0d0f")
		wallpaper(c, s, 316, 326, 54, 40, 5)
		c.rect(318, 288, 50, 14, 5, ghRed.dark(0.1))
		c.gloss(292, 300, 216, 184, 30, 0.25)
		return
	}
	c.path("M338 322L360 266H452L474 322Z", body.dark(0.1))
	c.rect(210, 318, 380, 226, 32, bodyFill(c, body))
	c.rect(210, 318, 86, 226, 32, body.dark(0.3))
	c.rect(500, 296, 56, 24, 8, body.light(0.2))
	c.ellipse(250, 306, 26, 10, body.dark(0.2))
	c.circle(420, 440, 112, body.light(0.08))
	c.circle(420, 440, 100, body.dark(0.45))
	c.circle(420, 440, 92, "none", "stroke", body.light(0.3), "stroke-width", 2, "stroke-dasharray", "3 6")
	lens(c, 420, 440, 70, body.dark(0.3))
	c.circle(540, 348, 10, hexColor("#f3e7c0"), "opacity", 0.8)
	c.gloss(210, 318, 380, 226, 32, 0.18)
}

// ---------------------------------------------------------------------------
// Wearables and jewellery.

func drawSmartwatch(c *canvas, s *style) {
	strap := s.accent.dark(0.2)
	if s.has("black", "midnight", "graphite") {
		strap = hexColor("#24262a")
	}
	round := s.has("galaxy watch", "gt ", "amazfit", "classic", "round")
	c.rect(348, 172, 104, 150, 22, c.vert(strap.light(0.1), strap))
	c.rect(348, 478, 104, 152, 22, c.vert(strap, strap.dark(0.2)))
	for i := range 4 {
		c.circle(400, 530+float64(i)*22, 4, strap.dark(0.4))
	}
	if round {
		c.circle(400, 400, 112, bodyFill(c, s.body))
		c.circle(400, 400, 100, s.body.dark(0.55))
		c.circle(400, 400, 88, "#08090b")
	} else {
		c.rect(318, 282, 164, 206, 48, bodyFill(c, s.body))
		c.rect(328, 292, 144, 186, 40, "#08090b")
		c.rect(478, 340, 12, 34, 5, s.body.dark(0.2))
	}
	rings := []string{"#ff3b5c", "#a8ff3e", "#38d5ff"}
	for i, col := range rings {
		r := 54 - float64(i)*14
		circ := 2 * math.Pi * r
		frac := 0.55 + float64((s.seed>>(i*5))%40)/100
		c.circle(400, 372, r, "none", "stroke", col, "stroke-opacity", 0.25, "stroke-width", 10)
		c.circle(400, 372, r, "none", "stroke", col, "stroke-width", 10, "stroke-linecap", "round",
			"stroke-dasharray", num(circ*frac)+" "+num(circ), "transform", "rotate(-90 400 372)")
	}
	c.text("10:09", "x", 400, "y", 458, "text-anchor", "middle", "font-family", "system-ui,sans-serif",
		"font-size", 24, "font-weight", 600, "fill", white)
}

func drawBand(c *canvas, s *style) {
	strap := s.body
	c.rect(358, 170, 84, 460, 42, c.vert(strap.light(0.15), strap.dark(0.2)))
	for i := range 5 {
		c.circle(400, 520+float64(i)*20, 4, strap.dark(0.45))
	}
	c.rect(356, 300, 88, 190, 44, "#101114")
	c.rect(364, 310, 72, 170, 36, "#050608")
	c.rect(376, 330, 48, 6, 3, s.accent)
	for i := range 5 {
		hgt := 20 + float64((s.seed>>(i*4))%40)
		c.rect(374+float64(i)*11, 430-hgt, 7, hgt, 3, gold.light(0.2), "opacity", 0.9)
	}
	c.text("8,412", "x", 400, "y", 462, "text-anchor", "middle", "font-family", "system-ui,sans-serif",
		"font-size", 17, "font-weight", 600, "fill", white)
}

func drawWatch(c *canvas, s *style) {
	metal := s.has("steel", "metal", "bracelet", "silver", "gold", "titanium") && !s.has("leather")
	strap := pick(s, 3, hexColor("#5a3520"), hexColor("#1d1e21"), hexColor("#23324f"), hexColor("#7b4b2a"))
	caseCol := s.body
	if s.has("rose gold") {
		caseCol = hexColor("#d9a48f")
	} else if s.has("gold") {
		caseCol = hexColor("#d4af37")
	} else if s.has("black") && !s.has("dial") {
		caseCol = hexColor("#2b2d31")
	}
	if metal {
		for i := range 7 {
			y := 170.0 + float64(i)*19
			c.rect(342, y, 116, 16, 4, bodyFill(c, caseCol))
			c.rect(342, 475+float64(i)*19, 116, 16, 4, bodyFill(c, caseCol.dark(0.08)))
		}
	} else {
		c.rect(348, 170, 104, 150, 18, c.vert(strap.light(0.12), strap))
		c.rect(348, 480, 104, 150, 18, c.vert(strap, strap.dark(0.2)))
		c.rect(358, 180, 84, 130, 12, "none", "stroke", strap.light(0.4), "stroke-width", 2, "stroke-dasharray", "6 5")
		c.rect(358, 490, 84, 130, 12, "none", "stroke", strap.light(0.4), "stroke-width", 2, "stroke-dasharray", "6 5")
		for i := range 3 {
			c.circle(400, 540+float64(i)*24, 4, strap.dark(0.5))
		}
	}
	c.rect(512, 390, 20, 22, 4, caseCol.dark(0.15))
	c.circle(400, 400, 128, bodyFill(c, caseCol))
	c.circle(400, 400, 114, caseCol.dark(0.35))
	dial := pick(s, 7, hexColor("#f6f3ea"), hexColor("#10233f"), hexColor("#0b4d32"), hexColor("#18191b"), hexColor("#e9dcc0"))
	c.circle(400, 400, 106, c.radial(0.4, 0.35, 0.8, stop{0, dial.light(0.15), 0}, stop{1, dial.dark(0.15), 0}))
	markCol := gold.light(0.2)
	if dial.luma() > 0.5 {
		markCol = ink
	}
	for i := range 12 {
		a := float64(i) * math.Pi / 6
		r1, r2, w := 92.0, 78.0, 3.0
		if i%3 == 0 {
			r2, w = 70, 6
		}
		c.line(400+r1*math.Sin(a), 400-r1*math.Cos(a), 400+r2*math.Sin(a), 400-r2*math.Cos(a), markCol, w, "stroke-linecap", "round")
	}
	if pick(s, 11, true, false) {
		for _, d := range [][2]float64{{-40, 0}, {40, 0}, {0, 40}} {
			c.circle(400+d[0], 400+d[1], 20, "none", "stroke", markCol, "stroke-opacity", 0.6, "stroke-width", 2)
		}
	}
	hand := func(angle, length, width float64, col any) {
		a := angle * math.Pi / 180
		c.line(400, 400, 400+length*math.Sin(a), 400-length*math.Cos(a), col, width, "stroke-linecap", "round")
	}
	hand(305, 52, 8, markCol)
	hand(60, 80, 6, markCol)
	hand(200, 88, 2, ghRed)
	c.circle(400, 400, 7, caseCol)
	c.circle(400, 400, 106, white, "opacity", 0.06)
	c.path("M320 330A106 106 0 0 1 470 318L400 400Z", white, "opacity", 0.08)
}

func gemColour(s *style) rgb {
	switch {
	case s.has("ruby", "garnet"):
		return hexColor("#c2185b")
	case s.has("emerald"):
		return hexColor("#1e9e62")
	case s.has("sapphire", "blue"):
		return hexColor("#2d5bd1")
	case s.has("amethyst"):
		return hexColor("#8e5bd1")
	}
	return hexColor("#dff3ff")
}

func metalColour(s *style) rgb {
	switch {
	case s.has("rose gold"):
		return hexColor("#d9a48f")
	case s.has("silver", "sterling", "platinum", "white gold", "steel", "titanium"):
		return hexColor("#c9cdd2")
	}
	return hexColor("#d4af37")
}

func drawRing(c *canvas, s *style) {
	m := metalColour(s)
	c.path(ellipsePath(400, 456, 150, 118)+ellipsePath(400, 462, 124, 94), m.dark(0.35), "fill-rule", "evenodd")
	c.path(ellipsePath(400, 440, 150, 118)+ellipsePath(400, 448, 124, 94),
		c.lin(0, 0, 1, 1, stop{0, m.light(0.45), 0}, stop{0.5, m, 0}, stop{1, m.dark(0.3), 0}), "fill-rule", "evenodd")
	c.path("M270 400A150 118 0 0 1 400 322", "none", "stroke", white, "stroke-opacity", 0.55, "stroke-width", 4, "stroke-linecap", "round")
	if s.has("band", "wedding", "signet", "men") && !s.has("diamond", "solitaire") {
		c.rect(370, 316, 60, 14, 7, m.light(0.3))
		return
	}
	gem := gemColour(s)
	c.path(poly(372, 330, 428, 330, 420, 316, 380, 316), m.dark(0.2))
	c.path(poly(356, 280, 444, 280, 400, 336), c.vert(gem, gem.dark(0.35)))
	c.path(poly(370, 254, 430, 254, 444, 280, 356, 280), c.vert(gem.light(0.55), gem.light(0.1)))
	c.path("M370 254L384 280L400 254L416 280L430 254M384 280L400 336L416 280", "none", "stroke", white, "stroke-opacity", 0.6, "stroke-width", 1.5)
	c.path(starPath(426, 258, 14, 3), white, "opacity", 0.9)
}

func drawNecklace(c *canvas, s *style) {
	m := metalColour(s)
	heavy := s.has("cuban", "chain", "rope") && !s.has("pendant")
	if s.has("bead") {
		beads(c, s, 400, 300, 210, 200, 34, 14)
		return
	}
	width, dash := 7.0, "10 4"
	if heavy {
		width, dash = 16, "18 5"
	}
	c.path("M238 180C226 470 574 470 562 180", "none", "stroke", m.dark(0.35), "stroke-width", width+3, "stroke-dasharray", dash, "stroke-linecap", "round")
	c.path("M238 180C226 470 574 470 562 180", "none", "stroke", m.light(0.25), "stroke-width", width, "stroke-dasharray", dash, "stroke-linecap", "round")
	if heavy {
		c.rect(372, 384, 56, 24, 8, m.dark(0.1))
		return
	}
	c.circle(400, 402, 10, "none", "stroke", m, "stroke-width", 5)
	switch {
	case s.has("heart"):
		c.path("M400 520C330 470 330 420 366 414C384 411 396 424 400 434C404 424 416 411 434 414C470 420 470 470 400 520Z", c.diag(m.light(0.4), m.dark(0.3)))
	case s.has("cross"):
		c.path("M390 412H410V440H434V458H410V520H390V458H366V440H390Z", c.diag(m.light(0.4), m.dark(0.3)))
	case s.has("coin", "medallion", "adinkra", "map"):
		c.circle(400, 466, 52, c.diag(m.light(0.4), m.dark(0.3)))
		c.circle(400, 466, 42, "none", "stroke", m.dark(0.35), "stroke-width", 3)
		c.path(starPath(400, 466, 24, 10), m.dark(0.3))
	default:
		gem := gemColour(s)
		c.path("M400 412C430 446 444 470 444 494C444 520 424 536 400 536C376 536 356 520 356 494C356 470 370 446 400 412Z", m.dark(0.1))
		c.path("M400 424C424 452 434 472 434 492C434 512 418 526 400 526C382 526 366 512 366 492C366 472 376 452 400 424Z", c.vert(gem.light(0.4), gem.dark(0.3)))
		c.ellipse(388, 474, 8, 16, white, "opacity", 0.55)
	}
}

// beads draws a loop of Ghanaian glass beads on an ellipse.
func beads(c *canvas, s *style, cx, cy, rx, ry float64, count int, r float64) {
	palette := []rgb{gold, ghRed, brand, hexColor("#2d5bd1"), hexColor("#f4efe6"), hexColor("#1d1e21"), hexColor("#e07b39")}
	if s.has("gold") && !s.has("krobo") {
		palette = []rgb{hexColor("#d4af37"), hexColor("#e8c25a")}
	}
	c.ellipse(cx, cy, rx, ry, "none", "stroke", hexColor("#6b4b2a"), "stroke-width", 2)
	for i := range count {
		a := float64(i) * 2 * math.Pi / float64(count)
		x, y := cx+rx*math.Cos(a), cy+ry*math.Sin(a)
		col := palette[(i+int(s.seed%5))%len(palette)]
		rr := r
		if i%4 == 0 {
			rr = r * 1.3
		}
		c.circle(x, y, rr, c.radial(0.35, 0.35, 0.7, stop{0, col.light(0.35), 0}, stop{1, col.dark(0.2), 0}))
		if i%3 == 0 {
			c.circle(x, y, rr*0.5, "none", "stroke", palette[(i+2)%len(palette)], "stroke-width", 2)
		}
	}
}

func drawBracelet(c *canvas, s *style) {
	m := metalColour(s)
	if s.has("bead", "krobo", "waist") || !s.has("bangle", "cuff", "tennis", "chain", "link") {
		beads(c, s, 400, 420, 180, 130, 28, 17)
		return
	}
	if s.has("tennis") {
		c.ellipse(400, 420, 180, 126, "none", "stroke", m.dark(0.25), "stroke-width", 20)
		c.ellipse(400, 416, 180, 126, "none", "stroke", m.light(0.2), "stroke-width", 12)
		for i := range 28 {
			a := float64(i) * 2 * math.Pi / 28
			x, y := 400+180*math.Cos(a), 416+126*math.Sin(a)
			c.circle(x, y, 9, c.radial(0.35, 0.35, 0.7, stop{0, white, 0}, stop{1, gemColour(s).dark(0.1), 0}))
		}
		return
	}
	c.path(ellipsePath(400, 436, 190, 130)+ellipsePath(400, 440, 166, 108), m.dark(0.35), "fill-rule", "evenodd")
	c.path(ellipsePath(400, 420, 190, 130)+ellipsePath(400, 428, 166, 108),
		c.lin(0, 0, 1, 1, stop{0, m.light(0.45), 0}, stop{0.5, m, 0}, stop{1, m.dark(0.3), 0}), "fill-rule", "evenodd")
	if s.has("link", "chain") {
		c.ellipse(400, 424, 178, 119, "none", "stroke", m.dark(0.3), "stroke-width", 3, "stroke-dasharray", "14 8")
	}
}

func drawEarrings(c *canvas, s *style) {
	m := metalColour(s)
	for _, cx := range []float64{318, 482} {
		c.path("M"+num(cx)+" 250C"+num(cx-24)+" 250 "+num(cx-24)+" 212 "+num(cx)+" 212", "none", "stroke", m.dark(0.2), "stroke-width", 4)
		if s.has("stud", "pearl") {
			if s.has("pearl") {
				c.circle(cx, 330, 40, c.radial(0.35, 0.3, 0.7, stop{0, white, 0}, stop{1, hexColor("#d9d2c3"), 0}))
			} else {
				c.path(starPath(cx, 330, 42, 18), c.diag(gemColour(s).light(0.5), gemColour(s)))
			}
			continue
		}
		if s.has("drop", "dangle") {
			c.line(cx, 250, cx, 330, m, 4)
			c.path("M"+num(cx)+" 330C"+num(cx+40)+" 380 "+num(cx+40)+" 440 "+num(cx)+" 460C"+num(cx-40)+" 440 "+num(cx-40)+" 380 "+num(cx)+" 330Z",
				c.vert(gemColour(s).light(0.3), gemColour(s).dark(0.3)))
			continue
		}
		c.circle(cx, 360, 100, "none", "stroke", m.dark(0.3), "stroke-width", 18)
		c.circle(cx, 356, 100, "none", "stroke", c.diag(m.light(0.45), m.dark(0.2)), "stroke-width", 14)
	}
}

// ---------------------------------------------------------------------------
// Computers and office.

// quad maps (u, v) in the unit square onto a trapezoid with a horizontal top
// edge from (x0t, yt) to (x1t, yt) and bottom edge from (x0b, yb) to (x1b, yb).
type quad struct{ x0t, x1t, yt, x0b, x1b, yb float64 }

func (q quad) at(u, v float64) (float64, float64) {
	xl := q.x0t + (q.x0b-q.x0t)*v
	xr := q.x1t + (q.x1b-q.x1t)*v
	return xl + (xr-xl)*u, q.yt + (q.yb-q.yt)*v
}

func (q quad) cell(u0, v0, u1, v1 float64) string {
	ax, ay := q.at(u0, v0)
	bx, by := q.at(u1, v0)
	cx, cy := q.at(u1, v1)
	dx, dy := q.at(u0, v1)
	return poly(ax, ay, bx, by, cx, cy, dx, dy)
}

// keys draws a keyboard's key grid on a trapezoid; rgbKeys colours it.
func keys(c *canvas, q quad, rows, cols int, key rgb, rgbKeys bool) {
	for r := range rows {
		v0 := float64(r) / float64(rows)
		v1 := v0 + 0.8/float64(rows)
		if r == rows-1 {
			// Bottom row: modifiers and a long space bar.
			for _, seg := range [][2]float64{{0, 0.1}, {0.11, 0.2}, {0.21, 0.3}, {0.31, 0.69}, {0.7, 0.79}, {0.8, 0.89}, {0.9, 1}} {
				c.path(q.cell(seg[0], v0, seg[1]-0.01, v1), keyCol(key, rgbKeys, seg[0]))
			}
			continue
		}
		for k := range cols {
			u0 := float64(k) / float64(cols)
			c.path(q.cell(u0, v0, u0+0.8/float64(cols), v1), keyCol(key, rgbKeys, u0))
		}
	}
}

func keyCol(key rgb, rainbow bool, u float64) any {
	if rainbow {
		return hsl(u*300, 0.8, 0.55)
	}
	return key
}

func drawLaptop(c *canvas, s *style) {
	body := s.body
	if s.back {
		// From above: keyboard and trackpad in perspective.
		c.rect(232, 170, 336, 214, 14, bodyFill(c, body))
		c.rect(240, 178, 320, 198, 8, "#0b0c0e")
		wallpaper(c, s, 248, 184, 304, 186, 4)
		c.path(poly(232, 386, 568, 386, 652, 566, 148, 566), c.vert(body.light(0.1), body.dark(0.15)))
		c.path(poly(148, 566, 652, 566, 648, 578, 152, 578), body.dark(0.35))
		q := quad{262, 538, 398, 214, 586, 482}
		keys(c, q, 5, 13, body.dark(0.55), s.has("gaming", "rog", "legion", "predator", "omen", "tuf"))
		tp := quad{350, 450, 496, 342, 458, 552}
		c.path(tp.cell(0, 0, 1, 1), body.dark(0.08))
		return
	}
	c.rect(218, 196, 364, 250, 16, bodyFill(c, body))
	c.rect(226, 204, 348, 234, 10, "#0b0c0e")
	wallpaper(c, s, 236, 214, 328, 212, 4)
	c.circle(400, 208, 2.5, "#2c2f35")
	c.path("M186 450H614L664 500Q666 514 650 514H150Q134 514 136 500Z", c.vert(body.light(0.2), body.dark(0.2)))
	c.rect(218, 446, 364, 8, 3, body.dark(0.4))
	c.rect(360, 504, 80, 6, 3, body.dark(0.3))
}

func drawDesktop(c *canvas, s *style) {
	frame := hexColor("#17181b")
	if s.has("white") {
		frame = hexColor("#e9eaec")
	}
	if !s.has("gaming", "rig", "rtx", "rgb", "workstation", "deal", "synthetic") {
		officeTower(c, s, frame)
		return
	}
	// Front panel, seen at an angle, with three fans.
	c.path(poly(548, 184, 612, 150, 612, 574, 548, 616), frame.dark(0.25))
	fanCols := []rgb{s.accent, gold, hsl(float64(s.seed%360)+200, 0.8, 0.6)}
	for i := range 3 {
		cy := 250 + float64(i)*122
		c.open("g", "transform", "translate(580 "+num(cy-float64(i)*4)+") skewY(-28)")
		c.ellipse(0, 0, 26, 50, "#08090a")
		c.ellipse(0, 0, 24, 47, "none", "stroke", fanCols[i], "stroke-width", 5)
		c.ellipse(0, 0, 8, 16, fanCols[i], "opacity", 0.7)
		c.close("g")
	}
	// Glass side panel and the parts behind it.
	c.rect(232, 184, 318, 432, 14, bodyFill(c, frame))
	c.rect(246, 198, 290, 404, 8, c.vert(hexColor("#15171d"), hexColor("#0b0c10")))
	c.rect(266, 214, 206, 250, 6, hexColor("#23262d"))
	for i := range 4 {
		c.rect(420+float64(i)*10, 232, 6, 96, 2, hsl(float64(i)*70+float64(s.seed%90), 0.75, 0.6))
	}
	c.circle(350, 292, 50, hexColor("#0b0c10"))
	c.circle(350, 292, 46, "none", "stroke", s.accent, "stroke-width", 6)
	c.circle(350, 292, 18, s.accent.light(0.3), "opacity", 0.8)
	c.rect(262, 420, 250, 62, 8, hexColor("#2a2d34"))
	c.rect(262, 420, 250, 10, 4, s.accent, "opacity", 0.9)
	for i := range 3 {
		c.circle(302+float64(i)*82, 456, 22, "#0e0f13")
		c.circle(302+float64(i)*82, 456, 19, "none", "stroke", "#3a3e47", "stroke-width", 3)
	}
	c.rect(262, 540, 260, 48, 6, hexColor("#1c1e24"))
	c.rect(272, 552, 80, 24, 4, hexColor("#2c3038"))
	glow := c.radial(0.5, 0.5, 0.6, stop{0, s.accent, 0.35}, stop{1, s.accent, 0.001})
	c.rect(246, 198, 290, 404, 8, glow)
	c.gloss(246, 198, 290, 404, 8, 0.22)
	c.rect(250, 616, 40, 10, 3, frame.dark(0.3))
	c.rect(490, 616, 40, 10, 3, frame.dark(0.3))
}

// officeTower is a plain business PC: a closed case with a drive bay and
// front ports.
func officeTower(c *canvas, s *style, frame rgb) {
	body := s.body
	if s.has("dell", "hp", "lenovo") {
		body = frame.light(0.12)
	}
	isoBox(c, 300, 210, 170, 400, 90, 54, bodyFill(c, body), body.dark(0.3), body.light(0.18))
	c.rect(318, 236, 134, 8, 4, body.dark(0.4))
	c.rect(318, 252, 134, 8, 4, body.dark(0.4))
	for i := range 9 {
		c.rect(330+float64(i%3)*38, 330+float64(i/3)*60, 30, 44, 6, body.dark(0.25), "opacity", 0.7)
	}
	c.circle(385, 540, 14, body.dark(0.45))
	c.circle(385, 540, 7, hexColor("#38d5ff"))
	c.rect(330, 570, 16, 8, 2, body.dark(0.5))
	c.rect(354, 570, 16, 8, 2, body.dark(0.5))
	c.gloss(300, 210, 170, 400, 0, 0.18)
}

func drawMonitor(c *canvas, s *style) {
	body := s.body
	c.rect(382, 456, 36, 118, 6, c.vert(body.light(0.1), body.dark(0.2)))
	c.path("M318 590C318 572 482 572 482 590Z", body.dark(0.1))
	c.ellipse(400, 588, 84, 10, body.dark(0.35))
	if s.has("curved", "odyssey", "ultrawide") {
		c.path("M150 214Q400 182 650 214V470Q400 444 150 470Z", bodyFill(c, body))
		c.clip(160, 196, 480, 270, 0)
		c.path("M162 222Q400 194 638 222V460Q400 436 162 460Z", s.screen2)
		c.close("g")
		wallpaperCurved(c, s)
		return
	}
	c.rect(168, 206, 464, 280, 14, bodyFill(c, body))
	c.rect(176, 214, 448, 256, 6, "#0b0c0e")
	wallpaper(c, s, 180, 218, 440, 248, 4)
	if s.has("gaming", "hz") {
		c.rect(370, 476, 60, 4, 2, s.accent)
	}
}

func wallpaperCurved(c *canvas, s *style) {
	c.path("M162 222Q400 194 638 222V460Q400 436 162 460Z", c.lin(0, 0, 1, 1, stop{0, s.screen2, 0}, stop{1, s.screen1, 0}))
	c.path("M162 380Q300 330 420 400T638 360V460Q400 436 162 460Z", white, "opacity", 0.12)
	c.circle(480, 300, 60, s.accent, "opacity", 0.35)
}

func drawKeyboard(c *canvas, s *style) {
	body := s.body
	rainbow := s.has("rgb", "gaming", "mechanical", "razer", "logitech g", "hyperx", "redragon")
	withMouse := s.has("mouse", "combo")
	y0 := 330.0
	if withMouse {
		y0 = 290
	}
	q := quad{180, 620, y0, 130, 670, y0 + 170}
	if rainbow {
		glow := c.radial(0.5, 0.5, 0.5, stop{0, s.accent, 0.45}, stop{1, s.accent, 0.001})
		c.ellipse(400, y0+100, 320, 70, glow)
	}
	c.path(poly(q.x0t-10, y0-10, q.x1t+10, y0-10, q.x1b+10, q.yb+10, q.x0b-10, q.yb+10), c.vert(body.light(0.15), body.dark(0.2)))
	c.path(poly(q.x0b-10, q.yb+10, q.x1b+10, q.yb+10, q.x1b+10, q.yb+24, q.x0b-10, q.yb+24), body.dark(0.4))
	keyBase := body.dark(0.45)
	if body.luma() < 0.3 {
		keyBase = body.light(0.18)
	}
	keys(c, q, 5, 14, keyBase, rainbow)
	if withMouse {
		c.open("g", "transform", "translate(400 560) scale(0.42) translate(-400 -410)")
		drawMouse(c, s)
		c.close("g")
	}
}

func drawMouse(c *canvas, s *style) {
	body := s.body
	c.path("M400 180C380 140 420 120 400 80", "none", "stroke", body.dark(0.3), "stroke-width", 6)
	c.path("M400 216C486 216 520 300 520 400C520 520 470 604 400 604C330 604 280 520 280 400C280 300 314 216 400 216Z", bodyFill(c, body))
	c.line(400, 220, 400, 350, body.dark(0.4), 3)
	c.rect(388, 262, 24, 56, 12, body.dark(0.5))
	if s.has("gaming", "rgb", "g502", "deathadder", "razer") {
		c.circle(400, 500, 18, s.accent, "opacity", 0.9)
		c.rect(282, 360, 10, 40, 4, body.dark(0.4))
		c.rect(282, 410, 10, 40, 4, body.dark(0.4))
	}
	c.path("M340 260C360 236 390 230 400 230", "none", "stroke", white, "stroke-opacity", 0.35, "stroke-width", 8, "stroke-linecap", "round")
}

func drawPrinter(c *canvas, s *style) {
	body := s.body
	c.path(poly(286, 300, 514, 300, 500, 214, 300, 214), white)
	c.path("M300 224H500M300 236H460", "none", "stroke", hexColor("#b8c0c8"), "stroke-width", 3)
	c.rect(210, 300, 380, 220, 24, bodyFill(c, body))
	c.rect(220, 280, 360, 52, 16, c.vert(body.light(0.2), body.dark(0.05)))
	c.rect(252, 430, 296, 16, 8, body.dark(0.5))
	c.path(poly(268, 440, 532, 440, 560, 540, 240, 540), white)
	for i := range 4 {
		y := 466 + float64(i)*16
		c.line(280-float64(i)*4, y, 440+float64(i)*6, y, hexColor("#c7ced6"), 4)
	}
	c.rect(470, 350, 76, 40, 8, "#0b0c0e")
	wallpaper(c, s, 474, 354, 68, 32, 5)
	c.circle(276, 370, 9, hexColor("#34d399"))
	c.circle(306, 370, 9, body.dark(0.3))
	if s.has("tank", "ecotank", "ink") {
		for i, col := range []string{"#00a3e0", "#e6007e", "#ffd400", "#111111"} {
			c.rect(594, 330+float64(i)*40, 18, 32, 5, col, "opacity", 0.85)
		}
		c.rect(590, 322, 26, 170, 8, "none", "stroke", body.dark(0.3), "stroke-width", 3)
	}
	c.gloss(210, 300, 380, 220, 24, 0.2)
}

func drawStorage(c *canvas, s *style) {
	body := s.body
	switch {
	case s.has("nvme", "m.2"):
		c.open("g", "transform", "rotate(-12 400 400)")
		c.rect(170, 360, 460, 86, 6, c.vert(hexColor("#0f7a4a"), hexColor("#095a36")))
		c.rect(170, 360, 30, 86, 4, hexColor("#d4af37"))
		for i := range 8 {
			c.rect(172, 366+float64(i)*10, 26, 5, 1, hexColor("#b8901f"))
		}
		for i := range 3 {
			c.rect(250+float64(i)*110, 372, 90, 62, 4, "#16181b")
		}
		c.circle(612, 403, 10, "none", "stroke", hexColor("#c9cdd2"), "stroke-width", 4)
		c.rect(230, 378, 330, 50, 4, body.light(0.1), "opacity", 0.85)
		c.rect(250, 392, 140, 8, 3, white, "opacity", 0.7)
		c.close("g")
	case s.has("flash", "usb drive", "pen drive"):
		c.rect(362, 180, 76, 96, 6, c.vert(hexColor("#e6e9ec"), hexColor("#9aa3ab")))
		c.rect(378, 200, 16, 14, 2, "#3a3f45")
		c.rect(406, 200, 16, 14, 2, "#3a3f45")
		c.rect(334, 270, 132, 300, 36, bodyFill(c, body))
		c.circle(400, 530, 14, "none", "stroke", body.light(0.4), "stroke-width", 6)
		c.gloss(334, 270, 132, 300, 36, 0.3)
	case s.has("microsd", "memory card", "sd card"):
		c.path("M300 220H460L500 260V580H300Z", bodyFill(c, body))
		c.path("M300 220H460L500 260V330H300Z", s.accent.dark(0.1))
		for i := range 8 {
			c.rect(318+float64(i)*21, 540, 14, 30, 3, hexColor("#d4af37"))
		}
		c.text("SD", "x", 400, "y", 460, "text-anchor", "middle", "font-family", "system-ui,sans-serif",
			"font-size", 72, "font-weight", 800, "fill", white, "opacity", 0.85)
	default:
		c.rect(290, 210, 220, 370, 34, bodyFill(c, body))
		for i := range 6 {
			c.rect(310, 250+float64(i)*22, 180, 6, 3, body.dark(0.3), "opacity", 0.6)
		}
		c.rect(360, 520, 80, 16, 8, body.dark(0.4))
		c.circle(480, 548, 5, hexColor("#38d5ff"))
		c.gloss(290, 210, 220, 370, 34, 0.3)
	}
}

func drawPowerbank(c *canvas, s *style) {
	body := s.body
	c.path("M440 200C440 120 560 120 560 220V300", "none", "stroke", hexColor("#3a3d42"), "stroke-width", 10, "stroke-linecap", "round")
	c.rect(548, 292, 24, 44, 6, hexColor("#c9cdd2"))
	c.rect(300, 196, 200, 400, 36, bodyFill(c, body))
	c.rect(340, 190, 40, 10, 3, "#2a2c30")
	c.rect(420, 190, 40, 10, 3, "#2a2c30")
	for i := range 4 {
		col := any(hexColor("#34d399"))
		if i == 3 {
			col = body.dark(0.3)
		}
		c.circle(364+float64(i)*24, 540, 6, col)
	}
	c.path("M392 330L366 404H396L382 470L440 380H408L422 330Z", s.accent, "opacity", 0.85)
	c.gloss(300, 196, 200, 400, 36, 0.3)
}

func drawCharger(c *canvas, s *style) {
	body := s.body
	cableOnly := s.has("cable") && !s.has("charger", "adapter")
	if cableOnly {
		coil := "M260 300C260 200 540 200 540 300C540 400 260 400 260 500C260 600 540 600 540 500"
		c.path(coil, "none", "stroke", body.dark(0.45), "stroke-width", 18, "stroke-linecap", "round")
		c.path(coil, "none", "stroke", body.dark(0.1), "stroke-width", 12, "stroke-linecap", "round")
		c.rect(244, 300, 32, 56, 8, body.light(0.2))
		c.rect(252, 350, 16, 20, 3, hexColor("#c9cdd2"))
		c.rect(524, 444, 32, 56, 8, body.light(0.2))
		c.rect(532, 430, 16, 20, 3, hexColor("#c9cdd2"))
		return
	}
	// Ghana uses three-pin British plugs.
	c.rect(352, 196, 30, 60, 4, c.vert(hexColor("#e6e9ec"), hexColor("#9aa3ab")))
	c.rect(418, 196, 30, 60, 4, c.vert(hexColor("#e6e9ec"), hexColor("#9aa3ab")))
	c.rect(386, 170, 28, 70, 4, c.vert(hexColor("#e6e9ec"), hexColor("#9aa3ab")))
	c.rect(316, 240, 168, 190, 28, bodyFill(c, body))
	c.rect(366, 400, 68, 14, 7, body.dark(0.5))
	c.path("M400 430C400 520 300 520 300 580", "none", "stroke", body.dark(0.15), "stroke-width", 12, "stroke-linecap", "round")
	c.rect(284, 576, 32, 50, 8, body.light(0.15))
	c.gloss(316, 240, 168, 190, 28, 0.3)
}

func drawCase(c *canvas, s *style) {
	glass := s.has("screen protector", "tempered glass", "glass")
	if glass {
		c.rect(318, 190, 206, 420, 36, white, "opacity", 0.35, "stroke", white, "stroke-width", 3)
		c.path(poly(330, 560, 470, 200, 510, 200, 370, 560), white, "opacity", 0.3)
	}
	body := s.body
	x, y, w, h := 282.0, 172.0, 216.0, 430.0
	if glass {
		x = 256
	}
	c.rect(x, y, w, h, 38, bodyFill(c, body))
	c.rect(x+10, y+10, w-20, h-20, 30, "none", "stroke", body.dark(0.2), "stroke-width", 2)
	c.rect(x+18, y+18, 100, 100, 28, body.dark(0.45))
	c.rect(x+24, y+24, 88, 88, 24, hexColor("#0c0d10"))
	c.circle(x+w/2, y+h/2+20, 42, "none", "stroke", body.dark(0.25), "stroke-width", 4)
	c.rect(x+w-4, y+110, 8, 70, 4, body.dark(0.2))
	c.gloss(x, y, w, h, 38, 0.28)
}

func drawGame(c *canvas, s *style) {
	header, label := hexColor("#0a4fd6"), "PS5"
	switch {
	case s.has("xbox", "x-box"):
		header, label = hexColor("#107c10"), "XBOX"
	case s.has("switch", "nintendo"):
		header, label = hexColor("#e60012"), ""
	case s.has("ps4"):
		header, label = hexColor("#003087"), "PS4"
	}
	x, y, w, h := 286.0, 180.0, 228.0, 430.0
	if label == "" {
		x, y, w, h = 306, 220, 188, 300
	}
	isoBox(c, x, y, w, h, 22, 14, "none", header.dark(0.3), header.light(0.2))
	c.rect(x, y, w, h, 6, c.diag(s.screen1, s.screen2))
	c.circle(x+w*0.7, y+h*0.36, w*0.22, gold.light(0.2), "opacity", 0.85)
	c.path(poly(x, y+h*0.8, x+w*0.35, y+h*0.48, x+w*0.6, y+h*0.7, x+w*0.8, y+h*0.55, x+w, y+h*0.75, x+w, y+h, x, y+h), s.screen2.dark(0.45))
	c.path(poly(x, y+h, x+w*0.25, y+h*0.7, x+w*0.5, y+h, x+w, y+h), s.screen2.dark(0.65), "opacity", 0.8)
	c.rect(x, y, w, 44, 6, header)
	if label != "" {
		c.text(label, "x", x+18, "y", y+30, "font-family", "system-ui,sans-serif", "font-size", 22,
			"font-weight", 800, "fill", white, "letter-spacing", 2)
	}
	c.rect(x+18, y+h*0.58, w*0.6, 14, 5, white, "opacity", 0.9)
	c.rect(x+18, y+h*0.58+22, w*0.4, 10, 5, white, "opacity", 0.6)
	c.gloss(x, y, w, h, 6, 0.25)
}

func drawCalculator(c *canvas, s *style) {
	body := s.body
	c.rect(296, 170, 208, 440, 30, bodyFill(c, body))
	c.rect(372, 188, 96, 18, 4, hexColor("#3a2f22"))
	for i := range 4 {
		c.rect(374+float64(i)*23, 190, 21, 14, 1, hexColor("#5b4632"))
	}
	c.rect(318, 216, 164, 74, 10, hexColor("#9aa79a"))
	c.rect(324, 222, 152, 62, 6, hexColor("#c9d6be"))
	c.text("1,250.50", "x", 468, "y", 268, "text-anchor", "end", "font-family", "ui-monospace,monospace",
		"font-size", 28, "font-weight", 600, "fill", hexColor("#27331f"))
	for row := range 6 {
		for col := range 5 {
			kc := body.light(0.3)
			if row < 2 {
				kc = body.light(0.5)
			}
			if row == 5 && col == 4 {
				kc = hexColor("#e07b39")
			}
			c.rect(316+float64(col)*34, 312+float64(row)*46, 28, 34, 8, kc)
		}
	}
	c.gloss(296, 170, 208, 440, 30, 0.2)
}

func drawBackpack(c *canvas, s *style) {
	body := s.body
	c.path("M360 214C360 170 440 170 440 214", "none", "stroke", body.dark(0.35), "stroke-width", 14, "stroke-linecap", "round")
	c.rect(262, 280, 24, 300, 10, body.dark(0.45))
	c.rect(514, 280, 24, 300, 10, body.dark(0.45))
	c.path("M280 268C280 196 520 196 520 268L538 574C538 600 520 612 498 612H302C280 612 262 600 262 574Z", bodyFill(c, body))
	c.path("M300 300C330 250 470 250 500 300", "none", "stroke", body.dark(0.35), "stroke-width", 4, "stroke-dasharray", "8 6")
	c.rect(308, 426, 184, 150, 30, body.dark(0.18))
	c.path("M318 444H482", "none", "stroke", body.dark(0.5), "stroke-width", 4)
	c.rect(470, 438, 16, 26, 4, hexColor("#c9cdd2"))
	c.rect(372, 486, 56, 30, 6, s.accent)
	c.rect(378, 492, 44, 4, 2, gold)
	c.rect(378, 500, 44, 4, 2, ghRed)
	c.rect(378, 508, 44, 4, 2, brand)
}

func drawBox(c *canvas, s *style) {
	body := s.body
	isoBox(c, 262, 320, 230, 250, 120, 72, bodyFill(c, body), body.dark(0.3), body.light(0.2))
	c.rect(356, 320, 42, 250, 0, gold, "opacity", 0.9)
	c.path(poly(356, 320, 476, 248, 518, 248, 398, 320), gold.light(0.2), "opacity", 0.9)
	c.path(starPath(315, 380, 26, 11), ink, "opacity", 0.85)
	c.gloss(262, 320, 230, 250, 0, 0.2)
}
