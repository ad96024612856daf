package httpapi

import (
	"context"
	"encoding/json"
)

func (a *API) homePage(ctx context.Context, p *page) {
	a.inject(ctx, p, "/store/categories/", nil)
	if raw, ok := a.inject(ctx, p, "/store/hero/", nil); ok {
		var slides []struct{ Image, Title, Description string }
		if json.Unmarshal(raw, &slides) == nil && len(slides) > 0 {
			p.image = slides[0].Image
			p.shell = heroShell(slides[0].Image, slides[0].Title, slides[0].Description)
		}
	}
}
