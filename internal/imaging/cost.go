package imaging

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
)

// The decoders' memory, worked out from the header of the file before a
// pixel is decoded. Each figure follows what the decoder really allocates
// (Go's image/jpeg and image/png, golang.org/x/image/webp) and errs on the
// high side where the header leaves a choice open.

var errHeader = errors.New("imaging: unreadable header")

// decoderOverhead covers what a decoder allocates whatever the size:
// Huffman and quantisation tables, zlib's window, buffered readers
// (measured: under 100 KB for each format).
const decoderOverhead = 256 << 10

// decodeCost is the memory, in bytes, that decoding data will take at its
// peak; deep reports 16 bits per channel (for the message when too much).
func decodeCost(data []byte, format string, cfg image.Config) (cost int64, deep bool, err error) {
	switch format {
	case "jpeg":
		cost, err = jpegCost(data, cfg)
	case "png":
		cost, deep, err = pngCost(data, cfg)
	case "webp":
		cost, err = webpCost(data, cfg)
	default:
		err = errHeader
	}
	return decoderOverhead + cost, deep, err
}

// renditionCost is the memory of the scaled images (RGBA, all held until
// encoded), their JPEG bytes (generously one byte a pixel, twice over for
// the growth of the buffer they are written to) and the scaler's row
// buffers (one source row as RGBA, three float rows of the width made).
func renditionCost(width, height int) int64 {
	var cost int64
	for _, w := range renditionWidths(width) {
		w = min(w, width)
		h := max(1, int64(height)*int64(w)/int64(width))
		cost += (4+2)*int64(w)*h + 4*int64(width) + 3*16*int64(w)
	}
	return cost
}

// pngCost: the decoder makes one image of the file's colour type: 1 byte a
// pixel for paletted, 2 for 16-bit grey, 4 for 8-bit colour, 8 for 16-bit
// colour, and a grey image with a transparent colour becomes NRGBA (4 or 8
// bytes). An interlaced (Adam7) file is decoded pass by pass into images of
// its own, merged into the full one: up to twice the memory.
func pngCost(data []byte, cfg image.Config) (int64, bool, error) {
	var bpp int64
	deep := false
	switch cfg.ColorModel {
	case color.GrayModel, color.RGBAModel, color.NRGBAModel:
		bpp = 4
	case color.Gray16Model, color.RGBA64Model, color.NRGBA64Model:
		bpp, deep = 8, true
	default:
		if _, ok := cfg.ColorModel.(color.Palette); !ok {
			return 0, false, errHeader
		}
		bpp = 1
	}
	// The IHDR chunk comes first (image.DecodeConfig checked it): 8 bytes
	// of signature, 8 of chunk length and type, then width, height, bit
	// depth, colour type, compression, filter and interlace method.
	const interlaceAt = 8 + 8 + 4 + 4 + 4
	if len(data) <= interlaceAt {
		return 0, false, errHeader
	}
	cost := bpp * int64(cfg.Width) * int64(cfg.Height)
	if data[interlaceAt] != 0 {
		cost *= 2
	}
	return cost, deep, nil
}

// jpegCost: the decoder keeps each component at its own sampling in blocks
// of 8 × 8, rounded up to whole MCUs (1 byte a sample); a progressive file
// also keeps every coefficient until the end (64 int32 per block: 4 bytes
// a sample). An RGB file is then converted to RGBA, a CMYK or YCCK one to 4
// bytes a pixel (image.DecodeConfig's colour model tells which).
func jpegCost(data []byte, cfg image.Config) (int64, error) {
	sof, err := jpegFrame(data)
	if err != nil {
		return 0, err
	}
	n := len(sof.sampling)
	if n == 1 {
		sof.sampling[0] = [2]int{1, 1} // the decoder ignores a lone component's factors
	}
	h0, v0 := sof.sampling[0][0], sof.sampling[0][1]
	mxx := int64((cfg.Width + 8*h0 - 1) / (8 * h0))
	myy := int64((cfg.Height + 8*v0 - 1) / (8 * v0))
	var samples int64
	for _, hv := range sof.sampling {
		samples += 64 * int64(hv[0]*hv[1]) * mxx * myy
	}
	cost := samples
	if sof.progressive {
		cost += 4 * samples
	}
	if cfg.ColorModel == color.RGBAModel || cfg.ColorModel == color.CMYKModel || n == 4 {
		cost += 4 * int64(cfg.Width) * int64(cfg.Height)
	}
	return cost, nil
}

// jpegSOF is what the frame header says about the memory of the decode.
type jpegSOF struct {
	progressive bool
	sampling    [][2]int // horizontal and vertical factor per component
}

// jpegFrame finds the frame header (SOF0, SOF1 or SOF2, the codings Go
// decodes) by walking the marker segments before the first scan.
func jpegFrame(data []byte) (jpegSOF, error) {
	i := 2 // after SOI
	for i+4 <= len(data) {
		if data[i] != 0xff {
			i++ // extraneous bytes between segments: skipped, as Go's decoder (and libjpeg) do
			continue
		}
		marker := data[i+1]
		if marker == 0xff { // fill byte
			i++
			continue
		}
		if marker == 0x01 || marker >= 0xd0 && marker <= 0xd7 { // no length
			i += 2
			continue
		}
		size := int(binary.BigEndian.Uint16(data[i+2:]))
		end := i + 2 + size
		if size < 2 || end > len(data) {
			return jpegSOF{}, errHeader
		}
		seg := data[i+4 : end]
		switch marker {
		case 0xc0, 0xc1, 0xc2:
			// precision, height (2), width (2), component count, then
			// per component: id, sampling factors (h<<4 | v), table.
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) || seg[5] == 0 {
				return jpegSOF{}, errHeader
			}
			sof := jpegSOF{progressive: marker == 0xc2}
			for c := range int(seg[5]) {
				hv := seg[6+3*c+1]
				h, v := int(hv>>4), int(hv&0x0f)
				if h < 1 || h > 4 || v < 1 || v > 4 {
					return jpegSOF{}, errHeader
				}
				sof.sampling = append(sof.sampling, [2]int{h, v})
			}
			return sof, nil
		case 0xda: // start of scan before any frame header
			return jpegSOF{}, errHeader
		}
		i = end
	}
	return jpegSOF{}, errHeader
}

// webpCost: a lossy (VP8) picture decodes to 4:2:0 YCbCr in whole 16 × 16
// macroblocks (1.5 bytes a pixel), plus 1 byte a pixel of alpha, which when
// compressed is first decoded as a lossless NRGBA picture (4 more). A
// lossless (VP8L) picture decodes to NRGBA (4 bytes a pixel) and its colour
// indexing transform makes one more copy of that size.
func webpCost(data []byte, cfg image.Config) (int64, error) {
	px := int64(cfg.Width) * int64(cfg.Height)
	blocks := int64((cfg.Width+15)/16) * int64((cfg.Height+15)/16)
	var alpha, lossless, lossy bool
	// RIFF header (12 bytes), then chunks: FourCC, little-endian size,
	// payload padded to an even length.
	for i := 12; i+8 <= len(data); {
		size := int64(binary.LittleEndian.Uint32(data[i+4:]))
		switch string(data[i : i+4]) {
		case "ALPH":
			alpha = true
		case "VP8 ":
			lossy = true
		case "VP8L":
			lossless = true
		}
		if lossy || lossless {
			break
		}
		next := int64(i) + 8 + size + size&1
		if next > int64(len(data)) {
			break
		}
		i = int(next)
	}
	switch {
	case lossless:
		return 8 * px, nil
	case lossy && alpha:
		return blocks*16*16*3/2 + 5*px, nil
	case lossy:
		return blocks * 16 * 16 * 3 / 2, nil
	}
	return 0, errHeader
}
