package names

import "testing"

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{"ａｍａ": "ama", "𝐤𝐨𝐟𝐢": "kofi", " kofi_m ": "kofi_m", "Ａｍａ": "Ama", "ﬁfi": "fifi", "Kwame": "Kwame"} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestSkeleton(t *testing.T) {
	same := [][]string{
		{"staff", "Staff", "STAFF", "ѕtaff", "ѕτaff", "ｓｔａｆｆ", "stáff", "ştaff"},
		{"ama", "ａｍａ", "аmа", "αmα", "Ama", "АМА"},
		{"kofi", "k0fi", "kοfi", "коfі"},
		{"admin", "adrnin", "аdmin", "admіn"},
		{"bill", "biII", "bi1l", "bіll"},
		{"owen", "ovven", "оwеn"},
		{"ho", "Нo", "Ηo"},
	}
	for _, group := range same {
		want := Skeleton(group[0])
		for _, name := range group[1:] {
			if got := Skeleton(name); got != want {
				t.Errorf("Skeleton(%q) = %q; want %q, as for %q", name, got, want, group[0])
			}
		}
	}
	// Names that merely resemble each other stay apart.
	for _, pair := range [][2]string{{"ama", "ami"}, {"kofi", "kofi_m"}, {"kwame", "kwami"}, {"esi", "esi2"},
		{"ama.k", "ama_k"}, {"yaw", "yaa"}, {"ɛfua", "efua"}, {"ɔkyeame", "okyeame"}} {
		if Skeleton(pair[0]) == Skeleton(pair[1]) {
			t.Errorf("Skeleton(%q) = Skeleton(%q) = %q; want them apart", pair[0], pair[1], Skeleton(pair[0]))
		}
	}
}
