package site_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/cogsim/cogsim/internal/site"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeCompressesAndHasNoFavicon404: --serve sends the program
// gzipped to a browser that accepts it, and answers /favicon.ico with
// no content (issue 26).
func TestServeCompressesAndHasNoFavicon404(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm cogplay "), 100_000)
	require.NoError(t, os.WriteFile(filepath.Join(dir, site.WasmFile), wasm, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, site.IndexFile), []byte("<!doctype html>"), 0o644))
	srv := httptest.NewServer(site.Handler(dir))
	defer srv.Close()

	req, _ := http.NewRequest("GET", srv.URL+"/"+site.WasmFile, nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	resp, err := http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
	assert.Less(t, len(body), len(wasm)/10, "sent compressed")
	zr, err := gzip.NewReader(bytes.NewReader(body))
	require.NoError(t, err)
	plain, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, wasm, plain)

	req, _ = http.NewRequest("GET", srv.URL+"/"+site.WasmFile, nil)
	resp, err = http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Empty(t, resp.Header.Get("Content-Encoding"), "plain to a client that does not accept gzip")
	assert.Equal(t, wasm, body)

	resp, err = http.Get(srv.URL + "/favicon.ico")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)
	resp, err = http.Get(srv.URL + "/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}
