// Package web makes cogplay's web pages (§31): the static site (index.html,
// cogplay.wasm and the Go toolchain's wasm_exec.js) and the one-file page
// that plays a replay with the program and the replay inside it. It builds
// the browser cogplay with the Go toolchain (GOOS=js GOARCH=wasm) but does
// not link it: the headless cogsim that uses this package stays free of
// ebiten and cgo.
package site

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"text/template"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/atomicfile"
)

// Package is the browser cogplay's import path, built for GOOS=js.
const Package = "github.com/cogsim/cogsim/cmd/cogplay"

// The site's files (§31).
const (
	IndexFile    = "index.html"
	WasmFile     = "cogplay.wasm"
	WasmExecFile = "wasm_exec.js"
)

// BarHeight is the height of the page's bar in CSS pixels; the canvas
// keeps it free (view.WindowOptions.Top).
const BarHeight = 34

var (
	//go:embed page.html
	pageHTML string
	//go:embed loader.js
	loaderJS string
	page     = template.Must(template.New("page").Parse(pageHTML))
)

// Program is the browser cogplay: the wasm binary and the loader from the
// toolchain that built it (wasm_exec.js must match the Go version).
type Program struct {
	Wasm     []byte
	WasmExec []byte
}

// Build compiles the browser cogplay with the go command on the PATH,
// from the module source around dir (the cogsim checkout, or a module
// that requires cogsim), stripped of symbols (-s -w) and paths
// (-trimpath). The go command's build cache makes a second build quick.
// The go command's own output goes to log.
func Build(ctx context.Context, dir string, log io.Writer) (*Program, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("building the browser cogplay needs the Go toolchain (the go command is not on the PATH); or use a site built before: --site DIR")
	}
	tmp, err := os.MkdirTemp("", "cogplay-wasm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, WasmFile)
	cmd := exec.CommandContext(ctx, gobin, "build", "-trimpath", "-ldflags=-s -w", "-o", out, Package)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = log, io.MultiWriter(log, &stderr)
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "cannot find module") || strings.Contains(msg, "no required module provides") ||
			strings.Contains(msg, "not in std") || strings.Contains(msg, "go.mod file not found") {
			msg += "\n(build the page inside the cogsim checkout, e.g. go run ./cmd/cogsim ..., or use a site built before: --site DIR)"
		}
		return nil, fmt.Errorf("go build %s for the browser: %v\n%s", Package, err, msg)
	}
	p := &Program{}
	if p.Wasm, err = os.ReadFile(out); err != nil {
		return nil, err
	}
	// wasm_exec.js comes with the toolchain that built the program.
	root, err := exec.CommandContext(ctx, gobin, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(root))
	for _, rel := range []string{"lib/wasm", "misc/wasm"} {
		if p.WasmExec, err = os.ReadFile(filepath.Join(goroot, rel, WasmExecFile)); err == nil {
			return p, nil
		}
	}
	return nil, fmt.Errorf("%s is not in %s/lib/wasm or %s/misc/wasm", WasmExecFile, goroot, goroot)
}

// SourceDir is the checkout this package was compiled from, when it is
// still there: the binary's own source, so that a cogsim built with go
// build or go run (not -trimpath) builds its page from the same code,
// whatever folder it runs in. ok is false when the path was trimmed or
// the folder no longer holds cogsim's go.mod.
func SourceDir() (dir string, ok bool) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", false
	}
	dir = filepath.Dir(filepath.Dir(filepath.Dir(file))) // internal/site/site.go
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.HasPrefix(mod, []byte("module github.com/cogsim/cogsim\n")) {
		return "", false
	}
	return dir, true
}

// Load reads the program of a site written before by WriteSite.
func Load(site string) (*Program, error) {
	p := &Program{}
	var err error
	if p.Wasm, err = os.ReadFile(filepath.Join(site, WasmFile)); err != nil {
		return nil, fmt.Errorf("--site: %v (make a site with cogsim site DIR)", err)
	}
	if !bytes.HasPrefix(p.Wasm, []byte("\x00asm")) {
		return nil, fmt.Errorf("--site: %s is not a WebAssembly program", filepath.Join(site, WasmFile))
	}
	if p.WasmExec, err = os.ReadFile(filepath.Join(site, WasmExecFile)); err != nil {
		return nil, fmt.Errorf("--site: %v (make a site with cogsim site DIR)", err)
	}
	return p, nil
}

// WriteSite writes the static site into dir (made if missing): the page,
// the program and its loader. Files of other names are left alone.
func WriteSite(dir string, p *Program) error {
	var index bytes.Buffer
	if err := writePage(&index, pageData{Title: "cogplay"}, p); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{WasmFile, p.Wasm}, {WasmExecFile, p.WasmExec}, {IndexFile, index.Bytes()}} {
		if err := atomicfile.Write(filepath.Join(dir, f.name), f.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// WritePage writes the one-file page that plays replay (named name): the
// program gzipped and the replay, both in base64, inside the page, so it
// opens from a file with no server.
func WritePage(w io.Writer, p *Program, replay []byte, name string) error {
	var z bytes.Buffer
	zw, err := gzip.NewWriterLevel(&z, gzip.DefaultCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(p.Wasm); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	d := pageData{
		Title:      "cogplay: replay " + name,
		Replay:     base64.StdEncoding.EncodeToString(replay),
		ReplayName: name,
		Wasm:       base64.StdEncoding.EncodeToString(z.Bytes()),
	}
	return writePage(w, d, p)
}

// pageData fills page.html. Title and ReplayName are plain text, escaped
// here; Replay and Wasm are base64.
type pageData struct {
	Title      string
	ReplayName string
	Replay     string
	Wasm       string
	WasmExec   string
	Loader     string
	Variants   []string
	Bar        int
}

// scriptEnd would end an inline script early.
var scriptEnd = regexp.MustCompile(`(?i)</script`)

func writePage(w io.Writer, d pageData, p *Program) error {
	if d.Wasm != "" {
		if scriptEnd.Match(p.WasmExec) {
			return fmt.Errorf("%s holds </script and cannot be put inline", WasmExecFile)
		}
		d.WasmExec = string(p.WasmExec)
	}
	d.Title, d.ReplayName = html.EscapeString(d.Title), html.EscapeString(d.ReplayName)
	for _, v := range ecs.VariantNames() {
		d.Variants = append(d.Variants, html.EscapeString(v))
	}
	d.Loader, d.Bar = loaderJS, BarHeight
	return page.Execute(w, d)
}
