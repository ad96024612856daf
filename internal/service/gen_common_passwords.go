//go:build ignore

// gen_common_passwords writes common_passwords.txt: the passwords people
// pick first, generated from rules (words, names, keyboard walks, digit
// patterns, years and the usual decorations) rather than copied from a
// leaked list. Run with `go generate ./internal/service`.
package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

var words = strings.Fields(`password passw0rd passwd pass letmein welcome hello hi secret admin administrator root
login master monkey dragon shadow sunshine princess football baseball soccer basketball hockey superman batman
spiderman iloveyou trustno1 freedom whatever qwerty starwars pokemon computer internet mustang charlie jordan
michael jennifer hunter ranger buster thomas tigger robert soccer killer george summer winter spring autumn
flower lovely angel angels babygirl baby jesus christ blessed blessing grace faith hope love lover loveme
family friend friends forever happy smile money cash rich success winner victory champion legend king queen
prince boss chief god godisgood amen hallelujah heaven holy church pastor mother father mummy daddy sister
brother sweet sweety honey sugar cookie chocolate banana apple orange mango pineapple coconut cherry lemon
music guitar piano dance party cool crazy magic mystery secret123 access default guest user test tester testing
demo sample example changeme change temp temporary private public office work school college student teacher
doctor nurse lawyer engineer manager business company market shop store online mobile phone iphone samsung
android google facebook twitter youtube instagram whatsapp gmail yahoo hotmail outlook microsoft windows apple
linux ubuntu server database network wireless wifi router modem system security secure safe unlock open
orange red blue green yellow black white silver golden gold diamond crystal star stars moon sun sky ocean sea
river mountain forest tiger lion eagle falcon wolf bear panther cobra snake horse dolphin shark spider scorpion
phoenix thunder lightning storm fire water earth wind ice snow rain cloud dream dreams destiny fantasy future
matrix ninja samurai warrior soldier army navy pilot rocket galaxy planet universe cosmos alpha omega delta
gamma sigma zeta beta hacker gamer player gaming xbox playstation nintendo fortnite minecraft roblox fifa
arsenal chelsea liverpool manutd barcelona realmadrid juventus madrid united city rangers celtic lakers
bulls yankees cowboys eagles ghana accra kumasi tamale takoradi tema cape coast volta ashanti asante akwaaba
blackstars hearts kotoko hearts_of_oak medeama ghanaman africa african nigeria lagos abuja kenya nairobi
cedi cedis jollof waakye kenkey fufu banku kelewele shito chale charley paa maame nana obaa oheneba
mansa efie fie kente adinkra sankofa nyame onyame gye_nyame gyenyame yesu awurade mawu medaase ayekoo
chelsea123 password1 welcome1 admin123 root123 qwerty123 abc123 abcd1234 iloveu ilovegod ilovejesus
loveyou lovemore myself mylove mybaby myname mypassword nopassword letmein123 trustme believe`)

var names = strings.Fields(`kofi kwame kwaku kwabena kwasi kojo yaw akosua ama abena afua adwoa akua yaa esi efua
ekua aba adjoa afia akos kobby kobina kweku nii nana ato ebo fiifi kow kwesi mensah owusu asante boateng
appiah osei agyeman addo acheampong amoah ansah danso darko donkor frimpong gyamfi opoku sarpong tetteh
quaye quartey lamptey adjei amankwah bonsu ofori oppong antwi asamoah badu boakye manu nkansah obeng sakyi
john james david daniel joseph samuel emmanuel isaac michael peter paul mark luke matthew andrew stephen
richard charles william george edward henry frank patrick francis benjamin joshua jonathan nathan kevin
brian eric steven anthony christopher justin jason ryan adam alex alexander victor vincent felix ernest
prince princess mary grace joyce gloria esther ruth sarah rebecca rachel elizabeth victoria vivian
doris dorcas linda lydia mercy patience comfort charity gifty beatrice agnes florence janet jennifer
jessica nancy priscilla rita sandra stella susan vanessa diana emily hannah olivia sophia isabella
emma ava mia chloe amelia lily zoe nicole michelle angela monica veronica irene juliet josephine
christiana cynthia deborah evelyn faustina felicia georgina hilda joana juliana millicent naomi
phyllis regina rosemary sabina theresa ursula wilhelmina yvonne abigail adelaide akua_b bernard
bright clement collins cyril derrick dominic elvis ebenezer edmund eugene fred gabriel gideon godwin
gordon harrison herbert ibrahim jeffrey kelvin kenneth lawrence maxwell mohammed musa moses nelson
nicholas noah oliver raymond reginald robert ronald solomon terry timothy wisdom yussif zakaria`)

var walks = strings.Fields(`qwerty qwertyu qwertyui qwertyuiop asdf asdfg asdfgh asdfghj asdfghjk asdfghjkl
zxcv zxcvb zxcvbn zxcvbnm qazwsx qazwsxedc 1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1 1q2w3e 1q2w3e4r
1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 qweasd qweasdzxc asdqwe 123qwe 123qweasd qwe123 qwer1234
asdf1234 zxcv1234 poiuyt poiuytrewq lkjhgf mnbvcx ytrewq !qaz@wsx 1qazxsw2 2wsx3edc qwaszx abcdef abcdefg
abcdefgh abcdefghi abcdefghij abc abcd abcde qwertz azerty azertyuiop wasd wasdwasd`)

// decorations are appended to words and names; prefixes come before them.
var suffixes = []string{"", "1", "12", "123", "1234", "12345", "123456", "01", "007", "11", "13", "21", "22",
	"23", "69", "77", "88", "99", "100", "111", "321", "2", "3", "7", "!", "!!", "@", "#", "1!", "123!", "@123",
	"#1", "_1", "_123", ".", "?", "$", "*"}

var prefixes = []string{"my", "i", "the", "super", "big", "mr", "miss"}

func leet(s string) string {
	return strings.NewReplacer("a", "@", "o", "0", "e", "3", "i", "1", "s", "$").Replace(s)
}

func main() {
	set := map[string]bool{}
	add := func(s string) {
		s = strings.ToLower(strings.TrimSpace(s))
		if s != "" && len(s) <= 32 {
			set[s] = true
		}
	}
	var years []string
	for y := 1960; y <= 2030; y++ {
		years = append(years, fmt.Sprint(y))
	}
	for _, w := range append(append(append([]string{}, words...), names...), walks...) {
		w = strings.ReplaceAll(w, "_", "")
		for _, suf := range suffixes {
			add(w + suf)
		}
		add(leet(w))
		add(leet(w) + "1")
		add(leet(w) + "123")
		add(w + w)
		add(strings.ToUpper(w[:1]) + w[1:] + "1")
	}
	// People put their own or a child's name before a birth year.
	for _, n := range names {
		for _, y := range years {
			add(n + y)
		}
	}
	for _, w := range words {
		for _, pre := range prefixes {
			add(pre + w)
			add(pre + w + "1")
		}
	}
	// Digit patterns: runs up and down, repeated digits and pairs, dates.
	up, down := "01234567890", "98765432109"
	for n := 4; n <= 10; n++ {
		for i := 0; i+n <= len(up); i++ {
			add(up[i : i+n])
			add(down[i : i+n])
		}
		for d := '0'; d <= '9'; d++ {
			add(strings.Repeat(string(d), n))
		}
	}
	for a := 0; a <= 9; a++ {
		for b := 0; b <= 9; b++ {
			pair := fmt.Sprintf("%d%d", a, b)
			add(strings.Repeat(pair, 3))
			add(strings.Repeat(pair, 4))
			add(strings.Repeat(fmt.Sprintf("%d%d%d", a, b, a), 2))
		}
	}
	for _, y := range years {
		add(y)
		add(y + y)
		for m := 1; m <= 12; m++ {
			add(fmt.Sprintf("%02d%s", m, y))
			add(fmt.Sprintf("%s%02d", y, m))
		}
	}
	for m := 1; m <= 12; m++ {
		for d := 1; d <= 31; d++ {
			add(fmt.Sprintf("%02d%02d", d, m))
			add(fmt.Sprintf("%02d%02d", m, d))
		}
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	slices.Sort(out)
	header := "# Common passwords, generated by gen_common_passwords.go; one per line, lower case.\n"
	if err := os.WriteFile("common_passwords.txt", []byte(header+strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d passwords\n", len(out))
}
