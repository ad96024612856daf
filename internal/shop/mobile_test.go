package shop

import "testing"

func TestGhanaMobile(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"0241234567", "+233241234567", true},
		{"024 123 4567", "+233241234567", true},
		{"+233 (0) 24 123 4567", "+233241234567", true},
		{"00233551234567", "+233551234567", true},
		{"0201234567", "+233201234567", true},
		{"0302123456", "", false},        // Accra fixed line
		{"+234 803 123 4567", "", false}, // Nigeria
		{"024123456", "", false},
		{"", "", false},
	}
	for _, tc := range tests {
		got, ok := GhanaMobile(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("GhanaMobile(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestLocalPhone(t *testing.T) {
	for in, want := range map[string]string{
		"+233241234567":  "024 123 4567",
		"+233551234567":  "055 123 4567",
		"+2348031234567": "+2348031234567",
	} {
		got := LocalPhone(in)
		if got != want {
			t.Errorf("LocalPhone(%q) = %q; want %q", in, got, want)
		}
		if e, ok := ParsePhone(got); !ok || e != in {
			t.Errorf("ParsePhone(LocalPhone(%q)) = %q, %v", in, e, ok)
		}
	}
}

func TestPhoneRange(t *testing.T) {
	if a, b := PhoneRange("+233241234567"), PhoneRange("+233241234999"); a != b || a != "+233241234" {
		t.Errorf("ranges %q, %q", a, b)
	}
	if PhoneRange("+233241234567") == PhoneRange("+233241235567") {
		t.Error("different thousands share a range")
	}
}
