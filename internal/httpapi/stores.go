package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/shop"
)

type storeDTO struct {
	ID            int64           `json:"id"`
	Name          string          `json:"name"`
	Logo          *string         `json:"logo"`
	Description   string          `json:"description"`
	ContactInfo   string          `json:"contact_info"`
	AverageRating json.RawMessage `json:"average_rating"`
}

func (a *API) toStoreDTO(s shop.StoreSummary) storeDTO {
	return storeDTO{ID: s.ID, Name: s.Name, Logo: nullable(a.absolute(s.Logo)), Description: s.Description,
		ContactInfo: s.ContactInfo, AverageRating: ratingNumber(s.Ratings.Average())}
}

func (a *API) listStores(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	stores, err := a.svc.Stores(r.Context(), lastQueryValue(r, "search"), lastQueryValue(r, "name"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	page := stores[min(p.offset, len(stores)):min(p.offset+p.limit, len(stores))]
	items, err := encodeAll(page, func(s shop.StoreSummary) ([]byte, error) { return marshal(a.toStoreDTO(s)) })
	if err != nil {
		writeError(w, r, err)
		return
	}
	liveCache(w)
	a.writePage(w, r, p, items, len(stores), nil)
}

func (a *API) getStore(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	st, err := a.svc.Store(r.Context(), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	liveCache(w)
	writeJSON(w, http.StatusOK, a.toStoreDTO(st))
}
