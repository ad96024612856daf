package httpapi

import (
	"regexp"
	"strconv"
	"strings"
)

// Uploaded product images come as renditions 320, 640 and 1024 wide
// (service.AddProductImage); the storefront picks one with srcset and sizes
// (web/src/lib/responsive-image.ts). A preload of the first screen's image
// must name the same srcset and sizes, or the browser fetches two files.
// Change both sides together.
// The API answers them absolute, from the public URL (API.absolute).
var uploadedImageURL = regexp.MustCompile(`^((?:https?://[^/?#]+)?/media/uploads/products/\d+/[0-9a-f]+)-(\d+)\.jpg$`)

var imageSlots = []int{320, 640, 1024}

// The sizes attributes of the storefront's product images.
const (
	cardSizes    = "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
	gallerySizes = "(min-width: 768px) 50vw, 100vw"
)

// smallestRendition is an uploaded image's narrowest rendition, the URL itself
// for other images; web/src/lib/responsive-image.ts smallest is its twin.
func smallestRendition(url string) string {
	m := uploadedImageURL.FindStringSubmatch(url)
	if m == nil {
		return url
	}
	return m[1] + "-" + strconv.Itoa(imageSlots[0]) + ".jpg"
}

// imageSrcSet is the srcset of an uploaded image, "" for other images.
func imageSrcSet(url string) string {
	m := uploadedImageURL.FindStringSubmatch(url)
	if m == nil {
		return ""
	}
	widest, _ := strconv.Atoi(m[2])
	var parts []string
	for _, w := range imageSlots {
		if w <= widest {
			parts = append(parts, m[1]+"-"+strconv.Itoa(w)+".jpg "+strconv.Itoa(w)+"w")
		}
	}
	return strings.Join(parts, ", ")
}
