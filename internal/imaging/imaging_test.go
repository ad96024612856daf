package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"testing"
)

func picture(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 90, uint8(255 * (x % 2))})
		}
	}
	return img
}

func encoded(t testing.TB, enc func(*bytes.Buffer, image.Image) error, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b, picture(w, h)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func asJPEG(b *bytes.Buffer, m image.Image) error { return jpeg.Encode(b, m, nil) }
func asPNG(b *bytes.Buffer, m image.Image) error  { return png.Encode(b, m) }
func asGIF(b *bytes.Buffer, m image.Image) error  { return gif.Encode(b, m, nil) }

// hugePNG is a valid PNG header claiming width × height pixels.
func hugePNG(t *testing.T, width, height uint32) []byte {
	b := encoded(t, asPNG, 1, 1)
	ihdr := b[16:29] // after the signature and the IHDR length and type
	binary.BigEndian.PutUint32(ihdr[0:4], width)
	binary.BigEndian.PutUint32(ihdr[4:8], height)
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func TestProcess(t *testing.T) {
	webp, err := os.ReadFile("testdata/gradient-256.webp") // made with cwebp
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		data   []byte
		widths []int // of the renditions made, in pixels
		err    error
	}{
		{"large JPEG: every slot", encoded(t, asJPEG, 1600, 1200), []int{320, 640, 1024}, nil},
		{"PNG 500 wide: 320 and its own 500", encoded(t, asPNG, 500, 400), []int{320, 500}, nil},
		{"PNG exactly 640 wide", encoded(t, asPNG, 640, 640), []int{320, 640}, nil},
		{"small PNG: one rendition at its size", encoded(t, asPNG, 250, 250), []int{250}, nil},
		{"WebP", webp, []int{256}, nil},
		{"too small", encoded(t, asPNG, 150, 400), nil, ErrSmall},
		{"GIF is not accepted", encoded(t, asGIF, 300, 300), nil, ErrType},
		{"SVG with a script", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), nil, ErrType},
		{"PDF named .jpg", []byte("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n"), nil, ErrType},
		{"HTML", []byte("<!doctype html><html><body><img src=x onerror=alert(1)></body></html>"), nil, ErrType},
		{"truncated JPEG", encoded(t, asJPEG, 800, 800)[:600], nil, ErrCorrupt},
		{"decompression bomb", hugePNG(t, 30000, 30000), nil, ErrPixels},
		{"20 MB", append(encoded(t, asJPEG, 300, 300), make([]byte, 20<<20)...), nil, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := Process(tc.data)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v; want %v", err, tc.err)
			}
			if len(rs) != len(tc.widths) {
				t.Fatalf("%d renditions; want %d", len(rs), len(tc.widths))
			}
			for i, r := range rs {
				if r.Width != Widths[i] {
					t.Errorf("rendition %d is in slot %d", i, r.Width)
				}
				m, format, err := image.Decode(bytes.NewReader(r.JPEG))
				if err != nil || format != "jpeg" {
					t.Fatalf("rendition %d: %s, %v", i, format, err)
				}
				if m.Bounds().Dx() != tc.widths[i] {
					t.Errorf("rendition %d is %d wide; want %d", i, m.Bounds().Dx(), tc.widths[i])
				}
			}
		})
	}
}

// Transparent areas become white, not black, in the JPEG.
func TestProcessFillsTransparencyWithWhite(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 300, 300)) // all transparent
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	rs, err := Process(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	m, _ := jpeg.Decode(bytes.NewReader(rs[0].JPEG))
	if r, g, bl, _ := m.At(10, 10).RGBA(); r>>8 < 250 || g>>8 < 250 || bl>>8 < 250 {
		t.Errorf("transparent pixel became %d,%d,%d", r>>8, g>>8, bl>>8)
	}
}
