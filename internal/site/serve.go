package site

import (
	"bytes"
	"compress/gzip"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Handler serves the site in dir (cogsim site DIR --serve): the files as
// http.FileServer does, gzipped for a client that accepts it (the 15 MB
// program goes as about 4), and /favicon.ico as "no content" rather than
// a 404 (the page names no icon of its own).
func Handler(dir string) http.Handler {
	return &handler{dir: dir, files: http.FileServer(http.Dir(dir)), zipped: map[string]zipped{}}
}

type handler struct {
	dir    string
	files  http.Handler
	mu     sync.Mutex
	zipped map[string]zipped
}

// zipped is a file's gzipped bytes, made once per version of the file.
type zipped struct {
	mod  time.Time
	size int64
	data []byte
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("/" + r.URL.Path)
	if name == "/favicon.ico" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if name == "/" {
		name = "/" + IndexFile
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || !acceptsGzip(r) {
		h.files.ServeHTTP(w, r)
		return
	}
	ext := path.Ext(name)
	if ext != ".wasm" && ext != ".js" && ext != ".html" && ext != ".jsonl" {
		h.files.ServeHTTP(w, r)
		return
	}
	file := filepath.Join(h.dir, filepath.FromSlash(name))
	st, err := os.Stat(file)
	if err != nil || st.IsDir() {
		h.files.ServeHTTP(w, r)
		return
	}
	z, err := h.gzipped(file, st)
	if err != nil {
		h.files.ServeHTTP(w, r)
		return
	}
	ctype := mime.TypeByExtension(ext)
	if ext == ".wasm" {
		ctype = "application/wasm"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, "", st.ModTime(), bytes.NewReader(z))
}

// gzipped is the file's gzipped bytes, cached while it is unchanged.
func (h *handler) gzipped(file string, st os.FileInfo) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if z, ok := h.zipped[file]; ok && z.mod.Equal(st.ModTime()) && z.size == st.Size() {
		return z.data, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	h.zipped[file] = zipped{mod: st.ModTime(), size: st.Size(), data: b.Bytes()}
	return b.Bytes(), nil
}

// acceptsGzip reports whether the request accepts a gzipped answer.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
