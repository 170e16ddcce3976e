package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/internal/site"
)

type siteOptions struct {
	serve string
}

func siteFlags() (*flag.FlagSet, *siteOptions) {
	o := &siteOptions{}
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	fs.StringVar(&o.serve, "serve", "", "then serve the site over HTTP at this address (e.g. 127.0.0.1:8080) until interrupted")
	return fs, o
}

// siteCmd is cogsim site DIR: the browser cogplay as a static site (§31).
func siteCmd(ctx context.Context, out streams, args []string) error {
	fs, o := siteFlags()
	dir, err := positional(fs, args)
	if err != nil {
		return err
	}
	if dir == "" {
		return usagef("missing the site's DIR")
	}
	var ln net.Listener
	if o.serve != "" {
		// Listen first: a taken address is reported before the build.
		if ln, err = net.Listen("tcp", o.serve); err != nil {
			return usagef("--serve: %v", err)
		}
		defer ln.Close()
	}
	p, err := buildProgram(ctx, out)
	if err != nil {
		return err
	}
	if err := site.WriteSite(dir, p); err != nil {
		return fmt.Errorf("writing the site: %w", err)
	}
	fmt.Fprintf(out.stdout, "wrote %s: %s, %s (%s), %s\n", dir, site.IndexFile, site.WasmFile, site.Sizes(p.Wasm), site.WasmExecFile)
	if ln == nil {
		fmt.Fprintf(out.stdout, "serve the folder over HTTP to play (a page opened from a file cannot load its program), e.g. cogsim site %s --serve 127.0.0.1:8080\n", dir)
		return nil
	}
	fmt.Fprintf(out.stdout, "serving http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return site.Serve(ctx, dir, ln)
}

// buildProgram builds the browser cogplay from the checkout cogsim runs
// in, saying so on stderr (a first build takes a while).
func buildProgram(ctx context.Context, out streams) (*site.Program, error) {
	fmt.Fprintln(out.stderr, "cogsim: building the browser cogplay (go build, GOOS=js GOARCH=wasm; a first build takes about a minute) …")
	begin := time.Now()
	// The checkout this cogsim was built from, else the one it runs in.
	dir, ok := site.SourceDir()
	if !ok {
		dir = "."
	}
	p, err := site.Build(ctx, dir, io.Discard)
	if err != nil {
		if ctx.Err() != nil {
			return nil, errInterrupted
		}
		return nil, err
	}
	fmt.Fprintf(out.stderr, "cogsim: built in %.1fs\n", time.Since(begin).Seconds())
	return p, nil
}

// writeReplayPage is cogsim replay FILE --html OUT: the one-file page of
// the replay (§31), with the program of siteDir or one built now.
func writeReplayPage(ctx context.Context, out streams, file, dest, siteDir string) error {
	if !strings.EqualFold(filepath.Ext(dest), ".html") && !strings.EqualFold(filepath.Ext(dest), ".htm") {
		return usagef("--html %s: the page's name must end in .html", dest)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return usagef("%v", err)
	}
	var p *site.Program
	if siteDir != "" {
		if p, err = site.Load(siteDir); err != nil {
			return usagef("%v", err)
		}
	} else if p, err = buildProgram(ctx, out); err != nil {
		return err
	}
	var page bytes.Buffer
	if err := site.WritePage(&page, p, data, filepath.Base(file)); err != nil {
		return err
	}
	if err := atomicfile.Write(dest, page.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	fmt.Fprintf(out.stdout, "wrote %s (%s): open it in a browser, no server needed\n", dest, site.Megabytes(page.Len()))
	return nil
}
