// Package imaging turns an uploaded picture into the shop's own JPEG
// renditions. Nothing of the upload survives as sent: the bytes are sniffed
// (never trusted by name or declared type), decoded within size limits, and
// re-encoded at fixed widths, so metadata, scripts and polyglot payloads are
// dropped.
package imaging

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // registers PNG decoding
	"net/http"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // registers WebP decoding
)

// Widths are the slots of the renditions made of an image, for srcset. The
// first slot at least as wide as the original holds the original's own
// width (never upscaled) and is the last one made.
var Widths = []int{320, 640, 1024}

// Limits of an upload.
const (
	MaxBytes  = 8 << 20    // 8 MiB as sent
	MaxPixels = 40_000_000 // decoded, against decompression bombs
	MinSide   = 200        // smaller is too small to show on a product page
	quality   = 82
)

// Errors, each a sentence for the shopper-facing field error.
var (
	ErrType     = errors.New("Upload a JPEG, PNG or WebP image.")
	ErrTooLarge = errors.New("The image is larger than 8 MB.")
	ErrPixels   = errors.New("The image has too many pixels (at most 40 megapixels).")
	ErrSmall    = errors.New("The image must be at least 200 × 200 pixels.")
	ErrCorrupt  = errors.New("The image could not be read. Try another file.")
)

// Rendition is one re-encoded width of an image.
type Rendition struct {
	Width int
	JPEG  []byte
}

var accepted = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}

// Process checks and re-encodes data (at most MaxBytes) into renditions,
// smallest first.
func Process(data []byte) ([]Rendition, error) {
	if len(data) > MaxBytes {
		return nil, ErrTooLarge
	}
	if !accepted[http.DetectContentType(data)] {
		return nil, ErrType
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, ErrCorrupt
	}
	if cfg.Width*cfg.Height > MaxPixels || cfg.Width > 20_000 || cfg.Height > 20_000 {
		return nil, ErrPixels
	}
	if cfg.Width < MinSide || cfg.Height < MinSide {
		return nil, ErrSmall
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, ErrCorrupt
	}
	var out []Rendition
	for _, w := range Widths {
		b, err := encode(src, min(w, cfg.Width))
		if err != nil {
			return nil, err
		}
		out = append(out, Rendition{Width: w, JPEG: b})
		if w >= cfg.Width {
			break // the original's own width filled this slot: nothing wider to make
		}
	}
	return out, nil
}

// encode scales src to width (keeping its proportions) onto white, so that
// transparent PNG and WebP areas do not turn black, and encodes a JPEG.
func encode(src image.Image, width int) ([]byte, error) {
	b := src.Bounds()
	height := max(1, b.Dy()*width/b.Dx())
	dst := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
