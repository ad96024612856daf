// Package s3media keeps uploaded media as objects in a bucket of an
// S3-compatible service (AWS S3, MinIO, Cloudflare R2, DigitalOcean
// Spaces). The HTTP layer reads them back through Open and serves them at
// /media/<name>, so stored URLs do not depend on where the files live.
package s3media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/url"
	"path"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Options locate the bucket.
type Options struct {
	Endpoint  string // http(s)://host[:port]
	Region    string // empty: asked of the service
	Bucket    string
	AccessKey string
	SecretKey string
	Prefix    string // prepended to every name with a slash; may be empty
	PathStyle bool   // always <endpoint>/<bucket>; else <bucket>.<host> on AWS, path style elsewhere
}

// Bucket is the media store in one bucket.
type Bucket struct {
	client *minio.Client
	bucket string
	prefix string
}

// immutable is the Cache-Control of every object: names written through
// the media store are fresh random ones, never rewritten (see
// service.storeUpload), so a copy cached anywhere stays right for good.
const immutable = "public, max-age=31536000, immutable"

// New makes the client; it does not reach the service (see Check).
func New(o Options) (*Bucket, error) {
	u, err := url.Parse(o.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("s3media: endpoint %q is not an http(s) URL", o.Endpoint)
	}
	lookup := minio.BucketLookupAuto
	if o.PathStyle {
		lookup = minio.BucketLookupPath
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""),
		Secure:       u.Scheme == "https",
		Region:       o.Region,
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, fmt.Errorf("s3media: %w", err)
	}
	prefix := ""
	if o.Prefix != "" {
		prefix = o.Prefix + "/"
	}
	return &Bucket{client: client, bucket: o.Bucket, prefix: prefix}, nil
}

// Check fails unless the bucket exists and the keys may reach it.
func (b *Bucket) Check(ctx context.Context) error {
	ok, err := b.client.BucketExists(ctx, b.bucket)
	if err != nil {
		return fmt.Errorf("bucket %q at %s: %w", b.bucket, b.client.EndpointURL().Redacted(), err)
	}
	if !ok {
		return fmt.Errorf("bucket %q does not exist at %s", b.bucket, b.client.EndpointURL().Redacted())
	}
	return nil
}

// Put stores data under name (a slash-separated relative path). S3 makes
// the object visible only once it is complete.
func (b *Bucket) Put(ctx context.Context, name string, data []byte) error {
	key, err := b.key(name)
	if err != nil {
		return err
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	_, err = b.client.PutObject(ctx, b.bucket, key, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: ctype, CacheControl: immutable})
	if err != nil {
		return fmt.Errorf("s3media: put %s: %w", key, err)
	}
	return nil
}

// Delete removes name; a missing object is not an error (S3 answers a
// delete of a missing key with success).
func (b *Bucket) Delete(ctx context.Context, name string) error {
	key, err := b.key(name)
	if err != nil {
		return err
	}
	if err := b.client.RemoveObject(ctx, b.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("s3media: delete %s: %w", key, err)
	}
	return nil
}

// Open returns the object stored under name, readable and seekable (a
// seek turns into a ranged request), for as long as ctx lives. A missing
// object is an error wrapping fs.ErrNotExist; any other error is the
// service's failure.
func (b *Bucket) Open(ctx context.Context, name string) (fs.File, error) {
	key, err := b.key(name)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	obj, err := b.client.GetObject(ctx, b.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("s3media: open %s: %w", key, err)
	}
	info, err := obj.Stat()
	if err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return nil, fmt.Errorf("s3media: open %s: %w", key, err)
	}
	return &object{Object: obj, info: fileInfo{name: path.Base(name), size: info.Size, modTime: info.LastModified}}, nil
}

func (b *Bucket) key(name string) (string, error) {
	if !fs.ValidPath(name) || name == "." {
		return "", errors.New("s3media: invalid name " + name)
	}
	return b.prefix + name, nil
}

// object is an fs.File over a bucket object; Read, Seek and Close are the
// minio client's.
type object struct {
	*minio.Object
	info fileInfo
}

func (o *object) Stat() (fs.FileInfo, error) { return o.info, nil }

type fileInfo struct {
	name    string
	size    int64
	modTime time.Time
}

func (f fileInfo) Name() string       { return f.name }
func (f fileInfo) Size() int64        { return f.size }
func (f fileInfo) Mode() fs.FileMode  { return 0o444 }
func (f fileInfo) ModTime() time.Time { return f.modTime }
func (f fileInfo) IsDir() bool        { return false }
func (f fileInfo) Sys() any           { return nil }
