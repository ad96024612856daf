package service

import (
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"

	"dwa/internal/imaging"
	"dwa/internal/shop"
)

// MediaStore keeps uploaded files under slash-separated names, served at
// /media/<name>.
type MediaStore interface {
	Put(ctx context.Context, name string, data []byte) error
	Delete(ctx context.Context, name string) error
}

// ProductImageStore is the persistence of product galleries.
type ProductImageStore interface {
	// AddProductImage returns 0 when the product is not the store's.
	AddProductImage(ctx context.Context, storeID, productID int64, url string, limit int) (int64, error)
	// DeleteProductImage returns "" when there is no such image of the store's product.
	DeleteProductImage(ctx context.Context, storeID, productID, imageID int64) (string, error)
	ReorderProductImages(ctx context.Context, storeID, productID int64, ids []int64) (bool, error)
}

// Uploaded images live under uploads/products/<product id>/<random>-<slot>.jpg
// (category images under uploads/categories/<id>/),
// one file per imaging.Widths slot made; the URL stored is the last
// (widest) one. Names are random and never reused, so they are cached for
// good (httpapi's media handler) and the client's file name is never kept.
const uploadPrefix = "uploads/products/"

// Upload reads the uploaded file of a request. The service calls it only
// after the caller was found allowed to upload there and the image pool
// admitted the upload: a refused caller's body is never read, and the
// bodies held in memory are bounded by the pool (workpool.go).
type Upload func() ([]byte, error)

// AddProductImage checks, re-encodes and stores an uploaded picture and
// appends it to one of the caller's products.
func (s *Service) AddProductImage(ctx context.Context, u *shop.User, productID int64, upload Upload) (*shop.ProductDetail, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	if _, err := s.storeProduct(ctx, st, productID); err != nil {
		return nil, err
	}
	url, names, err := s.storeUpload(ctx, uploadPrefix+strconv.FormatInt(productID, 10)+"/", upload)
	if err != nil {
		return nil, err
	}
	id, err := s.store.AddProductImage(ctx, st.ID, productID, url, shop.MaxProductImages)
	if err == nil && id == 0 {
		err = shop.NotFound("Product")
	}
	if err != nil {
		s.removeMedia(ctx, names)
		return nil, err
	}
	return s.storeProduct(ctx, st, productID)
}

// DeleteProductImage removes an image from one of the caller's products,
// and its files.
func (s *Service) DeleteProductImage(ctx context.Context, u *shop.User, productID, imageID int64) error {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return err
	}
	url, err := s.store.DeleteProductImage(ctx, st.ID, productID, imageID)
	if err != nil {
		return err
	}
	if url == "" {
		return shop.NotFound("ProductImage")
	}
	s.removeMedia(ctx, renditionNames(url))
	return nil
}

// ReorderProductImages puts the images of one of the caller's products in
// the order of ids (each of its images exactly once).
func (s *Service) ReorderProductImages(ctx context.Context, u *shop.User, productID int64, ids []int64) (*shop.ProductDetail, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	if _, err := s.storeProduct(ctx, st, productID); err != nil {
		return nil, err
	}
	ok, err := s.store.ReorderProductImages(ctx, st.ID, productID, ids)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, shop.Invalid(map[string][]string{"order": {"List each image of the product exactly once."}})
	}
	return s.storeProduct(ctx, st, productID)
}

// SetStoreLogo checks, re-encodes and stores a picture as the caller's
// store logo, replacing (and removing the files of) the previous upload.
// A logo is shown small, so the narrowest rendition is the one kept.
func (s *Service) SetStoreLogo(ctx context.Context, u *shop.User, upload Upload) (*shop.Store, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	_, names, err := s.storeUpload(ctx, "uploads/stores/"+strconv.FormatInt(st.ID, 10)+"/", upload)
	if err != nil {
		return nil, err
	}
	logo := "/media/" + names[0]
	old, err := s.store.SetStoreLogo(ctx, st.ID, logo)
	if err != nil {
		s.removeMedia(ctx, names)
		return nil, err
	}
	s.removeMedia(ctx, renditionNames(old))
	st.Logo = logo
	return st, nil
}

// storeUpload reads, checks and re-encodes an uploaded picture and writes
// its renditions under dir (one of the upload prefixes); it returns the URL
// to keep (the widest rendition) and the files written, for removal if the
// row cannot be written after all. The caller has checked who may upload.
func (s *Service) storeUpload(ctx context.Context, dir string, upload Upload) (string, []string, error) {
	ticket, err := s.images.Admit()
	if err != nil {
		return "", nil, err
	}
	defer ticket.Done()
	data, err := upload()
	if err != nil {
		return "", nil, err
	}
	renditions, err := s.renderUpload(ctx, ticket, data)
	if err != nil {
		return "", nil, err
	}
	base := dir + slugSuffix() + slugSuffix()
	var names []string
	for _, r := range renditions {
		name := base + "-" + strconv.Itoa(r.Width) + ".jpg"
		if err := s.media.Put(ctx, name, r.JPEG); err != nil {
			s.removeMedia(ctx, names)
			return "", nil, err
		}
		names = append(names, name)
	}
	return "/media/" + names[len(names)-1], names, nil
}

// renderUpload checks an upload's header (cheap, no worker needed), then
// decodes and re-encodes it on one of the image pool's workers.
func (s *Service) renderUpload(ctx context.Context, ticket *Ticket, data []byte) ([]imaging.Rendition, error) {
	info, err := imaging.Inspect(data)
	if err != nil {
		return nil, invalidImage(err)
	}
	if err := ticket.Start(ctx); err != nil {
		return nil, err
	}
	defer ticket.Stop()
	renditions, err := imaging.Render(data, info)
	if info.Cost > collectAfterDecode {
		collectGarbage()
	}
	if errors.Is(err, imaging.ErrCorrupt) {
		return nil, invalidImage(err)
	}
	return renditions, err
}

// A decode's pixels are garbage once Render returns, but the collector
// lets the heap grow to twice what was live — and the decode was live — so
// without a collection the next uploads' decodes take fresh memory while
// the last ones' still sits uncollected: under a burst of large uploads the
// server held two to three decodes at once (peak RSS 376–410 MB in
// bench/burst.sh's 16-bit PNG case, design.md's budget being 400). Large
// decodes therefore collect before giving their worker back, so the next
// one reuses their memory. Small ones (a phone photo is about 25 MB) leave
// too little to be worth a collection.
const collectAfterDecode = 32 << 20

// collectGarbage is runtime.GC, replaceable in tests.
var collectGarbage = runtime.GC

// invalidImage is the field error of an imaging error (its text is the
// message).
func invalidImage(err error) error {
	return shop.Invalid(map[string][]string{"image": {err.Error()}})
}

// renditionNames are the media names of every slot of an uploaded image
// URL; other URLs (demo artwork, external) have none.
func renditionNames(url string) []string {
	name, ok := strings.CutPrefix(url, "/media/")
	if !ok || !strings.HasPrefix(name, "uploads/") {
		return nil
	}
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return nil
	}
	var out []string
	for _, w := range imaging.Widths {
		out = append(out, name[:i]+"-"+strconv.Itoa(w)+".jpg")
	}
	return out
}

// removeMedia deletes files whose rows are gone or were never written; a
// failure leaves an unreferenced file behind, which is logged, not fatal.
func (s *Service) removeMedia(ctx context.Context, names []string) {
	for _, n := range names {
		if err := s.media.Delete(ctx, n); err != nil {
			s.log.Warn("delete media", "name", n, "err", err)
		}
	}
}

var errNoMedia = errors.New("no media storage configured")

// noMedia refuses uploads when the service has no media storage.
type noMedia struct{}

func (noMedia) Put(context.Context, string, []byte) error { return errNoMedia }
func (noMedia) Delete(context.Context, string) error      { return nil }
