// Package imaging turns an uploaded picture into the shop's own JPEG
// renditions. Nothing of the upload survives as sent: the bytes are sniffed
// (never trusted by name or declared type), decoded within size limits, and
// re-encoded at fixed widths, so metadata, scripts and polyglot payloads are
// dropped.
//
// Memory is bounded before anything is decoded: Inspect reads the header
// (dimensions, bit depth, colour layout, progressive or interlaced coding)
// and works out what the decoder will allocate for exactly this file (see
// cost.go); an upload that would need more than DecodeBudget is refused
// with a field error, so one decode plus its renditions never holds more
// than DecodeBudget, whatever the file claims.
package imaging

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	_ "image/png" // registers PNG decoding
	"net/http"

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
	MaxSide   = 20_000     // either side, in pixels
	MinSide   = 200        // smaller is too small to show on a product page
	// DecodeBudget is the most memory one upload may take from decoding to
	// its last encoded rendition (decoder buffers, the decoded image and
	// the renditions). It admits a 40-megapixel baseline JPEG (about 62
	// MiB), a 12-megapixel progressive one, an 8-bit PNG of about 23
	// megapixels and a 16-bit PNG or lossless WebP of about 11; larger
	// pictures are refused from their header, before decoding.
	DecodeBudget = 96 << 20
	quality      = 82
)

// Errors, each a sentence for the shopper-facing field error.
var (
	ErrType     = errors.New("Upload a JPEG, PNG or WebP image.")
	ErrTooLarge = errors.New("The image is larger than 8 MB.")
	ErrPixels   = errors.New("The image has too many pixels (at most 40 megapixels).")
	ErrSmall    = errors.New("The image must be at least 200 × 200 pixels.")
	ErrCorrupt  = errors.New("The image could not be read. Try another file.")
	// ErrDeep and ErrHeavy: within the pixel limit, but the decoded image
	// would not fit DecodeBudget (16 bits per channel, lossless, progressive).
	ErrDeep  = errors.New("The image has 16 bits per channel and too many pixels to process. Save it with 8 bits per channel or make it smaller.")
	ErrHeavy = errors.New("The image has too many pixels to process in this format. Save it as a standard JPEG or make it smaller.")
)

// Rendition is one re-encoded width of an image.
type Rendition struct {
	Width int
	JPEG  []byte
}

// Info is what the header of an accepted upload says.
type Info struct {
	Format        string // "jpeg", "png" or "webp"
	Width, Height int
	// Cost is the memory in bytes that decoding and re-encoding will take
	// at most (≤ DecodeBudget).
	Cost int64
}

var accepted = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}

// Process checks and re-encodes data (at most MaxBytes) into renditions,
// smallest first.
func Process(data []byte) ([]Rendition, error) {
	info, err := Inspect(data)
	if err != nil {
		return nil, err
	}
	return Render(data, info)
}

// Inspect checks an upload from its header alone, without decoding the
// pixels: size as sent, type, dimensions and the memory decoding would
// take. It is cheap; only what passes it is worth a decoding worker.
func Inspect(data []byte) (Info, error) {
	if len(data) > MaxBytes {
		return Info{}, ErrTooLarge
	}
	if !accepted[http.DetectContentType(data)] {
		return Info{}, ErrType
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Info{}, ErrCorrupt
	}
	if cfg.Width*cfg.Height > MaxPixels || cfg.Width > MaxSide || cfg.Height > MaxSide {
		return Info{}, ErrPixels
	}
	if cfg.Width < MinSide || cfg.Height < MinSide {
		return Info{}, ErrSmall
	}
	decode, deep, err := decodeCost(data, format, cfg)
	if err != nil {
		return Info{}, ErrCorrupt
	}
	info := Info{Format: format, Width: cfg.Width, Height: cfg.Height, Cost: decode + renditionCost(cfg.Width, cfg.Height)}
	if info.Cost > DecodeBudget {
		if deep {
			return Info{}, ErrDeep
		}
		return Info{}, ErrHeavy
	}
	return info, nil
}

// Render decodes an upload that Inspect accepted and re-encodes it into
// renditions, smallest first. The widest is scaled from the original, each
// narrower one from the next wider rendition, which is cheaper and as good.
func Render(data []byte, info Info) ([]Rendition, error) {
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, ErrCorrupt
	}
	widths := renditionWidths(info.Width)
	scaled := make([]*image.RGBA, len(widths))
	var from image.Image = src
	for i := len(widths) - 1; i >= 0; i-- {
		scaled[i] = resize(from, min(widths[i], info.Width))
		from = scaled[i]
	}
	out := make([]Rendition, len(widths))
	for i, m := range scaled {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: quality}); err != nil {
			return nil, err
		}
		out[i] = Rendition{Width: widths[i], JPEG: buf.Bytes()}
	}
	return out, nil
}

// renditionWidths are the slots made for an original width: every slot up
// to and including the first at least as wide as the original.
func renditionWidths(width int) []int {
	var out []int
	for _, w := range Widths {
		out = append(out, w)
		if w >= width {
			break // the original's own width fills this slot: nothing wider to make
		}
	}
	return out
}
