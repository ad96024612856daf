package httpapi

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestTheAppsStylesheetIsInlinedIntoItsPages(t *testing.T) {
	web := fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html><html><head><title>Dwa</title>` +
			`<link rel="stylesheet" crossorigin href="/assets/index-1.css">` +
			`<link rel="stylesheet" href="/assets/missing-1.css"></head><body><div id="root"></div></body></html>`)},
		"assets/index-1.css": {Data: []byte(`.bg-brand-800{background:#005532}`)},
	}
	s, err := newSPA(web)
	if err != nil {
		t.Fatal(err)
	}
	head := string(s.head)
	if !strings.Contains(head, `<style>.bg-brand-800{background:#005532}</style>`) {
		t.Errorf("the stylesheet is not inlined:\n%s", head)
	}
	if strings.Contains(head, `href="/assets/index-1.css"`) {
		t.Errorf("the inlined stylesheet is still linked:\n%s", head)
	}
	// A link to a file the build does not have stays as it is.
	if !strings.Contains(head, `<link rel="stylesheet" href="/assets/missing-1.css">`) {
		t.Errorf("an unknown stylesheet was dropped:\n%s", head)
	}
	// The file itself is still served, for anything that asks for it.
	if s.assets["/assets/index-1.css"] == nil {
		t.Error("the stylesheet asset is gone")
	}
}
