// Package atomicfile writes files that appear whole or not at all.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to a hidden temporary file beside path (mode 0600) and
// renames it into place, so that whoever watches the directory (an operator,
// the end-to-end tests reading mail and codes) never sees a file still being
// written.
func Write(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".writing-*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}
