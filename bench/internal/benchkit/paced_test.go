package benchkit

import "testing"

func TestPct(t *testing.T) {
	lat := []float64{9, 1, 5, 3, 7, 2, 8, 4, 6, 10}
	for _, tt := range []struct {
		p    float64
		want float64
	}{{0.5, 6}, {0.99, 10}, {0, 1}} {
		if got := Pct(lat, tt.p); got != tt.want {
			t.Errorf("Pct(%v) = %v, want %v", tt.p, got, tt.want)
		}
	}
	if got := Pct(nil, 0.99); got != 0 {
		t.Errorf("Pct(nil) = %v, want 0", got)
	}
}
