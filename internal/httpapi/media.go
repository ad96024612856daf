package httpapi

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"strings"
)

// MediaObjects opens stored files by name for as long as ctx lives. An
// error wrapping fs.ErrNotExist means there is no such file; any other
// error is the store failing.
type MediaObjects interface {
	Open(ctx context.Context, name string) (fs.File, error)
}

// mediaFiles serves images under /media/: uploads from their store when
// they have one, everything else from the media directory. Files only, no
// listings, long-cached, never sniffed into something executable.
type mediaFiles struct {
	dir     fs.FS
	uploads MediaObjects
}

func (m mediaFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if info := infoFrom(r.Context()); info != nil {
		info.route = "media"
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/media/")
	ctype := mime.TypeByExtension(path.Ext(name))
	if !fs.ValidPath(name) || !strings.HasPrefix(ctype, "image/") {
		http.NotFound(w, r)
		return
	}
	f, err := m.open(r.Context(), name)
	if err != nil {
		openFailed(w, r, name, err)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	rs, seekable := f.(interface {
		Read([]byte) (int, error)
		Seek(int64, int) (int64, error)
	})
	if err != nil || st.IsDir() || !seekable {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	if strings.HasPrefix(name, "uploads/") {
		// Uploads get a fresh random name each (service.AddProductImage).
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	}
	// An SVG opened directly must not run script: securityHeaders gives it a CSP that runs nothing.
	http.ServeContent(w, r, "", st.ModTime(), rs)
}

func (m mediaFiles) open(ctx context.Context, name string) (fs.File, error) {
	if m.uploads != nil && strings.HasPrefix(name, "uploads/") {
		return m.uploads.Open(ctx, name)
	}
	if m.dir == nil {
		return nil, fs.ErrNotExist
	}
	f, err := m.dir.Open(name)
	if err != nil {
		// A local path that cannot be opened (missing, or leading through
		// a file) is simply not there.
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f, nil
}

// openFailed answers a file that could not be opened: 404 when it is not
// there, 502 when its store failed (logged, never shown).
func openFailed(w http.ResponseWriter, r *http.Request, name string, err error) {
	if errors.Is(err, fs.ErrNotExist) {
		http.NotFound(w, r)
		return
	}
	if errors.Is(err, context.Canceled) {
		slog.InfoContext(r.Context(), "request cancelled", "err", err)
	} else {
		slog.ErrorContext(r.Context(), "media store failed", "name", name, "err", err)
	}
	// A cache in front must not keep the failure in place of the image.
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, "Bad Gateway", http.StatusBadGateway)
}
