package mail

import (
	"context"
	"dwa/internal/gateway/atomicfile"
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"time"

	"dwa/internal/shop"
)

// Files writes each mail as an .eml file into a directory, for a shop
// without an SMTP server: open them with any mail program.
type Files struct {
	dir  string
	from *mail.Address
	log  *slog.Logger
}

// NewFiles writes into dir (created with mode 0700: mails hold reset links).
func NewFiles(dir, from string, log *slog.Logger) (*Files, error) {
	f, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("DWA_MAIL_FROM: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &Files{dir: dir, from: f, log: log}, nil
}

// Send writes the mail and logs where, never what.
func (f *Files) Send(ctx context.Context, m shop.Mail) error {
	now := time.Now()
	msg, err := message(f.from, m, now)
	if err != nil {
		return err
	}
	path := filepath.Join(f.dir, fmt.Sprintf("%s-%06d.eml", now.UTC().Format("20060102-150405"), m.ID))
	if err := atomicfile.Write(path, msg); err != nil {
		return err
	}
	f.log.InfoContext(ctx, "mail written (no SMTP_URL set)", "file", path, "mail_id", m.ID)
	return nil
}
