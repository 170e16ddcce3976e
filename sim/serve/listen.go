package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
)

// socketListener is a Unix socket at a path, only its owner's, that
// removes its file when closed if that file is still the socket.
type socketListener struct {
	net.Listener
	path string
	file os.FileInfo
}

// ListenPrivate listens on a Unix socket at path that only this user
// can connect to, whatever the umask (issue 25: under umask 000 it was
// 0777, so any local user could take the one client slot). The socket
// is made in a private folder beside path, set to 0600 and linked into
// place, which fails rather than replace an existing file. Errors
// begin with the path.
func ListenPrivate(path string) (net.Listener, error) {
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s: the path exists already", path)
	}
	dir, err := os.MkdirTemp(filepath.Dir(path), ".cogsim-serve-*")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "socket")
	ln, err := net.Listen("unix", tmp)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	// The file is ours to remove, by its final name, not the listener's.
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	if err := os.Chmod(tmp, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := os.Link(tmp, path); err != nil {
		ln.Close()
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%s: the path exists already", path)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	file, err := os.Lstat(path)
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &socketListener{Listener: ln, path: path, file: file}, nil
}

// Close stops listening and removes the socket's file, unless what is
// at the path now is another file (put in its place while serving).
func (l *socketListener) Close() error {
	err := l.Listener.Close()
	if now, serr := os.Lstat(l.path); serr == nil && os.SameFile(now, l.file) {
		os.Remove(l.path)
	}
	return err
}
