package save_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keys is a person's play: moves, a search, a pickup, a wait.
var keys = []c.Primitive{
	{Op: c.OpMove, Dir: c.East}, {Op: c.OpMove, Dir: c.East}, {Op: c.OpSearch}, {Op: c.OpMove, Dir: c.South},
	{Op: c.OpPickup}, {Op: c.OpMove, Dir: c.West}, {Op: c.OpWait}, {Op: c.OpMove, Dir: c.North},
	{Op: c.OpMove, Dir: c.NorthEast}, {Op: c.OpInventory}, {Op: c.OpMove, Dir: c.SouthEast},
}

func newGame(t *testing.T, seed uint64) *sim.Sim {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: seed, Agent: "human"})
	require.NoError(t, err)
	return s
}

func play(s *sim.Sim, n int) {
	for i := 0; i < n && !s.Done(); i++ {
		s.Step(keys[i%len(keys)])
	}
}

// saved plays a little of seed and saves it in a fresh directory.
func saved(t *testing.T, seed uint64) (path string, s *sim.Sim) {
	t.Helper()
	s = newGame(t, seed)
	play(s, 7)
	path = filepath.Join(t.TempDir(), "save", "me.json")
	require.NoError(t, save.Write(path, s, false, []string{"You see here a dagger."}, []int{7}, nil))
	return path, s
}

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	return fi.Mode().Perm()
}

func TestRestoringDeletesTheSaveFileOnceRead(t *testing.T) {
	path, orig := saved(t, 3)
	assert.Equal(t, os.FileMode(0o600), mode(t, path))
	r, err := save.Open(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0), mode(t, path), "unreadable while the restore runs")
	assert.Equal(t, string(orig.Observe()), string(r.Sim.Observe()))
	assert.Equal(t, []string{"You see here a dagger."}, r.Envelope.Log)
	assert.False(t, r.Envelope.Wizard)
	require.NoError(t, r.Finish(false))
	assert.NoFileExists(t, path)
}

func TestASecondRestoreIsRefusedWhileOneRuns(t *testing.T) {
	path, _ := saved(t, 4)
	r, err := save.Open(path)
	require.NoError(t, err)
	_, err = save.Open(path)
	assert.ErrorIs(t, err, save.ErrBeingRestored)
	assert.EqualError(t, err, "the save file is being restored by another process")

	// Even with the mode put back by hand, the lock holds.
	require.NoError(t, os.Chmod(path, 0o600))
	_, err = save.Open(path)
	assert.ErrorIs(t, err, save.ErrBeingRestored)

	require.NoError(t, r.Finish(false))
	assert.NoFileExists(t, path)
}

func TestAModeZeroSaveFileIsBeingRestored(t *testing.T) {
	path, _ := saved(t, 5)
	require.NoError(t, os.Chmod(path, 0))
	_, err := save.Open(path)
	assert.ErrorIs(t, err, save.ErrBeingRestored)
	assert.FileExists(t, path, "left alone")
}

func TestTheWizardMayKeepTheSaveFile(t *testing.T) {
	path, orig := saved(t, 6)
	r, err := save.Open(path)
	require.NoError(t, err)
	require.NoError(t, r.Finish(true))
	assert.Equal(t, os.FileMode(0o600), mode(t, path), "kept, readable again")
	again, err := save.Open(path)
	require.NoError(t, err, "and restorable again")
	assert.Equal(t, string(orig.Observe()), string(again.Sim.Observe()))
	require.NoError(t, again.Finish(false))
}

func TestRestoreAndContinueEqualsContinue(t *testing.T) {
	for _, seed := range []uint64{1, 2, 9} {
		path, orig := saved(t, seed)
		r, err := save.Open(path)
		require.NoError(t, err)
		require.NoError(t, r.Finish(false))
		restored := r.Sim
		for i := 0; i < 300 && !orig.Done(); i++ {
			k := keys[(i*7+3)%len(keys)]
			orig.Step(k)
			restored.Step(k)
			require.Equal(t, string(orig.Observe()), string(restored.Observe()), "seed %d, step %d", seed, i)
		}
		a, err := orig.Snapshot().MarshalBinary()
		require.NoError(t, err)
		b, err := restored.Snapshot().MarshalBinary()
		require.NoError(t, err)
		assert.Equal(t, string(a), string(b))
		assert.Equal(t, orig.Result(), restored.Result())
	}
}

func TestWritingReplacesTheFileWhole(t *testing.T) {
	path, s := saved(t, 7)
	play(s, 5)
	require.NoError(t, save.Write(path, s, true, nil, nil, nil))
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left behind")
	r, err := save.Open(path)
	require.NoError(t, err)
	assert.True(t, r.Envelope.Wizard)
	assert.Equal(t, s.State().Clock.Tick, r.Sim.State().Clock.Tick)
	require.NoError(t, r.Finish(false))
}

func TestACorruptOrForeignSaveFileIsRefusedAndLeftInPlace(t *testing.T) {
	path, _ := saved(t, 8)
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	var env map[string]any
	require.NoError(t, json.Unmarshal(good, &env))
	edit := func(key string, v any) string {
		m := map[string]any{}
		for k, x := range env {
			m[k] = x
		}
		m[key] = v
		b, _ := json.Marshal(m)
		return string(b)
	}
	snap := env["snapshot"].(map[string]any)
	offBoard := map[string]any{}
	for k, x := range snap {
		offBoard[k] = x
	}
	var cols []any
	for _, col := range snap["components"].([]any) {
		col := col.(map[string]any)
		if col["name"] == "position" {
			moved := map[string]any{}
			for k, x := range col {
				moved[k] = x
			}
			var values []any
			for range col["values"].([]any) {
				values = append(values, map[string]any{"X": 99, "Y": 3})
			}
			moved["values"] = values
			col = moved
		}
		cols = append(cols, col)
	}
	offBoard["components"] = cols
	// withSnapshot is the save with one value of its snapshot changed.
	withSnapshot := func(list, name, field string, v any) string {
		var m map[string]any
		require.NoError(t, json.Unmarshal(good, &m))
		for _, x := range m["snapshot"].(map[string]any)[list].([]any) {
			x := x.(map[string]any)
			if x["name"] != name {
				continue
			}
			if list == "components" {
				x["values"].([]any)[0].(map[string]any)[field] = v
			} else {
				x["value"].(map[string]any)[field] = v
			}
		}
		b, _ := json.Marshal(m)
		return string(b)
	}

	cases := []struct{ name, data, reason string }{
		{"not JSON", "PK\x03\x04 a zip file", "not a cogsim save file"},
		{"truncated", string(good[:len(good)/2]), "not a cogsim save file"},
		{"another format", edit("format", "nethack-save"), `not a cogsim save file (format "nethack-save")`},
		{"another version", edit("version", 99), "save format version 99, this cogplay reads 3"},
		{"another engine", edit("engine", "0.0.1"), "saved by engine 0.0.1"},
		{"a refused snapshot", edit("snapshot", offBoard), "off the board"},
		{"a header that lies", edit("seed", 12345), "does not match the header"},
		{"no snapshot", edit("snapshot", nil), "snapshot"},
		{"trailing garbage", string(good) + "garbage", "data after the save"},
		{"a second save after it", string(good) + string(good), "data after the save"},
		{"worn slot -7", withSnapshot("components", "inventory", "Worn", -7), "inventory.Worn -7"},
		{"no rooms", withSnapshot("resources", "level", "Rooms", []any{}), "level.RoomOf"},
		{"a hunger state past the last", withSnapshot("components", "nutrition", "State", 9), "nutrition.State 9"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, os.WriteFile(path, []byte(tc.data), 0o640))
			require.NoError(t, os.Chmod(path, 0o640))
			_, err := save.Open(path)
			var ce *save.CorruptError
			require.True(t, errors.As(err, &ce), "got %v", err)
			assert.Contains(t, ce.Error(), "cannot restore "+path+": ")
			assert.Contains(t, ce.Reason, tc.reason)
			assert.Equal(t, os.FileMode(0o640), mode(t, path), "its mode is given back")
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, tc.data, string(data), "left as it was")
		})
	}
	moved, err := save.Quarantine(path)
	require.NoError(t, err)
	assert.Equal(t, path+".corrupt", moved)
	assert.NoFileExists(t, path)
	require.NoError(t, os.WriteFile(path, []byte("again"), 0o600))
	moved, err = save.Quarantine(path)
	require.NoError(t, err)
	assert.Equal(t, path+".corrupt.1", moved, "an earlier corrupt file is not overwritten")
}

func TestTheRecordFileOnlyGrows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cogsim", "record.jsonl")
	s := newGame(t, 1)
	play(s, 20)
	require.NoError(t, save.AppendRecord(path, s.Result()))
	before := "{\"score\":1}\n"
	require.NoError(t, os.WriteFile(path, []byte(before), 0o644))
	require.NoError(t, save.AppendRecord(path, s.Result()))
	require.NoError(t, save.AppendRecord(path, s.Result()))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), before), "earlier lines are kept")
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		var e save.Entry
		require.NoError(t, json.Unmarshal(sc.Bytes(), &e))
		if n > 0 {
			assert.Equal(t, s.Result().Score, e.Score)
			assert.Equal(t, uint64(1), e.Seed)
			assert.NotEmpty(t, e.Date)
		}
		n++
	}
	assert.Equal(t, 3, n)
}

func TestTheFilesLiveInTheXDGDataDirectory(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/data")
	t.Setenv("USER", "ada/../x")
	p, err := save.DefaultPath()
	require.NoError(t, err)
	assert.Equal(t, "/data/cogsim/save/ada_.._x.json", p)
	r, err := save.RecordPath()
	require.NoError(t, err)
	assert.Equal(t, "/data/cogsim/record.jsonl", r)

	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "/home/ada")
	t.Setenv("USER", "")
	p, err = save.DefaultPath()
	require.NoError(t, err)
	assert.Equal(t, "/home/ada/.local/share/cogsim/save/player.json", p)
}
