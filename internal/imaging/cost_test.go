package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"testing"
)

// pngHeader is a PNG whose IHDR claims width × height at a bit depth and
// colour type (2 = RGB, 6 = RGBA), interlaced or not; the pixel data is a
// 1 × 1 picture's, never decoded by Inspect.
func pngHeader(t testing.TB, width, height uint32, depth, colourType byte, interlaced bool) []byte {
	b := encoded(t, asPNG, 1, 1)
	ihdr := b[16:29] // after the signature and the IHDR length and type
	binary.BigEndian.PutUint32(ihdr[0:4], width)
	binary.BigEndian.PutUint32(ihdr[4:8], height)
	ihdr[8], ihdr[9] = depth, colourType
	ihdr[12] = 0
	if interlaced {
		ihdr[12] = 1
	}
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// jpegHeader is a JPEG (Go's encoder: 4:2:0 baseline, or grey) whose frame
// header claims width × height, progressive when asked.
func jpegHeader(t testing.TB, width, height uint16, progressive bool) []byte {
	b := encoded(t, asJPEG, 16, 16)
	i := bytes.Index(b, []byte{0xff, 0xc0})
	if i < 0 {
		t.Fatal("no SOF0 in Go's JPEG")
	}
	if progressive {
		b[i+1] = 0xc2
	}
	binary.BigEndian.PutUint16(b[i+5:], height) // after marker, length and precision
	binary.BigEndian.PutUint16(b[i+7:], width)
	return b
}

// strayBytes is a JPEG with two bytes of junk after its first segment,
// which Go's decoder (like libjpeg) skips.
func strayBytes(t testing.TB) []byte {
	b := encoded(t, asJPEG, 300, 200)
	end := 4 + int(binary.BigEndian.Uint16(b[4:])) // SOI, then the first segment's marker and length
	return append(append(b[:end:end], 'x', 'y'), b[end:]...)
}

// losslessWebP is a lossless WebP header claiming width × height.
func losslessWebP(width, height uint32) []byte {
	bits := (width - 1) | (height-1)<<14
	vp8l := []byte{0x2f, byte(bits), byte(bits >> 8), byte(bits >> 16), byte(bits >> 24)}
	b := []byte("RIFF\x00\x00\x00\x00WEBPVP8L\x05\x00\x00\x00")
	b = append(b, vp8l...)
	b = append(b, 0)
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
	return b
}

// Issue 17: a 311 KB 16-bit 40-megapixel PNG cost 12.5 s and 700 MB. What
// would not fit the decode budget is refused from its header, with a field
// message that says what to do; what fits is accepted.
func TestInspectBoundsDecodeMemory(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		err  error
	}{
		{"16-bit RGBA PNG, 40 MP (the issue's bomb)", pngHeader(t, 7300, 5470, 16, 6, false), ErrDeep},
		{"16-bit RGB PNG, 11 MP", pngHeader(t, 3800, 2900, 16, 2, false), nil},
		{"8-bit RGBA PNG, 24 MP", pngHeader(t, 6000, 4000, 8, 6, false), ErrHeavy},
		{"8-bit RGBA PNG, 12 MP", pngHeader(t, 4000, 3000, 8, 6, false), nil},
		{"8-bit RGBA PNG, 12 MP, interlaced", pngHeader(t, 4000, 3000, 8, 6, true), ErrHeavy},
		{"baseline JPEG, 40 MP", jpegHeader(t, 7744, 5164, false), nil},
		{"progressive JPEG, 40 MP", jpegHeader(t, 7744, 5164, true), ErrHeavy},
		{"progressive JPEG, 12 MP", jpegHeader(t, 4032, 3024, true), nil},
		{"lossless WebP, 20 MP", losslessWebP(5000, 4000), ErrHeavy},
		{"lossless WebP, 6 MP", losslessWebP(3000, 2000), nil},
		{"more than 40 MP", jpegHeader(t, 8000, 6000, false), ErrPixels},
		{"JPEG with stray bytes between segments", strayBytes(t), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, err := Inspect(tc.data)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v; want %v", err, tc.err)
			}
			if err == nil && (info.Cost <= 0 || info.Cost > DecodeBudget) {
				t.Errorf("cost %d; want within (0, %d]", info.Cost, DecodeBudget)
			}
		})
	}
}

// allocated is what f allocates on the heap, garbage included: an upper
// bound of the memory it holds at its peak.
func allocated(f func()) int64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// Inspect's cost is an upper bound of what Render allocates, for each
// decoder and layout — including a tall picture, whose renditions once
// took a float64 buffer of 1024 × its height.
func TestRenderStaysWithinInspectedCost(t *testing.T) {
	webp, err := os.ReadFile("testdata/gradient-256.webp")
	if err != nil {
		t.Fatal(err)
	}
	enc := func(m image.Image, asPNG bool) []byte {
		var b bytes.Buffer
		if asPNG {
			err = png.Encode(&b, m)
		} else {
			err = jpeg.Encode(&b, m, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	deep := image.NewRGBA64(image.Rect(0, 0, 900, 700))
	for i := range deep.Pix {
		deep.Pix[i] = byte(i * 7)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"JPEG 4:2:0", encoded(t, asJPEG, 1200, 900)},
		{"tall JPEG", enc(image.NewYCbCr(image.Rect(0, 0, 1050, 3000), image.YCbCrSubsampleRatio420), false)},
		{"grey JPEG", enc(image.NewGray(image.Rect(0, 0, 900, 700)), false)},
		{"NRGBA PNG", encoded(t, asPNG, 900, 700)},
		{"16-bit PNG", enc(deep, true)},
		{"paletted PNG", enc(image.NewPaletted(image.Rect(0, 0, 900, 700), color.Palette{color.White, color.Black}), true)},
		{"lossy WebP", webp},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, err := Inspect(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if n := allocated(func() { _, err = Render(tc.data, info) }); n > info.Cost {
				t.Errorf("Render allocated %d bytes; Inspect allowed %d", n, info.Cost)
			}
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// resize averages the source area each pixel covers: stripes become their
// mean, flat colours stay exact at any ratio, edges stay where they were.
func TestResizeAveragesArea(t *testing.T) {
	stripes := image.NewGray(image.Rect(0, 0, 400, 300))
	for i := range stripes.Pix {
		if i%2 == 0 {
			stripes.Pix[i] = 255
		}
	}
	flat := image.NewNRGBA(image.Rect(0, 0, 1000, 700))
	halves := image.NewRGBA(image.Rect(0, 0, 600, 200))
	for y := range 700 {
		for x := range 1000 {
			flat.SetNRGBA(x, y, color.NRGBA{200, 120, 40, 255})
		}
	}
	red, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}
	for y := range 200 {
		for x := range 600 {
			halves.SetRGBA(x, y, red)
			if x >= 300 {
				halves.SetRGBA(x, y, blue)
			}
		}
	}
	for _, tc := range []struct {
		name  string
		src   image.Image
		width int
		want  map[image.Point]color.RGBA
	}{
		{"stripes halved are grey", stripes, 200, map[image.Point]color.RGBA{{0, 0}: {128, 128, 128, 255}, {199, 149}: {128, 128, 128, 255}}},
		{"a flat colour at 1000 → 640", flat, 640, map[image.Point]color.RGBA{{0, 0}: {200, 120, 40, 255}, {639, 447}: {200, 120, 40, 255}, {333, 222}: {200, 120, 40, 255}}},
		{"the edge stays in the middle", halves, 300, map[image.Point]color.RGBA{{149, 50}: red, {150, 50}: blue}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := resize(tc.src, tc.width)
			b := tc.src.Bounds()
			if want := image.Rect(0, 0, tc.width, b.Dy()*tc.width/b.Dx()); got.Rect != want {
				t.Fatalf("size %v; want %v", got.Rect, want)
			}
			for p, want := range tc.want {
				if c := got.RGBAAt(p.X, p.Y); c != want {
					t.Errorf("pixel %v = %v; want %v", p, c, want)
				}
			}
		})
	}
}

// Inspect never panics and never admits more than the budget, whatever
// the header claims.
func FuzzInspect(f *testing.F) {
	f.Add(encoded(f, asJPEG, 300, 200))
	f.Add(encoded(f, asPNG, 300, 200))
	f.Add(losslessWebP(3000, 2000))
	if webp, err := os.ReadFile("testdata/gradient-256.webp"); err == nil {
		f.Add(webp)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if info, err := Inspect(data); err == nil && info.Cost > DecodeBudget {
			t.Fatalf("admitted a cost of %d", info.Cost)
		}
	})
}
