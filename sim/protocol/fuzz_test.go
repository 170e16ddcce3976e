package protocol_test

import (
	"bytes"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
)

// FuzzServe: whatever an agent sends, the env answers every line and
// never crashes or stops early.
func FuzzServe(f *testing.F) {
	f.Add([]byte(`{"reply":"e e"}` + "\n" + `{"reply":"search*40"}` + "\n"))
	f.Add([]byte("junk\n{\"reply\":7}\n\x00\xff\n"))
	f.Add([]byte(`{"reply":"wait*40"}{"reply":"e"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := sim.New(sim.Config{Seed: 1, Invariants: true})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		res, err := protocol.Serve(s, bytes.NewReader(in), &out, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Cause == "" {
			t.Fatal("the episode did not end")
		}
		if !bytes.Contains(out.Bytes(), []byte(`"type":"end"`)) {
			t.Fatal("no end message")
		}
	})
}

// FuzzParseReply: the line handler never panics.
func FuzzParseReply(f *testing.F) {
	f.Add([]byte(`{"reply":"e"}`))
	f.Add([]byte(`{"reply":null}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		protocol.ParseReply(line)
	})
}
