package service_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"dwa/internal/service"
)

func TestSanitizeHTMLKeepsTheAllowList(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<p>Compact <strong>console</strong>.</p>", "<p>Compact <strong>console</strong>.</p>"},
		{"<h2>Specs</h2><table><thead><tr><th>RAM</th></tr></thead><tbody><tr><td>8 GB</td></tr></tbody></table>",
			"<h2>Specs</h2><table><thead><tr><th>RAM</th></tr></thead><tbody><tr><td>8 GB</td></tr></tbody></table>"},
		{`<a href="https://example.com/x?a=1&b=2" target="_blank" rel="opener">shop</a>`,
			`<a href="https://example.com/x?a=1&amp;b=2" rel="nofollow noopener">shop</a>`},
		{`<a href="mailto:help@dwa.example">mail</a>`, `<a href="mailto:help@dwa.example" rel="nofollow noopener">mail</a>`},
		{`<img src="https://cdn.example.com/a.jpg" alt="A &quot;box&quot;" width="9">`, `<img src="https://cdn.example.com/a.jpg" alt="A &quot;box&quot;">`},
		{"Men's <em>café</em> &amp; more<br>line", "Men's <em>café</em> &amp; more<br>line"},
		{"<div><span>unwrapped</span></div>", "unwrapped"},
		{"<ul><li>one<li>two</ul>", "<ul><li>one</li><li>two</li></ul>"},
	}
	for _, tc := range tests {
		if got := service.SanitizeHTML(tc.in); got != tc.want {
			t.Errorf("SanitizeHTML(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// xssCorpus is the shared corpus of testdata/xss-corpus.json, which the
// browser's sanitiser (web/src/lib/sanitize.test.ts) runs too.
type xssCorpus struct {
	Never []string
	Cases []struct {
		HTML        string
		Keep, Never []string
	}
}

func loadXSSCorpus(tb testing.TB) xssCorpus {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "xss-corpus.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var c xssCorpus
	if err := json.Unmarshal(data, &c); err != nil {
		tb.Fatal(err)
	}
	if len(c.Cases) == 0 || len(c.Never) == 0 {
		tb.Fatal("empty XSS corpus")
	}
	return c
}

func TestSanitizeHTMLDefusesXSS(t *testing.T) {
	corpus := loadXSSCorpus(t)
	for _, tc := range corpus.Cases {
		out := service.SanitizeHTML(tc.HTML)
		markup := checkAllowList(t, tc.HTML, out)
		for _, bad := range append(corpus.Never, tc.Never...) {
			if strings.Contains(markup, strings.ToLower(bad)) {
				t.Errorf("SanitizeHTML(%q) = %q: markup contains %q", tc.HTML, out, bad)
			}
		}
		for _, good := range tc.Keep {
			if !strings.Contains(out, good) {
				t.Errorf("SanitizeHTML(%q) = %q: lost %q", tc.HTML, out, good)
			}
		}
		if again := service.SanitizeHTML(out); again != out {
			t.Errorf("not stable: %q → %q → %q", tc.HTML, out, again)
		}
	}
}

var allowedTags = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields("p br ul ol li strong b em i u h2 h3 h4 table thead tbody tr th td a img blockquote") {
		m[t] = true
	}
	return m
}()

// checkAllowList reads out as a browser would and fails unless it holds
// only allow-listed tags, and only href and rel on links and src and alt on
// images, with safe URLs. It returns the markup (every tag with its
// attributes, lower-cased, text left out) for further checks.
func checkAllowList(t *testing.T, in, out string) string {
	t.Helper()
	var markup strings.Builder
	z := html.NewTokenizer(strings.NewReader(out))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		markup.WriteString(strings.ToLower(tok.String()))
		if !allowedTags[tok.Data] {
			t.Errorf("SanitizeHTML(%q) = %q: tag %q", in, out, tok.Data)
		}
		for _, a := range tok.Attr {
			v := strings.ToLower(a.Val)
			switch {
			case tok.Data == "a" && a.Key == "rel", tok.Data == "img" && a.Key == "alt":
			case tok.Data == "a" && a.Key == "href" &&
				(strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "mailto:")):
			case tok.Data == "img" && a.Key == "src" && strings.HasPrefix(v, "https://"):
			default:
				t.Errorf("SanitizeHTML(%q) = %q: attribute %s=%q on %s", in, out, a.Key, a.Val, tok.Data)
			}
		}
	}
	return markup.String()
}

func FuzzSanitizeHTML(f *testing.F) {
	for _, tc := range loadXSSCorpus(f).Cases {
		f.Add(tc.HTML)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkAllowList(t, in, service.SanitizeHTML(in))
	})
}
