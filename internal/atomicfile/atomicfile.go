// Package atomicfile writes a file whole or not at all: through a
// temporary file beside it, synced, then renamed over it, so a reader
// (a server, a restore, a replay's verifier) never sees it half written.
package atomicfile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// Write writes data to path with mode, making its folder if missing.
func Write(path string, data []byte, mode fs.FileMode) error {
	f, err := Create(path, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// File is a file being written whole or not at all: what is written goes
// to a temporary file beside path, which Commit renames over path and
// Abort removes. Until Commit, path is untouched.
type File struct {
	path string
	tmp  *os.File
	done bool
}

// Create starts writing path, making its folder if missing. The file
// gets mode less the process's umask, as os.OpenFile gives it (issue
// 34: a mode set at Commit made trajectories 0644 under umask 077).
func Create(path string, mode fs.FileMode) (*File, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := createTemp(dir, filepath.Base(path), mode)
	if err != nil {
		return nil, err
	}
	return &File{path: path, tmp: tmp}, nil
}

// createTemp creates a new file in dir named .BASE.N.tmp, N a random
// number, with mode (less the umask). Unlike os.CreateTemp, whose files
// are 0600 whatever the umask, the mode is the one asked for.
func createTemp(dir, base string, mode fs.FileMode) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) && try < 10000 {
			continue
		}
		return f, err
	}
}

// tempName is the name of a temporary file of Create: the target's
// name, then its random number.
var tempName = regexp.MustCompile(`^\.(.+)\.[0-9]+\.tmp$`)

// RemoveStale removes from dir the temporary files that Create left
// there for a target whose name ours accepts (a process killed while
// writing, SIGKILL, leaves them), and nothing else: only names of
// Create's pattern, only files. The caller makes sure no other process
// is writing into dir. It returns how many it removed.
func RemoveStale(dir string, ours func(target string) bool) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		m := tempName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() || !ours(m[1]) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return n, err
		}
		n++
	}
	return n, nil
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, errDone
	}
	return f.tmp.Write(p)
}

var errDone = errors.New("atomicfile: write after Commit or Abort")

// Commit syncs the file and renames it over path. On failure nothing
// is left but path as it was.
func (f *File) Commit() error {
	if f.done {
		return errDone
	}
	f.done = true
	tmp := f.tmp.Name()
	err := f.tmp.Sync()
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, f.path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// Abort drops what was written; path is left as it was. It does
// nothing after Commit, so it can be deferred.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}
