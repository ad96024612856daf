package shop

import "testing"

func TestMoMoNumber(t *testing.T) {
	for _, tc := range []struct{ in, want, network string }{
		{"0241234567", "0241234567", NetworkMTN},
		{"025 123 4567", "0251234567", NetworkMTN},
		{"053-123-4567", "0531234567", NetworkMTN},
		{"+233 54 123 4567", "0541234567", NetworkMTN},
		{"233551234567", "0551234567", NetworkMTN},
		{"(059) 123 4567", "0591234567", NetworkMTN},
		{"0201234567", "0201234567", NetworkTelecel},
		{"0501234567", "0501234567", NetworkTelecel},
		{"0261234567", "0261234567", NetworkAirtelTigo},
		{"0561234567", "0561234567", NetworkAirtelTigo},
		{"0271234567", "0271234567", NetworkAirtelTigo},
		{"+233571234567", "0571234567", NetworkAirtelTigo},
	} {
		got, ok := MoMoNumber(tc.in)
		if !ok || got != tc.want || NetworkOf(got) != tc.network {
			t.Errorf("MoMoNumber(%q) = %q, %v, network %q; want %q, %q", tc.in, got, ok, NetworkOf(got), tc.want, tc.network)
		}
	}
	for _, bad := range []string{"", "024123456", "02412345678", "0301234567", "0211234567", "+2440241234567",
		"24123456x", "0241234x67", "1241234567", "+233 30 123 4567"} {
		if got, ok := MoMoNumber(bad); ok {
			t.Errorf("MoMoNumber(%q) = %q, true; want false", bad, got)
		}
	}
}
