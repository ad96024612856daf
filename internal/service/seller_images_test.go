package service

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"dwa/internal/imaging"
)

// TestLargeDecodeCollects: a decode over collectAfterDecode collects its
// garbage before its worker is given back (so that the next decode reuses
// its memory; bench/burst.sh measures the peak RSS), a small one does not.
func TestLargeDecodeCollects(t *testing.T) {
	collections := 0
	was := collectGarbage
	collectGarbage = func() { collections++ }
	t.Cleanup(func() { collectGarbage = was })

	encode := func(m image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	// 16 bits per channel: 8 bytes a pixel decoded, ~35 MB at 2100 × 2100.
	large := encode(image.NewNRGBA64(image.Rect(0, 0, 2100, 2100)))
	small := encode(image.NewNRGBA(image.Rect(0, 0, 400, 400)))

	pool := NewWorkPool(PoolSize{Workers: 1})
	s := &Service{}
	for _, tc := range []struct {
		name    string
		data    []byte
		collect int
	}{
		{"a 16-bit picture of 4.4 megapixels", large, 1},
		{"a 400 × 400 picture", small, 0},
	} {
		info, err := imaging.Inspect(tc.data)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if big := info.Cost > collectAfterDecode; big != (tc.collect == 1) {
			t.Fatalf("%s: decode cost %d MiB; the case assumes it is over %d MiB: %v", tc.name, info.Cost>>20,
				collectAfterDecode>>20, tc.collect == 1)
		}
		collections = 0
		ticket, err := pool.Admit()
		if err != nil {
			t.Fatal(err)
		}
		renditions, err := s.renderUpload(context.Background(), ticket, tc.data)
		ticket.Done()
		if err != nil || len(renditions) == 0 {
			t.Fatalf("%s: %d renditions, %v", tc.name, len(renditions), err)
		}
		if collections != tc.collect {
			t.Errorf("%s: %d collections after the decode, want %d", tc.name, collections, tc.collect)
		}
	}
}
