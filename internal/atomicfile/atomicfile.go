// Package atomicfile writes a file whole or not at all: through a
// temporary file beside it, synced, then renamed over it, so a reader
// (a server, a restore, a replay's verifier) never sees it half written.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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
	mode fs.FileMode
	tmp  *os.File
	done bool
}

// Create starts writing path (mode is set at Commit), making its folder
// if missing.
func Create(path string, mode fs.FileMode) (*File, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &File{path: path, mode: mode, tmp: tmp}, nil
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
		err = os.Chmod(tmp, f.mode)
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
