package replay_test

import (
	"bytes"
	"testing"

	"github.com/cogsim/cogsim/sim/replay"
)

// FuzzRead: no replay file crashes the loader or the replayer.
func FuzzRead(f *testing.F) {
	f.Add(record(f, 1))
	f.Add(record(f, 2)[:300])
	f.Add([]byte(`{"format":"cogsim-replay","version":1,"seed":1,"rules":"cog","scenario":null,"agent":"x","engine":"0.1.0","obs":""}` + "\n"))
	f.Add([]byte("\n\n\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := replay.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		_ = rep.Play(nil)
	})
}
