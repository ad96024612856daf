package httpapi_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/textproto"
	"slices"
	"strings"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// upload is a multipart body with one file in the field "image".
func upload(t *testing.T, filename, contentType string, data []byte) (body string, headers []string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="image"; filename="%s"`, filename))
	h.Set("Content-Type", contentType)
	part, err := mw.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(data)
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), []string{"Content-Type", mw.FormDataContentType()}
}

func photo(t *testing.T, w, h int, asPNG bool) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 200, 255})
		}
	}
	var b bytes.Buffer
	var err error
	if asPNG {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type sellerImages struct {
	Images []struct {
		ID    int64
		Image string
	}
}

func TestSellerProductImages(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		path := fmt.Sprintf("/api/seller/products/%d/images/", f.headset.ID)
		publicImages := func() string {
			t.Helper()
			w := a.Do("GET", fmt.Sprintf("/api/store/products/%d/", f.headset.ID), "")
			assertStatus(t, w.Code, 200)
			var p struct{ Images []struct{ Image string } }
			decode(t, w.Body.Bytes(), &p)
			var out []string
			for _, im := range p.Images {
				out = append(out, im.Image)
			}
			return strings.Join(out, " ")
		}
		before := publicImages()

		// Refused: clear field errors, nothing stored.
		svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>`)
		for _, tc := range []struct {
			name, filename, ctype string
			data                  []byte
			want                  string
		}{
			{"an SVG with a script", "logo.svg", "image/svg+xml", svg, `{"image":["Upload a JPEG, PNG or WebP image."]}`},
			{"an SVG named .jpg", "photo.jpg", "image/jpeg", svg, `{"image":["Upload a JPEG, PNG or WebP image."]}`},
			{"a PDF named .jpg", "photo.jpg", "image/jpeg", []byte("%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj"), `{"image":["Upload a JPEG, PNG or WebP image."]}`},
			{"a 20 MB image", "big.jpg", "image/jpeg", append(photo(t, 300, 300, false), make([]byte, 20<<20)...), `{"image":["The image is larger than 8 MB."]}`},
			{"a thumbnail", "tiny.png", "image/png", photo(t, 120, 120, true), `{"image":["The image must be at least 200 × 200 pixels."]}`},
		} {
			body, headers := upload(t, tc.filename, tc.ctype, tc.data)
			w := a.Do("POST", path, body, append(f.owner.Auth(), headers...)...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		w := a.Do("POST", path, `{"image":"x"}`, append(f.owner.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 415)
		body, headers := upload(t, "a.jpg", "image/jpeg", photo(t, 300, 300, false))
		w = a.Do("POST", path, strings.Replace(body, `name="image"`, `name="picture"`, 1), append(f.owner.Auth(), headers...)...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"image":["No file was submitted."]}`)
		if got := publicImages(); got != before {
			t.Fatalf("a refused upload changed the product: %s", got)
		}

		// Only the owner uploads.
		for _, tc := range []struct {
			auth []string
			code int
		}{{nil, 401}, {f.shopper.Auth(), 403}, {f.rival.Auth(), 404}} {
			w = a.Do("POST", path, body, append(tc.auth, headers...)...)
			assertStatus(t, w.Code, tc.code)
		}

		// Two uploads: re-encoded JPEG renditions for srcset, appended in order.
		w = a.Do("POST", path, body, append(f.owner.Auth(), headers...)...)
		assertStatus(t, w.Code, 201)
		body2, headers2 := upload(t, "wide.png", "image/png", photo(t, 1400, 700, true))
		w = a.Do("POST", path, body2, append(f.owner.Auth(), headers2...)...)
		assertStatus(t, w.Code, 201)
		var p sellerImages
		decode(t, w.Body.Bytes(), &p)
		if len(p.Images) != 3 {
			t.Fatalf("images = %+v", p.Images)
		}
		square, wide := p.Images[1], p.Images[2]
		if !strings.HasSuffix(square.Image, "-320.jpg") || !strings.HasSuffix(wide.Image, "-1024.jpg") ||
			!strings.HasPrefix(wide.Image, fmt.Sprintf(testPublicURL+"/media/uploads/products/%d/", f.headset.ID)) ||
			strings.Contains(wide.Image, "wide") {
			t.Fatalf("stored as %s and %s", square.Image, wide.Image)
		}
		for _, width := range []string{"320", "640", "1024"} {
			w = a.Do("GET", strings.Replace(wide.Image, "-1024.jpg", "-"+width+".jpg", 1), "")
			assertStatus(t, w.Code, 200)
			if w.Header().Get("Content-Type") != "image/jpeg" || w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
				t.Errorf("rendition %s served as %v", width, w.Header())
			}
			if m, _, err := image.DecodeConfig(bytes.NewReader(w.Body.Bytes())); err != nil || fmt.Sprint(m.Width) != width {
				t.Errorf("rendition %s: %+v, %v", width, m, err)
			}
		}
		if got := publicImages(); got != before+" "+square.Image+" "+wide.Image {
			t.Fatalf("public images = %s", got)
		}

		// Reorder: every image exactly once.
		order := fmt.Sprintf("/api/seller/products/%d/images/order/", f.headset.ID)
		first := p.Images[0].ID
		for _, bad := range []string{
			fmt.Sprintf(`{"order":[%d,%d]}`, wide.ID, square.ID),
			fmt.Sprintf(`{"order":[%d,%d,%d]}`, wide.ID, wide.ID, square.ID),
			`{"order":"all"}`,
		} {
			w = a.Do("PUT", order, bad, append(f.owner.Auth(), "Content-Type", "application/json")...)
			assertStatus(t, w.Code, 400)
		}
		w = a.Do("PUT", order, fmt.Sprintf(`{"order":[%d,%d,%d]}`, wide.ID, first, square.ID), append(f.rival.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 404)
		w = a.Do("PUT", order, fmt.Sprintf(`{"order":[%d,%d,%d]}`, wide.ID, first, square.ID), append(f.owner.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 200)
		if got := publicImages(); got != wide.Image+" "+before+" "+square.Image {
			t.Fatalf("after reordering: %s", got)
		}
		// The product page preloads the rendition its gallery will pick (same srcset and sizes).
		w = a.Do("GET", fmt.Sprintf("/store/products/%d", f.headset.ID), "")
		base := strings.TrimSuffix(wide.Image, "-1024.jpg")
		if want := fmt.Sprintf(`<link rel="preload" as="image" fetchpriority="high" href="%s" imagesrcset="%s-320.jpg 320w, %s-640.jpg 640w, %s-1024.jpg 1024w" imagesizes="(min-width: 768px) 50vw, 100vw">`,
			wide.Image, base, base, base); !strings.Contains(w.Body.String(), want) {
			t.Errorf("product page head lacks %s:\n%s", want, w.Body.String())
		}
		if vary := w.Header().Values("Vary"); !slices.Contains(vary, "Save-Data") {
			t.Errorf("product page Vary = %v", vary)
		}
		// Under Save-Data it preloads the smallest rendition, which the app in data-saver mode shows.
		w = a.Do("GET", fmt.Sprintf("/store/products/%d", f.headset.ID), "", "Save-Data", "on")
		html := w.Body.String()
		if want := `<link rel="preload" as="image" fetchpriority="high" href="` + base + `-320.jpg">`; !strings.Contains(html, want) ||
			strings.Contains(html, "imagesrcset") || !strings.Contains(html, `<meta name="save-data" content="on">`) {
			t.Errorf("product page under Save-Data lacks %s or the save-data meta, or has a srcset:\n%s", want, html)
		}
		if vary := w.Header().Values("Vary"); !slices.Contains(vary, "Save-Data") {
			t.Errorf("product page under Save-Data: Vary = %v", vary)
		}
		// A list's images wait for a tap: its page preloads none of them.
		w = a.Do("GET", "/products", "", "Save-Data", "on")
		if body := w.Body.String(); strings.Contains(body, `rel="preload" as="image"`) {
			t.Errorf("the product list under Save-Data preloads an image:\n%s", body)
		}
		if w = a.Do("GET", "/products", ""); !strings.Contains(w.Body.String(), `rel="preload" as="image"`) {
			t.Errorf("the product list preloads no image:\n%s", w.Body.String())
		}

		// Delete: the row and its files.
		del := fmt.Sprintf("/api/seller/products/%d/images/%d/", f.headset.ID, wide.ID)
		w = a.Do("DELETE", del, "", f.rival.Auth()...)
		assertStatus(t, w.Code, 404)
		w = a.Do("DELETE", del, "", f.owner.Auth()...)
		assertStatus(t, w.Code, 204)
		w = a.Do("DELETE", del, "", f.owner.Auth()...)
		assertStatus(t, w.Code, 404)
		assertBody(t, w.Body.String(), `{"detail":"No ProductImage matches the given query.","code":"not_found"}`)
		w = a.Do("GET", wide.Image, "")
		assertStatus(t, w.Code, 404)
		if got := publicImages(); got != before+" "+square.Image {
			t.Fatalf("after deleting: %s", got)
		}

		// At most 8 images.
		for range 6 {
			w = a.Do("POST", path, body, append(f.owner.Auth(), headers...)...)
			assertStatus(t, w.Code, 201)
		}
		w = a.Do("POST", path, body, append(f.owner.Auth(), headers...)...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"image":["A product can have at most 8 images. Delete one first."]}`)
	})
}

func TestSellerStoreLogo(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		const path = "/api/seller/store/logo/"
		productStoreLogo := func() string {
			t.Helper()
			var p struct{ Store struct{ Logo string } }
			decode(t, a.Do("GET", fmt.Sprintf("/api/store/products/%d/", f.headset.ID), "").Body.Bytes(), &p)
			return p.Store.Logo
		}
		before := productStoreLogo()

		pdf, pdfHeaders := upload(t, "logo.jpg", "image/jpeg", []byte("%PDF-1.4\n1 0 obj <<>> endobj"))
		w := a.Do("PUT", path, pdf, append(f.owner.Auth(), pdfHeaders...)...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"image":["Upload a JPEG, PNG or WebP image."]}`)
		body, headers := upload(t, "logo.png", "image/png", photo(t, 400, 400, true))
		for _, tc := range []struct {
			auth []string
			code int
		}{{nil, 401}, {f.shopper.Auth(), 403}, {f.staff.Auth(), 403}} {
			w = a.Do("PUT", path, body, append(tc.auth, headers...)...)
			assertStatus(t, w.Code, tc.code)
		}
		if got := productStoreLogo(); got != before {
			t.Fatalf("refused uploads changed the logo to %s", got)
		}

		// The narrowest rendition is the logo; the storefront shows it at once.
		w = a.Do("PUT", path, body, append(f.owner.Auth(), headers...)...)
		assertStatus(t, w.Code, 200)
		var got struct{ Logo string }
		decode(t, w.Body.Bytes(), &got)
		if !strings.HasPrefix(got.Logo, fmt.Sprintf(testPublicURL+"/media/uploads/stores/%d/", f.hub.ID)) || !strings.HasSuffix(got.Logo, "-320.jpg") {
			t.Fatalf("logo = %s", got.Logo)
		}
		if productStoreLogo() != got.Logo {
			t.Fatalf("product page store logo = %s; want %s", productStoreLogo(), got.Logo)
		}
		assertStatus(t, a.Do("GET", got.Logo, "").Code, 200)

		// A new logo replaces the old one, whose files go.
		w = a.Do("PUT", path, body, append(f.owner.Auth(), headers...)...)
		assertStatus(t, w.Code, 200)
		var next struct{ Logo string }
		decode(t, w.Body.Bytes(), &next)
		if next.Logo == got.Logo {
			t.Fatal("the new logo kept the old name")
		}
		assertStatus(t, a.Do("GET", got.Logo, "").Code, 404)
		assertStatus(t, a.Do("GET", next.Logo, "").Code, 200)
		// The rival's store is untouched.
		w = a.Do("GET", "/api/seller/store/", "", f.rival.Auth()...)
		if strings.Contains(w.Body.String(), "/uploads/") {
			t.Fatalf("rival's store = %s", w.Body)
		}
	})
}
