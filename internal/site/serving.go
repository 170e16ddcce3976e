package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Serve serves the site in dir on ln until ctx ends.
func Serve(ctx context.Context, dir string, ln net.Listener) error {
	srv := &http.Server{Handler: Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
		<-done
		return nil
	}
}

// Sizes says a file's size, raw and gzipped (what a server sends).
func Sizes(b []byte) string {
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
	zw.Write(b)
	zw.Close()
	return fmt.Sprintf("%s, %s gzipped", Megabytes(len(b)), Megabytes(z.Len()))
}

// Megabytes says n bytes in MB.
func Megabytes(n int) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
