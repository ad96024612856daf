// Package mediafs keeps uploaded media as files under a directory (the
// data directory's media/ by default), served by the HTTP layer at /media/.
package mediafs

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Dir is the media directory.
type Dir string

// Put writes data under name (a slash-separated relative path), atomically:
// a reader never sees half a file.
func (d Dir) Put(_ context.Context, name string, data []byte) error {
	if !fs.ValidPath(name) {
		return errors.New("mediafs: invalid name " + name)
	}
	path := filepath.Join(string(d), filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".upload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Delete removes name; a missing file is not an error.
func (d Dir) Delete(_ context.Context, name string) error {
	if !fs.ValidPath(name) {
		return errors.New("mediafs: invalid name " + name)
	}
	err := os.Remove(filepath.Join(string(d), filepath.FromSlash(name)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
