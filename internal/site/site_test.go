package site_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/site"
	_ "github.com/cogsim/cogsim/systems/builtin"
)

var fake = &site.Program{Wasm: []byte("\x00asm\x01\x00\x00\x00 a program"), WasmExec: []byte("class Go {} // the loader")}

// embedded is the base64 text of the page's script element id, decoded.
func embedded(t *testing.T, page, id string) []byte {
	t.Helper()
	m := regexp.MustCompile(`<script id="` + id + `"[^>]*>([^<]*)</script>`).FindStringSubmatch(page)
	require.NotNil(t, m, "no script #%s", id)
	b, err := base64.StdEncoding.DecodeString(m[1])
	require.NoError(t, err)
	return b
}

func TestTheOneFilePageHoldsTheProgramAndTheReplay(t *testing.T) {
	replay := []byte("{\"cogsim_replay\":1}\n{\"turn\":1}\n")
	var out bytes.Buffer
	require.NoError(t, site.WritePage(&out, fake, replay, "seed-7.jsonl"))
	page := out.String()

	assert.Equal(t, replay, embedded(t, page, "cogplay-replay"))
	zr, err := gzip.NewReader(bytes.NewReader(embedded(t, page, "cogplay-wasm")))
	require.NoError(t, err)
	wasm, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, fake.Wasm, wasm, "the program, gzipped")
	assert.Contains(t, page, "<script id=\"cogplay-wasm-exec\">class Go {} // the loader</script>", "wasm_exec.js inline")
	assert.Contains(t, page, `data-name="seed-7.jsonl"`)
	assert.Contains(t, page, "<title>cogplay: replay seed-7.jsonl</title>")
	assert.NotContains(t, page, `src="wasm_exec.js"`, "nothing to fetch: it opens from a file")
	assert.Contains(t, page, "S saves in this browser")
	for _, v := range ecs.VariantNames() {
		assert.Contains(t, page, "<option>"+v+"</option>", "the form offers every rules variant")
	}
}

func TestNamesAreEscapedInThePage(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, site.WritePage(&out, fake, []byte("x"), `a"><script>alert(1)</script>.jsonl`))
	page := out.String()
	assert.NotContains(t, page, "<script>alert(1)")
	assert.Contains(t, page, `data-name="a&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.jsonl"`)
}

func TestALoaderThatWouldEndTheScriptIsRefused(t *testing.T) {
	bad := &site.Program{Wasm: fake.Wasm, WasmExec: []byte("x = '</SCRIPT>'")}
	err := site.WritePage(io.Discard, bad, []byte("x"), "r.jsonl")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "wasm_exec.js holds </script")
}

func TestTheSiteIsThreeFilesAndLoadsBack(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	require.NoError(t, site.WriteSite(dir, fake))
	names, err := os.ReadDir(dir)
	require.NoError(t, err)
	var got []string
	for _, n := range names {
		got = append(got, n.Name())
	}
	assert.Equal(t, []string{"cogplay.wasm", "index.html", "wasm_exec.js"}, got, "no temporary files left")
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	assert.Contains(t, string(index), `<script src="wasm_exec.js"></script>`)
	assert.NotContains(t, string(index), `id="cogplay-wasm"`, "the site's page fetches cogplay.wasm")
	assert.NotContains(t, string(index), `id="cogplay-replay"`)

	p, err := site.Load(dir)
	require.NoError(t, err)
	assert.Equal(t, fake, p)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "cogplay.wasm"), []byte("<html>not found</html>"), 0o644))
	_, err = site.Load(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is not a WebAssembly program")
	_, err = site.Load(filepath.Join(dir, "missing"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cogsim site DIR")
}

// TestTheBrowserProgramBuilds builds the real cogplay.wasm with the go
// command (the browser tests, -tags browsertest, run it).
func TestTheBrowserProgramBuilds(t *testing.T) {
	p, err := site.Build(context.Background(), ".", io.Discard)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(p.Wasm, []byte("\x00asm")), "a WebAssembly module")
	assert.True(t, strings.Contains(string(p.WasmExec), "globalThis.Go = class"), "the toolchain's wasm_exec.js")
	var page bytes.Buffer
	require.NoError(t, site.WritePage(&page, p, []byte("x"), "r.jsonl"), "the real wasm_exec.js goes inline")
	assert.False(t, strings.Contains(string(p.Wasm), "/work/"), "built with -trimpath")
}

func TestTheSourceDirIsThisCheckout(t *testing.T) {
	dir, ok := site.SourceDir()
	require.True(t, ok, "tests are compiled from the checkout")
	here, err := filepath.Abs("../..")
	require.NoError(t, err)
	assert.Equal(t, here, dir)
}

// TestTheProgramBuildsFromAnotherFolder: cogsim run elsewhere builds the
// page from its own checkout.
func TestTheProgramBuildsFromAnotherFolder(t *testing.T) {
	dir, ok := site.SourceDir()
	require.True(t, ok)
	_, err := site.Build(context.Background(), t.TempDir(), io.Discard)
	require.Error(t, err, "a folder outside any module cannot build it")
	assert.Contains(t, err.Error(), "--site DIR")
	p, err := site.Build(context.Background(), dir, io.Discard)
	require.NoError(t, err)
	assert.NotEmpty(t, p.Wasm)
}
