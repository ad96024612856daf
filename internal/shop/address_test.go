package shop

import "testing"

func TestParseDigitalAddress(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"GA-183-8164", "GA-183-8164", true},
		{"ga-183-8164", "GA-183-8164", true},
		{"  GA1838164 ", "GA-183-8164", true},
		{"ga 183 8164", "GA-183-8164", true},
		{"GA183-8164", "GA-183-8164", true},
		{"GA-1838164", "GA-183-8164", true},
		{"AK-0395-0281", "AK-0395-0281", true}, // a four-digit area
		{"ak03950281", "AK-0395-0281", true},
		{"E5-200-1987", "E5-200-1987", true}, // a district of a letter and a digit
		{"GA-18-8164", "", false},            // area too short
		{"GA-18345-8164", "", false},         // area too long
		{"GA-183-816", "", false},            // square too short
		{"GA-183-81645", "", false},
		{"G-183-8164", "", false},
		{"GAA-183-8164", "", false},
		{"5A-183-8164", "", false}, // the region is a letter
		{"GA-1B3-8164", "", false},
		{"GA-183-8164-1", "", false},
		{"GA--183-8164", "GA-183-8164", true}, // doubled separators are separators
		{"GA_183_8164", "", false},
		{"", "", false},
		{"GA", "", false},
		{"ГA-183-8164", "", false}, // a Cyrillic letter
	} {
		got, ok := ParseDigitalAddress(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseDigitalAddress(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestAddressText(t *testing.T) {
	a := Address{RecipientName: "Ama Mensah", Phone: "+233241234567", Region: "greater-accra", City: "Accra",
		Area: "12 Oxford St, Osu", DigitalAddress: "GA-183-8164", Landmark: "the blue kiosk", Directions: "Call at the gate"}
	want := "Ama Mensah, 12 Oxford St, Osu, Accra, Greater Accra Region, GhanaPost GPS GA-183-8164, near the blue kiosk, Call at the gate"
	if got := a.Text(); got != want {
		t.Errorf("Text() = %q\nwant     %q", got, want)
	}
	a.DigitalAddress, a.Landmark, a.Directions = "", "", ""
	if got, want := a.Text(), "Ama Mensah, 12 Oxford St, Osu, Accra, Greater Accra Region"; got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
	if len(Regions) != 16 || RegionName("bono-east") != "Bono East" || RegionName("brong-ahafo") != "" {
		t.Errorf("regions: %d, %q", len(Regions), RegionName("bono-east"))
	}
}
