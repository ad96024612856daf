package service_test

import (
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

// xssPayloads are classic filter-evasion vectors; none may leave anything
// a browser would run.
var xssPayloads = []string{
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=https://evil.example/x.js></SCRIPT>`,
	`<img src=x onerror=alert(1)>`,
	`<img src="javascript:alert(1)">`,
	`<img src="http://insecure.example/a.png">`,
	`<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<a href="javascript:alert(1)">x</a>`,
	`<a href="JaVaScRiPt:alert(1)">x</a>`,
	`<a href="java&#x09;script:alert(1)">x</a>`,
	`<a href=" javascript:alert(1)">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="data:text/html,<script>alert(1)</script>">x</a>`,
	`<a href="//evil.example">x</a>`,
	`<p style="background:url(javascript:alert(1))">x</p>`,
	`<style>p{color:red}</style><p>x</p>`,
	`<svg onload=alert(1)><p>x</p></svg>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<iframe src="https://evil.example"></iframe>`,
	`<body onload=alert(1)>`,
	`<p onmouseover="alert(1)">hover</p>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<!--<img src=x onerror=alert(1)>-->`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<<script>script>alert(1)<</script>/script>`,
	`<a href="https://ok.example" onclick="alert(1)">x</a>`,
	`<object data="javascript:alert(1)"></object>`,
	`<embed src="javascript:alert(1)">`,
	`<form action="javascript:alert(1)"><button>x</button></form>`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
	`<base href="javascript:alert(1)//">`,
	`<textarea><script>alert(1)</script></textarea>`,
	`<template><script>alert(1)</script></template>`,
	`"><script>alert(1)</script>`,
	`<img """><script>alert(1)</script>">`,
	`<table><td background="javascript:alert(1)">x</td></table>`,
	`<blockquote cite="javascript:alert(1)">q</blockquote>`,
}

func TestSanitizeHTMLDefusesXSS(t *testing.T) {
	for _, payload := range xssPayloads {
		out := service.SanitizeHTML(payload)
		lower := strings.ToLower(out)
		for _, bad := range []string{"<script", "javascript:", "vbscript:", "data:", "onerror", "onload", "onclick",
			"onmouseover", "style", "<iframe", "<svg", "<object", "<embed", "<form", "<meta", "<base", "<textarea",
			"http://", "//evil", "background", "cite="} {
			if strings.Contains(lower, bad) {
				t.Errorf("SanitizeHTML(%q) = %q: contains %q", payload, out, bad)
			}
		}
		if again := service.SanitizeHTML(out); again != out {
			t.Errorf("not stable: %q → %q → %q", payload, out, again)
		}
	}
}

func FuzzSanitizeHTML(f *testing.F) {
	for _, p := range xssPayloads {
		f.Add(p)
	}
	allowed := map[string]bool{}
	for _, t := range strings.Fields("p br ul ol li strong b em i u h2 h3 h4 table thead tbody tr th td a img blockquote") {
		allowed[t] = true
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := service.SanitizeHTML(in)
		// Read the output as a browser would: only allow-listed tags, and
		// only href, rel, src and alt with safe URLs.
		z := html.NewTokenizer(strings.NewReader(out))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			tok := z.Token()
			if !allowed[tok.Data] {
				t.Fatalf("SanitizeHTML(%q) = %q: tag %q", in, out, tok.Data)
			}
			for _, a := range tok.Attr {
				v := strings.ToLower(a.Val)
				switch {
				case a.Key == "rel" || a.Key == "alt":
				case a.Key == "href" && (strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "mailto:")):
				case a.Key == "src" && strings.HasPrefix(v, "https://"):
				default:
					t.Fatalf("SanitizeHTML(%q) = %q: attribute %s=%q", in, out, a.Key, a.Val)
				}
			}
		}
	})
}
