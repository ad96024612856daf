package mediafs

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func TestDir(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	d := Dir(filepath.Join(root, "media"))
	if err := d.Put(ctx, "uploads/products/7/a-320.jpg", []byte("jpeg")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, "media", "uploads", "products", "7", "a-320.jpg"))
	if err != nil || string(got) != "jpeg" {
		t.Fatalf("stored %q, %v", got, err)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "media", "uploads", "products", "7"))
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	for _, bad := range []string{"../escape.jpg", "/etc/x.jpg", "a/../../b.jpg", ""} {
		if err := d.Put(ctx, bad, []byte("x")); err == nil {
			t.Errorf("Put(%q) accepted", bad)
		}
		if err := d.Delete(ctx, bad); err == nil {
			t.Errorf("Delete(%q) accepted", bad)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "escape.jpg")); err == nil {
		t.Error("a file was written outside the media directory")
	}
	if err := d.Delete(ctx, "uploads/products/7/a-320.jpg"); err != nil {
		t.Fatal(err)
	}
	if err := d.Delete(ctx, "uploads/products/7/a-320.jpg"); err != nil {
		t.Errorf("deleting a missing file: %v", err)
	}
}
