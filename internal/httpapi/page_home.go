package httpapi

import (
	"context"
	"encoding/json"
)

func (a *API) homePage(ctx context.Context, p *page) {
	a.inject(ctx, p, "/store/categories/", nil)
	if raw, ok := a.inject(ctx, p, "/store/hero/", nil); ok {
		var slides []struct{ Image string }
		if json.Unmarshal(raw, &slides) == nil && len(slides) > 0 {
			p.image = slides[0].Image
		}
	}
}
