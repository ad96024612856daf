package shop

import (
	"strings"
	"testing"
)

func TestParsePhone(t *testing.T) {
	const ama = "+233241234567"
	for _, tc := range []struct{ in, want string }{
		{"0241234567", ama},
		{"024 123 4567", ama},
		{"024-123-4567", ama},
		{"024.123.4567", ama},
		{"(024) 123-4567", ama},
		{"(024)1234567", ama},
		{"+233-24-123-4567", ama},
		{"+233 24 123 4567", ama},
		{"+233241234567", ama},
		{"233241234567", ama},
		{"233 24 123 4567", ama},
		{"+233 (0) 24 123 4567", ama},
		{"+233(0)241234567", ama},
		{"+233 024 123 4567", ama},
		{"2330241234567", ama},
		{"00233 24 123 4567", ama},
		{"00233241234567", ama},
		{"241234567", ama},
		{"  024 123 4567  ", ama},
		{"024\u00a0123\u00a04567", ama},
		{"024–123–4567", ama},
		{"0302000000", "+233302000000"},
		{"+233 30 200 0000", "+233302000000"},
		{"055 987 6543", "+233559876543"},
		{"020-000-1111", "+233200001111"},
		{"+44 20 7946 0958", "+442079460958"},
		{"+44 (0) 20 7946 0958", "+442079460958"},
		{"0044 20 7946 0958", "+442079460958"},
		{"+1 (202) 555-0143", "+12025550143"},
		{"+234 803 123 4567", "+2348031234567"},

		{"", ""},
		{"+", ""},
		{"0", ""},
		{"024 123 456", ""},      // 8 national digits
		{"024 123 45678", ""},    // 10
		{"0141234567", ""},       // no 1x prefix
		{"0441234567", ""},       // nor 4x
		{"0841234567", ""},       // nor 8x
		{"+233 14 123 4567", ""}, // nor after the code
		{"+233 24 123 456", ""},
		{"+233 24 123 45678", ""},
		{"233 24 123 456", ""},
		{"4420 7946 0958", ""}, // another country without + or 00
		{"+0 1234 5678", ""},
		{"+1234567", ""},            // too short for anyone
		{"+1234567890123456", ""},   // 16 digits
		{"024 123 4567 ext 2", ""},  // letters
		{"024+1234567", ""},         // + inside
		{"++233241234567", ""},      // two +
		{"024/123/4567", ""},        // slash
		{"024 123 4567 or 020", ""}, // two numbers
		{"kofi@example.com", ""},    // not a phone
		{"٠٢٤١٢٣٤٥٦٧", ""},          // Arabic-Indic digits
		{"０２４１２３４５６７", ""},          // fullwidth digits
	} {
		got, ok := ParsePhone(tc.in)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("ParsePhone(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

// FuzzParsePhone: whatever comes in, a result is canonical E.164 (a "+"
// and 8–15 digits), and parsing it again gives itself.
func FuzzParsePhone(f *testing.F) {
	for _, s := range []string{"0241234567", "+233 (0) 24 123 4567", "+44 20 7946 0958", "00233241234567", "(024) 123-4567", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := ParsePhone(s)
		if !ok {
			if got != "" {
				t.Fatalf("ParsePhone(%q) refused but returned %q", s, got)
			}
			return
		}
		digits := strings.TrimPrefix(got, "+")
		if !strings.HasPrefix(got, "+") || len(digits) < 8 || len(digits) > 15 || strings.Trim(digits, "0123456789") != "" || digits[0] == '0' {
			t.Fatalf("ParsePhone(%q) = %q: not E.164", s, got)
		}
		if again, ok := ParsePhone(got); !ok || again != got {
			t.Fatalf("ParsePhone(%q) = %q, but ParsePhone(%q) = %q, %v", s, got, got, again, ok)
		}
	})
}
