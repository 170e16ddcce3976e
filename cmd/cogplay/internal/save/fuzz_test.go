package save_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	"github.com/cogsim/cogsim/sim"
)

// FuzzSave: no save file crashes the reader; one it refuses gets its
// mode back, and one it accepts plays a turn.
func FuzzSave(f *testing.F) {
	s, err := sim.New(sim.Config{Seed: 3, Agent: "human"})
	if err != nil {
		f.Fatal(err)
	}
	s.Turn("e*3 s*3")
	path := filepath.Join(f.TempDir(), "seed.json")
	if err := save.Write(path, s, false, []string{"Hello."}, []int{3}, nil); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"format":"cogsim-save","version":3}`))
	f.Add([]byte("\x00{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "me.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := save.Open(path)
		if err != nil {
			var ce *save.CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("not a CorruptError: %v", err)
			}
			if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
				t.Fatalf("the mode is not given back: %v %v", fi, err)
			}
			return
		}
		r.Sim.Turn("e s w n search , >")
		if err := r.Finish(false); err != nil {
			t.Fatal(err)
		}
	})
}
