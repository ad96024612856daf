package imaging

import (
	"image"
	"image/draw"
)

// resize scales src down to width (height in proportion) by area
// averaging — each pixel made is the mean of the source area it covers —
// and lays it on white, so that transparent PNG and WebP areas do not turn
// black in the JPEG.
//
// It streams: one source row at a time is converted to RGBA, spread over
// the width made and added into the rows being made, so that besides the
// result it needs a few rows of memory. (A kernel scaler such as
// x/image/draw's CatmullRom keeps a float64 buffer of the width made × the
// source height: 260 MB for a 1024-wide rendition of an 8000-row picture.)
// width must not exceed src's.
func resize(src image.Image, width int) *image.RGBA {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	dw, dh := width, max(1, sh*width/sw)
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	cols, rows := coverage(sw, dw), coverage(sh, dh)

	line := image.NewRGBA(image.Rect(0, 0, sw, 1)) // one source row, premultiplied
	spread := make([]float32, 4*dw)                // that row over the width made
	cur := make([]float32, 4*dw)                   // the row being made
	next := make([]float32, 4*dw)                  // the part of the next row already covered
	y := 0
	for sy, row := range rows {
		for row.to > y { // this source row starts in a later row: the current one is complete
			flushRow(dst, y, cur)
			cur, next = next, cur
			clear(next)
			y++
		}
		draw.Draw(line, line.Rect, src, image.Pt(b.Min.X, b.Min.Y+sy), draw.Src)
		clear(spread)
		for sx, col := range cols {
			p := line.Pix[4*sx : 4*sx+4 : 4*sx+4]
			d := spread[4*col.to : 4*col.to+4 : 4*col.to+4]
			for c := range 4 {
				d[c] += col.w * float32(p[c])
			}
			if col.rest > 0 {
				d := spread[4*col.to+4 : 4*col.to+8 : 4*col.to+8]
				for c := range 4 {
					d[c] += col.rest * float32(p[c])
				}
			}
		}
		for i, v := range spread {
			cur[i] += row.w * v
		}
		if row.rest > 0 {
			for i, v := range spread {
				next[i] += row.rest * v
			}
		}
	}
	flushRow(dst, y, cur)
	return dst
}

// share is where one source pixel (or row) goes when n of them are spread
// over m ≤ n: the fraction w of the pixel made at index to, and the
// fraction rest of the one after it.
type share struct {
	to      int
	w, rest float32
}

// coverage maps n source pixels onto m ≥ 1 made ones, m ≤ n. On a line of
// n·m units, source pixel i covers [i·m, (i+1)·m) and made pixel j covers
// [j·n, (j+1)·n); as m ≤ n a source pixel overlaps at most two made ones.
// Weights are the overlap over a made pixel's length, so each made pixel's
// weights sum to 1.
func coverage(n, m int) []share {
	out := make([]share, n)
	for i := range out {
		start, end := int64(i)*int64(m), int64(i+1)*int64(m)
		j := start / int64(n)
		boundary := (j + 1) * int64(n)
		s := share{to: int(j)}
		if end > boundary {
			s.w = float32(boundary-start) / float32(n)
			s.rest = float32(end-boundary) / float32(n)
		} else {
			s.w = float32(end-start) / float32(n)
		}
		out[i] = s
	}
	return out
}

// flushRow writes a made row: premultiplied colour over white, opaque.
func flushRow(dst *image.RGBA, y int, acc []float32) {
	if y >= dst.Rect.Dy() {
		return
	}
	pix := dst.Pix[y*dst.Stride : y*dst.Stride+len(acc)]
	for i := 0; i < len(acc); i += 4 {
		white := 255 - acc[i+3]
		for c := range 3 {
			pix[i+c] = clamp8(acc[i+c] + white)
		}
		pix[i+3] = 255
	}
}

func clamp8(v float32) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}
