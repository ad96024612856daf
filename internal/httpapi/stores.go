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
	RatingsCount  int64           `json:"ratings_count"`
}

func (a *API) toStoreDTO(s shop.StoreSummary) storeDTO {
	return storeDTO{ID: s.ID, Name: s.Name, Logo: nullable(a.absolute(s.Logo)), Description: s.Description,
		ContactInfo: s.ContactInfo, AverageRating: ratingNumber(s.Ratings.Average()), RatingsCount: s.Ratings.Count}
}

func (a *API) listStores(w http.ResponseWriter, r *http.Request) error {
	p, err := a.pagerFor(r)
	if err != nil {
		return err
	}
	stores, err := a.svc.Stores(r.Context(), lastQueryValue(r, "search"), lastQueryValue(r, "name"))
	if err != nil {
		return err
	}
	liveCache(w)
	page := stores[min(p.offset, len(stores)):min(p.offset+p.limit, len(stores))]
	deps := readDeps{stores: make([]int64, len(page))}
	for i, st := range page {
		deps.stores[i] = st.ID
	}
	dependOn(w, deps)
	return writeSlice(a, w, r, p, page, len(stores), a.toStoreDTO)
}

func (a *API) getStore(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	st, err := a.svc.Store(r.Context(), id)
	if err != nil {
		return err
	}
	liveCache(w)
	dependOn(w, readDeps{stores: []int64{id}})
	return reply(w, http.StatusOK, a.toStoreDTO(st))
}
