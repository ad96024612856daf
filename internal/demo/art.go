package demo

import (
	"dwa/internal/shop"

	"bytes"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The artwork is drawn in Go, deterministically: the same product and image
// index always give the same bytes. Every illustration is drawn in an 800×800
// space centred on (400, 400) and kept inside roughly 170…630 vertically, so
// that category cards and other canvases can reuse it scaled.

// Kinds lists every illustration kind, in a stable order.
var Kinds = []string{
	"phone", "featurephone", "tablet", "console", "handheld", "controller",
	"headset", "headphones", "earbuds", "speaker", "camera", "smartwatch",
	"band", "watch", "ring", "necklace", "bracelet", "earrings", "laptop",
	"desktop", "monitor", "keyboard", "mouse", "printer", "storage",
	"powerbank", "charger", "case", "game", "calculator", "backpack", "box",
}

func isKind(k string) bool {
	_, ok := drawers[k]
	return ok
}

// leafKinds gives the default illustration for products filed under a
// category slug (the deepest slug of the product's path wins).
var leafKinds = map[string]string{
	"gadgets": "headphones", "audio": "headphones", "headphones": "headphones",
	"earbuds": "earbuds", "bluetooth-speakers": "speaker",
	"cameras": "camera", "action-cameras": "camera", "digital-cameras": "camera",
	"wearables": "smartwatch", "smartwatches": "smartwatch", "fitness-trackers": "band",
	"power-and-charging": "powerbank",
	"gaming":             "controller", "consoles": "console", "x-box": "console",
	"playstation": "console", "nintendo": "handheld",
	"controllers-and-accessories": "controller", "controllers": "controller",
	"gaming-headsets": "headset", "video-games": "game", "pc-gaming": "keyboard",
	"gaming-keyboards-and-mice": "keyboard", "gaming-monitors": "monitor",
	"mobile-phones-and-tablets": "phone", "smartphones": "phone", "iphone": "phone",
	"samsung": "phone", "tecno-and-infinix": "phone", "xiaomi-and-others": "phone",
	"tablets": "tablet", "ipad": "tablet", "android-tablets": "tablet",
	"feature-phones": "featurephone", "phone-accessories": "case",
	"cases-and-screen-protectors": "case", "chargers-and-cables": "charger",
	"computer-office-education": "laptop", "laptops": "laptop", "macbooks": "laptop",
	"windows-laptops": "laptop", "desktops-and-monitors": "monitor", "desktops": "desktop",
	"monitors": "monitor", "printers-and-scanners": "printer",
	"computer-accessories": "keyboard", "keyboards-and-mice": "keyboard",
	"storage-and-memory": "storage", "school-and-office": "calculator",
	"calculators-and-stationery": "calculator", "school-bags": "backpack",
	"deals": "desktop", "pre-built-rigs": "desktop", "second-hand-deals": "phone",
	"used-phones": "phone", "used-laptops": "laptop", "used-consoles": "console",
	"jewelry-watches": "watch", "watches": "watch", "mens-watches": "watch",
	"womens-watches": "watch", "rings": "ring", "necklaces-and-chains": "necklace",
	"beads-and-bracelets": "bracelet", "earrings": "earrings",
}

// accessoryWords override the category: an accessory filed next to the
// device it belongs to still gets its own picture.
var accessoryWords = []struct{ word, kind string }{
	{"controller", "controller"}, {"dualsense", "controller"}, {"gamepad", "controller"},
	{"screen protector", "case"}, {" case", "case"}, {"cover", "case"},
	{"power bank", "powerbank"}, {"charger", "charger"}, {"cable", "charger"},
	{"adapter", "charger"}, {"headset", "headset"}, {"earbuds", "earbuds"},
	{"airpods", "earbuds"}, {"buds", "earbuds"}, {"keyboard", "keyboard"},
	{"mouse", "mouse"}, {"memory card", "storage"}, {"microsd", "storage"},
	{"flash drive", "storage"}, {"ssd", "storage"}, {"hard drive", "storage"},
	{"backpack", "backpack"}, {"earrings", "earrings"},
}

// nameWords are used when the category says nothing useful.
var nameWords = []struct{ word, kind string }{
	{"switch", "handheld"}, {"steam deck", "handheld"}, {"rog ally", "handheld"},
	{"smartwatch", "smartwatch"}, {"galaxy watch", "smartwatch"}, {"apple watch", "smartwatch"},
	{"redmi watch", "smartwatch"}, {"fitbit", "band"}, {"smart band", "band"},
	{"watch", "watch"}, {"g-shock", "watch"}, {"ipad", "tablet"}, {"tablet", "tablet"},
	{"galaxy tab", "tablet"}, {"macbook", "laptop"}, {"laptop", "laptop"},
	{"thinkpad", "laptop"}, {"elitebook", "laptop"}, {"monitor", "monitor"},
	{"printer", "printer"}, {"scanner", "printer"}, {"speaker", "speaker"},
	{"soundbar", "speaker"}, {"headphones", "headphones"}, {"camera", "camera"},
	{"gopro", "camera"}, {"iphone", "phone"}, {"galaxy", "phone"}, {"phone", "phone"},
	{"playstation", "console"}, {"x-box", "console"}, {"console", "console"},
	{"gaming pc", "desktop"}, {"rig", "desktop"}, {"calculator", "calculator"},
	{"necklace", "necklace"}, {"chain", "necklace"}, {"pendant", "necklace"},
	{"bracelet", "bracelet"}, {"bangle", "bracelet"}, {"beads", "bracelet"},
	{"ring", "ring"},
}

// KindOf picks the illustration kind of a product: its Kind field when set,
// else accessory words in the name, else its category, else other words of
// its name, else "box".
func KindOf(p Product) string {
	if isKind(p.Kind) {
		return p.Kind
	}
	name := " " + strings.ToLower(p.Name) + " "
	for _, w := range accessoryWords {
		if strings.Contains(name, w.word) {
			return w.kind
		}
	}
	for i := len(p.Category) - 1; i >= 0; i-- {
		if k, ok := leafKinds[p.Category[i]]; ok {
			return k
		}
	}
	for _, w := range nameWords {
		if strings.Contains(name, w.word) {
			return w.kind
		}
	}
	return "box"
}

// ---------------------------------------------------------------------------
// A tiny SVG writer.

type canvas struct {
	b   bytes.Buffer
	ids int
}

func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

func (c *canvas) attrs(kv []any) {
	for i := 0; i+1 < len(kv); i += 2 {
		c.b.WriteByte(' ')
		c.b.WriteString(kv[i].(string))
		c.b.WriteString(`="`)
		switch v := kv[i+1].(type) {
		case float64:
			c.b.WriteString(num(v))
		case int:
			c.b.WriteString(strconv.Itoa(v))
		case string:
			c.b.WriteString(v)
		case rgb:
			c.b.WriteString(v.String())
		default:
			fmt.Fprint(&c.b, v)
		}
		c.b.WriteByte('"')
	}
}

// el writes a self-closing element with name/value attribute pairs.
func (c *canvas) el(tag string, kv ...any) {
	c.b.WriteByte('<')
	c.b.WriteString(tag)
	c.attrs(kv)
	c.b.WriteString("/>")
}

func (c *canvas) open(tag string, kv ...any) {
	c.b.WriteByte('<')
	c.b.WriteString(tag)
	c.attrs(kv)
	c.b.WriteByte('>')
}

func (c *canvas) close(tag string) {
	c.b.WriteString("</")
	c.b.WriteString(tag)
	c.b.WriteByte('>')
}

func (c *canvas) text(content string, kv ...any) {
	c.open("text", kv...)
	c.b.WriteString(xmlEscape(content))
	c.close("text")
}

func (c *canvas) rect(x, y, w, h, rx float64, fill any, kv ...any) {
	c.el("rect", append([]any{"x", x, "y", y, "width", w, "height", h, "rx", rx, "fill", fill}, kv...)...)
}

func (c *canvas) circle(cx, cy, r float64, fill any, kv ...any) {
	c.el("circle", append([]any{"cx", cx, "cy", cy, "r", r, "fill", fill}, kv...)...)
}

func (c *canvas) ellipse(cx, cy, rx, ry float64, fill any, kv ...any) {
	c.el("ellipse", append([]any{"cx", cx, "cy", cy, "rx", rx, "ry", ry, "fill", fill}, kv...)...)
}

func (c *canvas) path(d string, fill any, kv ...any) {
	c.el("path", append([]any{"d", d, "fill", fill}, kv...)...)
}

func (c *canvas) line(x1, y1, x2, y2 float64, stroke any, width float64, kv ...any) {
	c.el("line", append([]any{"x1", x1, "y1", y1, "x2", x2, "y2", y2, "stroke", stroke, "stroke-width", width}, kv...)...)
}

type stop struct {
	at      float64
	color   rgb
	opacity float64 // 0 means opaque
}

func (c *canvas) gradient(kind string, geom []any, stops []stop) string {
	c.ids++
	id := "g" + strconv.Itoa(c.ids)
	c.b.WriteString("<defs>")
	c.open(kind, append([]any{"id", id}, geom...)...)
	for _, s := range stops {
		kv := []any{"offset", s.at, "stop-color", s.color}
		if s.opacity > 0 {
			kv = append(kv, "stop-opacity", s.opacity)
		}
		c.el("stop", kv...)
	}
	c.close(kind)
	c.b.WriteString("</defs>")
	return "url(#" + id + ")"
}

// lin is a linear gradient in bounding-box units from (x1,y1) to (x2,y2).
func (c *canvas) lin(x1, y1, x2, y2 float64, stops ...stop) string {
	return c.gradient("linearGradient", []any{"x1", x1, "y1", y1, "x2", x2, "y2", y2}, stops)
}

// vert is a top-to-bottom gradient between two colours.
func (c *canvas) vert(top, bottom rgb) string {
	return c.lin(0, 0, 0, 1, stop{0, top, 0}, stop{1, bottom, 0})
}

// diag is a top-left to bottom-right gradient between two colours.
func (c *canvas) diag(a, b rgb) string {
	return c.lin(0, 0, 1, 1, stop{0, a, 0}, stop{1, b, 0})
}

func (c *canvas) radial(cx, cy, r float64, stops ...stop) string {
	return c.gradient("radialGradient", []any{"cx", cx, "cy", cy, "r", r}, stops)
}

// shadow draws a soft elliptical contact shadow.
func (c *canvas) shadow(cx, cy, rx, ry, strength float64) {
	g := c.radial(0.5, 0.5, 0.5, stop{0, black, strength}, stop{1, black, 0.001})
	c.ellipse(cx, cy, rx, ry, g)
}

// gloss draws a diagonal white sheen over a rectangle.
func (c *canvas) gloss(x, y, w, h, rx, strength float64) {
	g := c.lin(0, 0, 1, 1, stop{0, white, strength}, stop{0.45, white, 0.001}, stop{1, white, 0.001})
	c.rect(x, y, w, h, rx, g)
}

func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ---------------------------------------------------------------------------
// Colours.

type rgb struct{ r, g, b float64 }

func hexColor(s string) rgb {
	v, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	return rgb{float64(v >> 16 & 0xff), float64(v >> 8 & 0xff), float64(v & 0xff)}
}

func (c rgb) String() string {
	clamp := func(v float64) int { return int(math.Max(0, math.Min(255, math.Round(v)))) }
	return fmt.Sprintf("#%02x%02x%02x", clamp(c.r), clamp(c.g), clamp(c.b))
}

func (c rgb) mix(o rgb, t float64) rgb {
	return rgb{c.r + (o.r-c.r)*t, c.g + (o.g-c.g)*t, c.b + (o.b-c.b)*t}
}

func (c rgb) light(t float64) rgb { return c.mix(white, t) }
func (c rgb) dark(t float64) rgb  { return c.mix(black, t) }

func (c rgb) luma() float64 { return (0.299*c.r + 0.587*c.g + 0.114*c.b) / 255 }

// hsl builds a colour from hue (degrees), saturation and lightness (0…1).
func hsl(h, s, l float64) rgb {
	h = math.Mod(math.Mod(h, 360)+360, 360) / 360
	if s == 0 {
		return rgb{l * 255, l * 255, l * 255}
	}
	q := l * (1 + s)
	if l >= 0.5 {
		q = l + s - l*s
	}
	p := 2*l - q
	f := func(t float64) float64 {
		t = math.Mod(t+1, 1)
		switch {
		case t < 1.0/6:
			return p + (q-p)*6*t
		case t < 0.5:
			return q
		case t < 2.0/3:
			return p + (q-p)*(2.0/3-t)*6
		}
		return p
	}
	return rgb{f(h+1.0/3) * 255, f(h) * 255, f(h-1.0/3) * 255}
}

var (
	white     = rgb{255, 255, 255}
	black     = rgb{0, 0, 0}
	brand     = hexColor("#006B3F")
	brandDeep = hexColor("#00452A")
	gold      = hexColor("#FCD116")
	goldDeep  = hexColor("#C99A0E")
	ghRed     = hexColor("#CE1126")
	ink       = hexColor("#1D2320")
)

// namedColours maps colour words found in product names to body colours,
// longest phrases first.
var namedColours = []struct {
	word string
	c    rgb
}{
	{"natural titanium", hexColor("#B9B2A6")}, {"desert titanium", hexColor("#C8A98B")},
	{"blue titanium", hexColor("#3E4A5C")}, {"black titanium", hexColor("#3A3A3C")},
	{"white titanium", hexColor("#E8E6E1")}, {"titanium gray", hexColor("#8C8D8F")},
	{"titanium grey", hexColor("#8C8D8F")}, {"titanium black", hexColor("#2E2F31")},
	{"titanium violet", hexColor("#6F6486")}, {"titanium yellow", hexColor("#E9D27A")},
	{"rose gold", hexColor("#D9A48F")}, {"space gray", hexColor("#5C5E62")},
	{"space grey", hexColor("#5C5E62")}, {"space black", hexColor("#2B2B2E")},
	{"carbon black", hexColor("#1E1F22")}, {"robot white", hexColor("#F2F2F0")},
	{"serenity blue", hexColor("#7FA7D6")}, {"midnight", hexColor("#222A3A")},
	{"starlight", hexColor("#EDE4D3")}, {"graphite", hexColor("#45474B")},
	{"onyx", hexColor("#2A2B2D")}, {"obsidian", hexColor("#202124")},
	{"lavender", hexColor("#B9A6E0")}, {"mint", hexColor("#A8DCC6")},
	{"teal", hexColor("#1F8A8A")}, {"cream", hexColor("#EFE6D2")},
	{"sage", hexColor("#9DB39A")}, {"coral", hexColor("#F08066")},
	{"turquoise", hexColor("#3FC1C0")}, {"aqua", hexColor("#5CC8D8")},
	{"burgundy", hexColor("#7A1F33")}, {"champagne", hexColor("#E9DCC0")},
	{"purple", hexColor("#7B4FB8")}, {"violet", hexColor("#7D5BA6")},
	{"pink", hexColor("#F2A7C3")}, {"red", hexColor("#C8282E")},
	{"orange", hexColor("#F28C28")}, {"yellow", hexColor("#F3C623")},
	{"gold", hexColor("#D4AF37")}, {"silver", hexColor("#C9CDD2")},
	{"green", hexColor("#2E8B57")}, {"blue", hexColor("#2F6FD6")},
	{"navy", hexColor("#1F2E5A")}, {"grey", hexColor("#8A8D91")},
	{"gray", hexColor("#8A8D91")}, {"white", hexColor("#F4F4F2")},
	{"black", hexColor("#222326")}, {"brown", hexColor("#7B4B2A")},
	{"tan", hexColor("#C19A6B")},
}

func nameColour(name string) (rgb, bool) {
	l := strings.ToLower(name)
	for _, nc := range namedColours {
		if strings.Contains(l, nc.word) {
			return nc.c, true
		}
	}
	return rgb{}, false
}

// kindPalettes are the believable body colours of each kind when the name
// names no colour.
var kindPalettes = map[string][]string{
	"phone":        {"#2B2D31", "#E9E6E0", "#3E4A5C", "#6F7F96", "#B9A6E0", "#9DB39A", "#D9C3A5"},
	"featurephone": {"#222326", "#2F6FD6", "#C8282E", "#3A3A3C"},
	"tablet":       {"#5C5E62", "#D7D8DA", "#3E4A5C", "#C9CDD2"},
	"console":      {"#1E1F22", "#F2F2F0"},
	"handheld":     {"#2B2D31"},
	"controller":   {"#1E1F22", "#F2F2F0", "#2F6FD6", "#C8282E", "#2E8B57", "#7B4FB8"},
	"headset":      {"#1E1F22", "#F2F2F0", "#2E8B57", "#C8282E"},
	"headphones":   {"#2B2D31", "#E9E6E0", "#1F2E5A", "#C19A6B"},
	"earbuds":      {"#F4F4F2", "#222326", "#3E4A5C"},
	"speaker":      {"#222326", "#1F6FB8", "#C8282E", "#2E8B57", "#E07B39"},
	"camera":       {"#222326", "#3A3A3C"},
	"smartwatch":   {"#2B2D31", "#C9CDD2", "#D9A48F", "#1F2E5A"},
	"band":         {"#222326", "#7B4FB8", "#F08066", "#1F8A8A"},
	"watch":        {"#C9CDD2", "#D4AF37", "#2B2D31", "#7B4B2A"},
	"ring":         {"#D4AF37", "#E8C25A", "#C9CDD2"},
	"necklace":     {"#D4AF37", "#E8C25A", "#C9CDD2"},
	"bracelet":     {"#D4AF37", "#C9CDD2"},
	"earrings":     {"#D4AF37", "#C9CDD2", "#D9A48F"},
	"laptop":       {"#C9CDD2", "#5C5E62", "#2B2D31", "#222A3A"},
	"desktop":      {"#1E1F22", "#F2F2F0"},
	"monitor":      {"#222326", "#2B2D31", "#E9E6E0"},
	"keyboard":     {"#222326", "#E9E6E0", "#3A3A3C"},
	"mouse":        {"#222326", "#E9E6E0", "#7B4FB8"},
	"printer":      {"#2B2D31", "#E9E6E0"},
	"storage":      {"#222326", "#1F6FB8", "#C8282E", "#3A3A3C"},
	"powerbank":    {"#222326", "#F4F4F2", "#1F6FB8", "#F08066"},
	"charger":      {"#F4F4F2", "#222326"},
	"case":         {"#1F2E5A", "#C8282E", "#9DB39A", "#222326", "#F2A7C3", "#E07B39"},
	"game":         {"#2F6FD6", "#2E8B57", "#C8282E"},
	"calculator":   {"#2B2D31", "#3A3A3C", "#1F2E5A"},
	"backpack":     {"#222326", "#1F2E5A", "#7B4B2A", "#2E8B57", "#C8282E"},
	"box":          {"#006B3F", "#C99A0E", "#1F2E5A"},
}

// ---------------------------------------------------------------------------
// Styles: what a single drawing varies on.

type style struct {
	kind    string
	name    string // lower-case product name
	body    rgb    // main body colour
	accent  rgb    // secondary colour (buttons, gems, straps)
	screen1 rgb    // screen wallpaper colours
	screen2 rgb
	n       int  // image index, 1-based
	back    bool // show the back of the device
	rng     *rand.Rand
	seed    uint64
}

func (s *style) has(words ...string) bool {
	for _, w := range words {
		if strings.Contains(s.name, w) {
			return true
		}
	}
	return false
}

// pick returns one of the options, chosen by the product (not the image).
func pick[T any](s *style, salt uint64, opts ...T) T {
	return opts[(s.seed>>8^salt*0x9E3779B97F4A7C15)%uint64(len(opts))]
}

func hash64(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func newStyle(p Product, n int) *style {
	kind := KindOf(p)
	seed := hash64(p.Name)
	s := &style{
		kind: kind,
		name: strings.ToLower(p.Name),
		n:    n,
		seed: seed,
		rng:  rand.New(rand.NewPCG(seed, uint64(n))),
	}
	if c, ok := nameColour(p.Name); ok {
		s.body = c
	} else if c, ok := nameColour(specColour(p.Specification)); ok {
		s.body = c
	} else {
		pal := kindPalettes[kind]
		s.body = hexColor(pal[seed%uint64(len(pal))])
	}
	hue := float64(seed % 360)
	s.accent = hsl(hue+150, 0.55, 0.5)
	s.screen1 = hsl(hue, 0.65, 0.55)
	s.screen2 = hsl(hue+60, 0.7, 0.35)
	return s
}

// specColour returns the value of the "Colour" row of a specification table,
// or "".
func specColour(spec string) string {
	const key = "<th>Colour</th><td>"
	i := strings.Index(spec, key)
	if i < 0 {
		return ""
	}
	rest := spec[i+len(key):]
	if j := strings.Index(rest, "</td>"); j >= 0 {
		return rest[:j]
	}
	return ""
}

// brandWord is the maker's name shown small under a product, or "" when the
// name does not start with one ("Used iPhone 12" gives "iPhone", "14K Gold
// Hoop Earrings" gives "").
func brandWord(name string) string {
	skip := map[string]bool{"used": true, "refurbished": true, "new": true, "uk-used": true, "pre-owned": true}
	generic := map[string]bool{
		"gold": true, "silver": true, "sterling": true, "mens": true, "men's": true,
		"women's": true, "womens": true, "ladies": true, "krobo": true, "handmade": true,
		"gaming": true, "the": true, "kente": true, "custom": true, "classic": true,
		"unisex": true, "waist": true, "scientific": true, "box": true, "pack": true,
		"office": true, "school": true, "twin": true, "solid": true, "genuine": true,
		"original": true, "children's": true, "kids": true, "rugged": true, "tempered": true,
		"privacy": true, "budget": true, "freshwater": true, "synthetic": true, "wireless": true,
		"portable": true, "premium": true, "ashanti": true, "adinkra": true,
		"sapphire": true, "emerald": true, "pearl": true, "diamond": true,
	}
	for _, w := range strings.Fields(name) {
		lw := strings.ToLower(strings.Trim(w, "–-,()"))
		if lw == "" || skip[lw] {
			continue
		}
		if generic[lw] || strings.ContainsAny(lw, "0123456789") {
			return ""
		}
		return strings.Trim(w, "–,()")
	}
	return ""
}

// ---------------------------------------------------------------------------
// Backgrounds.

type scene struct {
	dark bool // text drawn on it must be light
}

// background paints one of four looks: 1 light studio, 2 deep green studio,
// 3 warm sand with a thin kente-like band, 4 wall and table top.
func background(c *canvas, w, h float64, look int, hue float64) scene {
	switch look {
	case 2:
		g := c.radial(0.5, 0.42, 0.75, stop{0, hexColor("#0E5A3C"), 0}, stop{1, hexColor("#062A1C"), 0})
		c.rect(0, 0, w, h, 0, g)
		glow := c.radial(0.5, 0.5, 0.5, stop{0, gold, 0.22}, stop{1, gold, 0.001})
		c.ellipse(w*0.5, h*0.45, w*0.42, h*0.36, glow)
		return scene{dark: true}
	case 3:
		c.rect(0, 0, w, h, 0, c.vert(hexColor("#FBF5E8"), hexColor("#F1E4C8")))
		c.circle(w*0.82, h*0.2, w*0.2, hsl(hue, 0.55, 0.85), "opacity", 0.6)
		c.circle(w*0.12, h*0.75, w*0.14, hsl(hue+40, 0.5, 0.88), "opacity", 0.7)
		band := h * 0.016
		y := h - band*3
		for i, col := range []rgb{ghRed, gold, brand} {
			c.rect(0, y+float64(i)*band, w, band*0.8, 0, col, "opacity", 0.85)
		}
		return scene{}
	case 4:
		wall := hsl(hue, 0.18, 0.93)
		c.rect(0, 0, w, h, 0, c.vert(wall.light(0.4), wall))
		c.rect(0, h*0.66, w, h*0.34, 0, c.vert(hsl(hue, 0.16, 0.83), hsl(hue, 0.14, 0.76)))
		c.rect(0, h*0.66, w, 3, 0, white, "opacity", 0.7)
		return scene{}
	default:
		g := c.radial(0.5, 0.4, 0.8, stop{0, white, 0}, stop{1, hsl(hue, 0.35, 0.9), 0})
		c.rect(0, 0, w, h, 0, g)
		return scene{}
	}
}

// ProductSVG draws gallery image n (1-based) of a product as an 800×800 SVG.
// Different n give a different background, angle and framing, so that a
// gallery looks like several photos of the same item.
func ProductSVG(p Product, n int) []byte {
	return productSVG(p, n, p.Name, brandWord(p.Name))
}

func productSVG(p Product, n int, label, brand string) []byte {
	if n < 1 {
		n = 1
	}
	s := newStyle(p, n)
	c := &canvas{}
	c.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="`)
	c.b.WriteString(xmlEscape(label))
	c.b.WriteString(`">`)

	look := 1
	if n > 1 {
		look = 2 + (n-2+int(s.seed%3))%3
	}
	hue := float64(s.seed%360) + float64(n)*37
	sc := background(c, 800, 800, look, hue)

	// Framing: angle and zoom vary with the image index.
	angles := []float64{0, -9, 7, -4, 11}
	scales := []float64{1.1, 1.04, 1, 1.24, 1.08}
	rot := angles[(n-1)%len(angles)]
	zoom := scales[(n-1)%len(scales)]
	if n > 1 && s.rng.IntN(2) == 0 {
		rot = -rot
	}
	s.back = n%2 == 0
	cy := 400.0
	if look == 4 {
		cy = 360 // stand the item on the table top
	}
	c.shadow(400, cy+236*zoom, 210*zoom, 24*zoom, 0.28)
	c.open("g", "transform", fmt.Sprintf("translate(400 %s) rotate(%s) scale(%s) translate(-400 -400)",
		num(cy), num(rot), num(zoom)))
	drawers[s.kind](c, s)
	c.close("g")

	if brand != "" {
		fill := ink.light(0.35)
		if sc.dark {
			fill = gold.light(0.3)
		}
		c.text(strings.ToUpper(brand), "x", 400, "y", 742, "text-anchor", "middle",
			"font-family", "system-ui,-apple-system,Segoe UI,Roboto,sans-serif", "font-size", 26,
			"font-weight", 600, "letter-spacing", 6, "fill", fill, "opacity", 0.85)
	}
	c.b.WriteString("</svg>")
	return c.b.Bytes()
}

// KindSVG draws the shared 800×800 picture of a kind, used by synthetic
// products.
func KindSVG(kind string) []byte {
	if !isKind(kind) {
		kind = "box"
	}
	return productSVG(Product{Name: "synthetic " + kind, Kind: kind}, 1, kind, "")
}

// categoryKind chooses the picture of a category: its own slug when known,
// else its first child's.
func categoryKind(cat Category) string {
	if k, ok := leafKinds[cat.Slug]; ok {
		return k
	}
	for _, ch := range cat.Children {
		if k := categoryKind(ch); k != "box" {
			return k
		}
	}
	return "box"
}

// CategorySVG draws a 600×400 card image for a category: a brand-coloured
// backdrop with the illustration of the category's typical product.
func CategorySVG(cat Category) []byte {
	seed := hash64(cat.Slug)
	c := &canvas{}
	c.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400" role="img" aria-label="`)
	c.b.WriteString(xmlEscape(cat.Name))
	c.b.WriteString(`">`)
	hue := 130 + float64(seed%50) // greens and teals
	top := hsl(hue+float64(seed%3)*12, 0.75, 0.22)
	c.rect(0, 0, 600, 400, 0, c.diag(top.light(0.12), top.dark(0.35)))
	glow := c.radial(0.5, 0.5, 0.5, stop{0, gold, 0.35}, stop{1, gold, 0.001})
	c.ellipse(300, 200, 260, 170, glow)
	// Thin gold arcs for depth.
	for i := range 3 {
		r := 150 + float64(i)*55
		c.circle(300, 205, r, "none", "stroke", gold, "stroke-opacity", 0.18-float64(i)*0.04, "stroke-width", 2)
	}
	band := []rgb{ghRed, gold, brand.light(0.2)}
	for i, col := range band {
		c.rect(0, 382+float64(i)*6, 600, 4, 0, col, "opacity", 0.9)
	}
	kind := categoryKind(cat)
	p := Product{Name: cat.Name, Kind: kind}
	s := newStyle(p, 1)
	c.shadow(300, 352, 170, 16, 0.35)
	c.open("g", "transform", "translate(300 196) scale(0.66) translate(-400 -400)")
	drawers[kind](c, s)
	c.close("g")
	c.b.WriteString("</svg>")
	return c.b.Bytes()
}

// StoreLogoSVG draws a 256×256 monogram badge for a store in Dwa's green and
// gold, with a small black star.
func StoreLogoSVG(st Store) []byte {
	seed := hash64(st.Key)
	c := &canvas{}
	c.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="`)
	c.b.WriteString(xmlEscape(st.Name))
	c.b.WriteString(`">`)
	greens := []rgb{brand, hexColor("#0B5D3B"), hexColor("#00594F"), hexColor("#1B4D2E"), hexColor("#007A4D")}
	base := greens[seed%uint64(len(greens))]
	fill := c.diag(base.light(0.15), base.dark(0.3))
	ring := c.diag(gold.light(0.2), goldDeep)
	if seed%2 == 0 {
		c.circle(128, 128, 122, ring)
		c.circle(128, 128, 110, fill)
		c.circle(128, 128, 100, "none", "stroke", gold, "stroke-opacity", 0.5, "stroke-width", 1.5, "stroke-dasharray", "2 5")
	} else {
		c.rect(6, 6, 244, 244, 56, ring)
		c.rect(18, 18, 220, 220, 46, fill)
		c.rect(28, 28, 200, 200, 38, "none", "stroke", gold, "stroke-opacity", 0.5, "stroke-width", 1.5, "stroke-dasharray", "2 5")
	}
	c.path(starPath(128, 62, 15, 6.5), ink)
	c.path(starPath(128, 62, 15, 6.5), "none", "stroke", gold, "stroke-width", 1.5)
	mono := monogram(st.Name)
	size := 84
	if len([]rune(mono)) > 2 {
		size = 62
	}
	c.text(mono, "x", 128, "y", 160, "text-anchor", "middle",
		"font-family", "Georgia,'Times New Roman',serif", "font-size", size, "font-weight", 700,
		"fill", gold.light(0.15), "letter-spacing", 2)
	c.rect(88, 182, 80, 3, 1.5, gold, "opacity", 0.8)
	c.b.WriteString("</svg>")
	return c.b.Bytes()
}

// monogram takes the initials of the first three significant words.
func monogram(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		if w == "&" || strings.EqualFold(w, "and") || strings.EqualFold(w, "the") {
			continue
		}
		r := []rune(w)[0]
		out = append(out, []rune(strings.ToUpper(string(r)))...)
		if len(out) == 3 {
			break
		}
	}
	if len(out) == 0 {
		return "D"
	}
	return string(out)
}

// starPath is a five-pointed star centred on (cx, cy).
func starPath(cx, cy, outer, inner float64) string {
	var b strings.Builder
	for i := range 10 {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		if i == 0 {
			b.WriteString("M")
		} else {
			b.WriteString("L")
		}
		b.WriteString(num(cx + r*math.Cos(a)))
		b.WriteByte(' ')
		b.WriteString(num(cy + r*math.Sin(a)))
	}
	b.WriteString("Z")
	return b.String()
}

// WriteImages writes every demo image under root: products/<slug>-<n>.svg,
// categories/<slug>.svg, stores/<key>.svg and synthetic/<kind>.svg, all under
// root/demo/. The URL helpers of this package point at the same files
// relative to /media/.
func WriteImages(root string, c *Catalogue) error {
	dirs := map[string]string{}
	for _, d := range []string{"products", "categories", "stores", "synthetic"} {
		dirs[d] = filepath.Join(root, "demo", d)
		if err := os.MkdirAll(dirs[d], 0o755); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	write := func(dir, name string, data []byte) error {
		if err := os.WriteFile(filepath.Join(dirs[dir], name), data, 0o644); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		return nil
	}
	for _, p := range c.Products {
		if p.Synthetic {
			continue // synthetic products share the kind images below
		}
		slug := p.Slug
		if slug == "" {
			slug = shop.ProductSlug(p.Name)
		}
		for n := 1; n <= max(p.Images, 1); n++ {
			if err := write("products", slug+"-"+strconv.Itoa(n)+".svg", ProductSVG(p, n)); err != nil {
				return err
			}
		}
	}
	for _, cat := range c.AllCategories() {
		if err := write("categories", cat.Slug+".svg", CategorySVG(cat)); err != nil {
			return err
		}
	}
	for _, st := range c.Stores {
		if err := write("stores", st.Key+".svg", StoreLogoSVG(st)); err != nil {
			return err
		}
	}
	for _, k := range Kinds {
		if err := write("synthetic", k+".svg", KindSVG(k)); err != nil {
			return err
		}
	}
	return nil
}
