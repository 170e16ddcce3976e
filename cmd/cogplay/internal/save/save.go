// Package save keeps cogplay's files (§22, §24): the save file of a game
// saved with S, restored by NetHack's rules (the file is unreadable while
// a restore runs and deleted once read, except in wizard mode, which asks
// whether to keep it), and the record file the scores of finished games
// are appended to. It is plain Go, tested without a window.
package save

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"time"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

// Format and Version identify a save file. Version 1 held the core
// game's state field by field; version 2 holds every registered
// component and resource and the mechanics installed (§27.2); version 3
// writes kinds by name (§32.1). An older file is refused, naming its
// version.
const (
	Format  = "cogsim-save"
	Version = 3
	// MaxBytes bounds a save file.
	MaxBytes = 64 << 20
)

// Envelope is a save file: a small JSON header around the snapshot
// (sim.Snapshot.MarshalBinary).
type Envelope struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Engine is sim.Fingerprint(): a save of another engine is refused,
	// as NetHack refuses another version's saves.
	Engine string `json:"engine"`
	Seed   uint64 `json:"seed"`
	Rules  string `json:"rules"`
	// Mechanics are the installed mechanics with their versions (§27.1).
	Mechanics []ecs.MechanicRef `json:"mechanics"`
	Scenario  string            `json:"scenario,omitempty"`
	Wizard    bool              `json:"wizard"`
	Saved     string            `json:"saved"`
	Log       []string          `json:"log,omitempty"`
	// LogTicks is the tick each message of Log was said at (absent in
	// older saves: the restored log then has no ticks).
	LogTicks []int           `json:"logTicks,omitempty"`
	Snapshot json.RawMessage `json:"snapshot"`
	// Replay is the game's replay so far (JSON lines, §21), which the
	// restored game goes on recording; "" for a game not recorded.
	Replay string `json:"replay,omitempty"`
}

// DataDir is cogsim's data directory: $XDG_DATA_HOME/cogsim, or
// ~/.local/share/cogsim.
func DataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "cogsim"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data directory: %w", err)
	}
	return filepath.Join(home, ".local", "share", "cogsim"), nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// DefaultPath is the save file of the user running cogplay:
// <data dir>/save/<user>.json, as NetHack keeps one save per player.
func DefaultPath() (string, error) {
	dir, err := DataDir()
	if err != nil {
		return "", err
	}
	name := unsafeName.ReplaceAllString(os.Getenv("USER"), "_")
	if name == "" || name[0] == '.' {
		name = "player"
	}
	return filepath.Join(dir, "save", name+".json"), nil
}

// Write saves the game s to path: the whole file is written to a
// temporary file beside it and renamed over path, so a crash leaves
// either the old save or the new one, never half of one.
func Write(path string, s *sim.Sim, wizard bool, log []string, ticks []int, replay []byte) error {
	data, err := Encode(s, wizard, log, ticks, replay)
	if err != nil {
		return err
	}
	return writeAtomic(path, data, 0o600)
}

// Encode is the save of the game s as its file holds it (the browser
// keeps it in the page's local storage instead, §31): log is the message
// log, ticks the tick of each message.
func Encode(s *sim.Sim, wizard bool, log []string, ticks []int, replay []byte) ([]byte, error) {
	snap, err := s.Snapshot().MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	cfg := s.Config()
	env := Envelope{Format: Format, Version: Version, Engine: sim.Fingerprint(), Seed: cfg.Seed, Rules: cfg.Rules, Mechanics: s.Mechanics(),
		Wizard: wizard, Saved: time.Now().UTC().Format(time.RFC3339), Log: log, LogTicks: ticks, Snapshot: snap, Replay: string(replay)}
	if cfg.Scenario != nil {
		env.Scenario = cfg.Scenario.Name
	}
	data, err := json.Marshal(env)
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	return append(data, '\n'), nil
}

func writeAtomic(path string, data []byte, mode fs.FileMode) error {
	if err := atomicfile.Write(path, data, mode); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	return nil
}

// ErrBeingRestored says another process is restoring the save file.
var ErrBeingRestored = errors.New("the save file is being restored by another process")

// CorruptError says a save file cannot be restored: not JSON, not a
// save, another format version or engine, or a snapshot the engine
// refuses.
type CorruptError struct {
	Path   string
	Reason string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("cannot restore %s: %s", e.Path, e.Reason)
}

// Restore is a save file being restored: unreadable (mode 0) and locked
// until Finish.
type Restore struct {
	Path     string
	Envelope Envelope
	// Sim is the restored game.
	Sim  *sim.Sim
	f    *os.File
	mode fs.FileMode
	done bool
}

// Open restores the save file at path by NetHack's rules: it refuses a
// file that another restore has made unreadable (ErrBeingRestored), makes
// it unreadable (mode 0) and locks it while this restore runs, reads it
// and rebuilds the game, validating it completely (sim.FromSnapshot). The
// caller then calls Finish: to delete the file (the ordinary game) or keep
// it (wizard mode's answer). A file that cannot be restored gives a
// *CorruptError and gets its mode back, whatever went wrong — a panic
// while rebuilding the game included — so the save slot is never left
// blocked.
func Open(path string) (*Restore, error) { return open(path, sim.FromSnapshot) }

// open is Open with the function that rebuilds the game from the
// snapshot.
func open(path string, build func(*sim.Snapshot) (*sim.Sim, error)) (*Restore, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, ErrBeingRestored
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	// Root reads a mode-0 file all the same, so the mode is checked,
	// and the lock closes the window between two checks.
	if fi.Mode().Perm() == 0 || !tryLock(f) {
		f.Close()
		return nil, ErrBeingRestored
	}
	r := &Restore{Path: path, f: f, mode: fi.Mode().Perm()}
	if err := os.Chmod(path, 0); err != nil {
		r.release()
		return nil, fmt.Errorf("restore: %w", err)
	}
	if err := r.readSafely(build); err != nil {
		os.Chmod(path, r.mode)
		r.release()
		return nil, &CorruptError{Path: path, Reason: err.Error()}
	}
	return r, nil
}

// readSafely reads the file, turning a panic into an error.
func (r *Restore) readSafely(build func(*sim.Snapshot) (*sim.Sim, error)) (err error) {
	defer func() {
		if v := recover(); v != nil {
			r.Sim = nil
			err = fmt.Errorf("the game cannot be rebuilt from it: %v", v)
		}
	}()
	return r.read(build)
}

func (r *Restore) read(build func(*sim.Snapshot) (*sim.Sim, error)) error {
	data, err := io.ReadAll(io.LimitReader(r.f, MaxBytes+1))
	if err != nil {
		return err
	}
	if len(data) > MaxBytes {
		return fmt.Errorf("larger than %d bytes", MaxBytes)
	}
	env, s, err := decode(data, build)
	if err != nil {
		return err
	}
	r.Envelope, r.Sim = env, s
	return nil
}

// Decode rebuilds the game saved in data (Encode), validating it
// completely; an error says why it cannot be restored.
func Decode(data []byte) (env Envelope, s *sim.Sim, err error) {
	defer func() {
		if v := recover(); v != nil {
			s, err = nil, fmt.Errorf("the game cannot be rebuilt from it: %v", v)
		}
	}()
	if len(data) > MaxBytes {
		return env, nil, fmt.Errorf("larger than %d bytes", MaxBytes)
	}
	return decode(data, sim.FromSnapshot)
}

func decode(data []byte, build func(*sim.Snapshot) (*sim.Sim, error)) (Envelope, *sim.Sim, error) {
	var env Envelope
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&env); err != nil {
		return env, nil, fmt.Errorf("not a cogsim save file: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return env, nil, fmt.Errorf("data after the save, at byte %d", dec.InputOffset())
	}
	switch {
	case env.Format != Format:
		return env, nil, fmt.Errorf("not a cogsim save file (format %q)", env.Format)
	case env.Version != Version:
		return env, nil, fmt.Errorf("save format version %d, this cogplay reads %d", env.Version, Version)
	case env.Engine != sim.Fingerprint():
		return env, nil, fmt.Errorf("saved by engine %s, this is engine %s", result.Printable(env.Engine), sim.Fingerprint())
	}
	var snap sim.Snapshot
	if err := snap.UnmarshalBinary(env.Snapshot); err != nil {
		return env, nil, err
	}
	if snap.Seed != env.Seed || snap.Rules != env.Rules || !slices.Equal(snap.Mechanics, env.Mechanics) {
		return env, nil, errors.New("the snapshot does not match the header")
	}
	s, err := build(&snap)
	if err != nil {
		return env, nil, err
	}
	return env, s, nil
}

// Finish ends the restore: the save file is deleted, or with keep (wizard
// mode's "yes") given its mode back.
func (r *Restore) Finish(keep bool) error {
	if r.done {
		return nil
	}
	var err error
	if keep {
		err = os.Chmod(r.Path, r.mode)
	} else {
		err = os.Remove(r.Path)
	}
	r.release()
	return err
}

func (r *Restore) release() {
	r.done = true
	unlock(r.f)
	r.f.Close()
}

// Quarantine moves a save file that cannot be restored out of the way, to
// path + ".corrupt" (numbered if that exists), so that the next start
// begins a new game while the file is kept for a look. It returns the new
// path.
func Quarantine(path string) (string, error) {
	dst := path + ".corrupt"
	for i := 1; ; i++ {
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			break
		}
		dst = fmt.Sprintf("%s.corrupt.%d", path, i)
	}
	if err := os.Rename(path, dst); err != nil {
		return "", err
	}
	return dst, nil
}

// Exists reports whether there is a save file at path.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
