package sms

import (
	"context"
	"dwa/internal/gateway/atomicfile"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"dwa/internal/shop"
)

// Files writes each message as a .txt file into a directory, for a shop
// without an SMS provider: the first line is the number, then the text.
type Files struct {
	dir    string
	sender string
	log    *slog.Logger
}

// NewFiles writes into dir (created with mode 0700: messages hold sign-in
// codes).
func NewFiles(dir, sender string, log *slog.Logger) (*Files, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &Files{dir: dir, sender: sender, log: log}, nil
}

// Send writes the message and logs where, never what.
func (f *Files) Send(ctx context.Context, m shop.Mail) error {
	now := time.Now()
	path := filepath.Join(f.dir, fmt.Sprintf("%s-%06d.txt", now.UTC().Format("20060102-150405"), m.ID))
	data := fmt.Sprintf("To: %s\nFrom: %s\n\n%s\n", m.To, f.sender, m.Text)
	if err := atomicfile.Write(path, []byte(data)); err != nil {
		return err
	}
	f.log.InfoContext(ctx, "text message written (no SMS provider set)", "file", path, "mail_id", m.ID)
	return nil
}
