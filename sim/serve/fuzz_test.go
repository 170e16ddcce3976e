package serve_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim/serve"
)

// FuzzSession: whatever a client sends, a session never crashes and
// answers every request it reads with well-formed JSON (or, in binary
// framing, well-formed frames), and what it read leaves no trace: a
// reset_all and a step_all after it answer the very bytes they answer in
// a fresh session.
func FuzzSession(f *testing.F) {
	for _, in := range []string{
		`{"op":"info"}`,
		`{"op":"reset","env":0,"seed":3}` + "\n" + `{"op":"step","env":0,"reply":"e e search*3"}`,
		`{"op":"reset_all","seed":2}` + "\n" + `{"op":"step_all","replies":["e","s"]}` + "\n" + `{"op":"result","env":1}`,
		`{"op":"reset","env":1,"rules":"rogue","maxTurns":2,"task":"gold"}` + "\n" + `{"op":"step","env":1,"reply":"wait*40"}`,
		`{"op":"reset","env":0,"scenario":{"cog":{"x":3,"y":3}}}` + "\n" + `{"op":"snapshot","env":0}`,
		`{"op":"restore","env":0,"snapshot":"AAAA"}` + "\n" + `{"op":"render","env":1}`,
		`{"op":"step","env":9,"reply":"e"}` + "\n" + `{"op":"step_all","replies":["e"]}` + "\n" + `{"op":7}`,
		"junk\n\x00\xff\n{\"op\":\"reset\",\"env\":-1}",
	} {
		f.Add([]byte(in), false)
	}
	frame := func(b []byte) []byte {
		return append(binary.LittleEndian.AppendUint32(nil, uint32(len(b))), b...)
	}
	f.Add(append(frame([]byte(`{"op":"reset_all","seed":1}`)), frame(actionsFrame(3, 158))...), true)
	f.Add(append(frame([]byte(`{"op":"reset_all"}`)), frame(stepAllFrame("e", "search*40"))...), true)
	f.Add(append(frame(actionsFrame(-1, 9999)), frame([]byte{'a', 9, 0})...), true)
	f.Add([]byte{0xff, 0xff, 0xff, 0x7f, 'a'}, true)

	opt := func(bin bool) serve.Options {
		return serve.Options{Envs: 2, Binary: bin, Autoreset: true, MaxTurns: 4}
	}
	tail := []byte(`{"op":"reset_all","seed":5}` + "\n" + `{"op":"step_all","replies":["e s","search"]}` + "\n")
	var fresh bytes.Buffer
	sv, err := serve.New(opt(false))
	if err != nil {
		f.Fatal(err)
	}
	if err := sv.Serve(bytes.NewReader(tail), &fresh); err != nil {
		f.Fatal(err)
	}
	sv.Close()

	f.Fuzz(func(t *testing.T, in []byte, bin bool) {
		sv, err := serve.New(opt(bin))
		if err != nil {
			t.Fatal(err)
		}
		defer sv.Close()
		var out bytes.Buffer
		if bin {
			if err := sv.Serve(bytes.NewReader(in), &out); err != nil {
				t.Fatalf("the session stopped with an error: %v", err)
			}
			for b := out.Bytes(); len(b) > 0; {
				if len(b) < 5 {
					t.Fatalf("a frame cut short: % x", b)
				}
				n := int(binary.LittleEndian.Uint32(b))
				if n < 1 || 4+n > len(b) {
					t.Fatalf("a frame of %d bytes where %d remain", n, len(b)-4)
				}
				kind, body := b[4], b[5:4+n]
				switch kind {
				case 'J', 'E':
					if !json.Valid(body) {
						t.Fatalf("frame %c is not JSON: %q", kind, body)
					}
				case 'O', 'S', 'R', 'C', 'M':
				default:
					t.Fatalf("a frame of unknown kind %q", kind)
				}
				b = b[4+n:]
			}
			return
		}
		// A line of its own: the tail's requests must not join it.
		in = append(append(bytes.Clone(in), '\n'), tail...)
		if err := sv.Serve(bytes.NewReader(in), &out); err != nil {
			t.Fatalf("the session stopped with an error: %v", err)
		}
		lines := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
		for _, l := range lines {
			if !json.Valid(l) {
				t.Fatalf("an answer is not JSON: %q", l)
			}
		}
		if bytes.Contains(out.Bytes(), []byte(`{"closed":true}`)) {
			return // the input closed the session: the tail was not read
		}
		if !bytes.HasSuffix(out.Bytes(), fresh.Bytes()) {
			t.Fatalf("after the input the tail answers differently:\n%.600s\nnot\n%.600s", lines[max(0, len(lines)-2):], fresh.Bytes())
		}
	})
}

// FuzzSessionOps: FuzzSession's properties for requests that mostly
// parse, made from the input: resets of any rules, mechanics, clock,
// task and scenario (bad ones among them), steps of replies made of the
// grammar's words, snapshots restored whole or damaged, results and
// pictures, for slots that exist and one that does not.
func FuzzSessionOps(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 1, 0, 5, 9, 2, 7, 7, 3, 0, 4, 0, 0, 1, 0, 40})
	f.Add([]byte{0, 0, 9, 2, 0, 1, 1, 1, 1, 1, 12, 12, 12, 12, 3, 1, 4, 1, 3, 5, 1, 6, 0})
	f.Add([]byte("\x00\x01\x06\x04\x02\x01\x03\x10\x11\x12\x13\x02\x05\x05\x05\x05"))
	counting := make([]byte, 256)
	for i := range counting {
		counting[i] = byte(i * 7)
	}
	f.Add(counting)
	var mechanics []string
	for _, m := range ecs.Mechanics() {
		mechanics = append(mechanics, m.Name)
	}
	mechanics = append(mechanics, "no-such-mechanic")
	files, err := filepath.Glob("../../scenarios/*.json")
	if err != nil || len(files) == 0 {
		f.Fatalf("no scenarios: %v", err)
	}
	scenarios := []json.RawMessage{json.RawMessage(`{"map":["@"]}`), json.RawMessage(`{"cog":{"hp":-4}}`)}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		scenarios = append(scenarios, b)
	}
	words := []string{"e", "s", "w", "n", "ne", "sw", "move s", "search", "wait", "pickup", "descend", "inventory",
		"eat a", "quaff b", "wield c", "wear d", "drop e", "zap a n", "zap b >", "engrave a", "kick n", "chat e",
		"*3", "*40", "*99999", " ", "x", "\u00e9", ";", "0"}
	opt := serve.Options{Envs: 2, Autoreset: true, MaxTurns: 6}
	tail := []byte(`{"op":"reset_all","seed":5}` + "\n" + `{"op":"step_all","replies":["e s","search"]}` + "\n")
	var fresh bytes.Buffer
	sv, err := serve.New(opt)
	if err != nil {
		f.Fatal(err)
	}
	if err := sv.Serve(bytes.NewReader(tail), &fresh); err != nil {
		f.Fatal(err)
	}
	sv.Close()

	f.Fuzz(func(t *testing.T, in []byte) {
		next := func() int {
			if len(in) == 0 {
				return 0
			}
			b := in[0]
			in = in[1:]
			return int(b)
		}
		reply := func() string {
			var b strings.Builder
			for k := next() % 5; k >= 0; k-- {
				b.WriteString(words[next()%len(words)])
				b.WriteByte(' ')
			}
			return b.String()
		}
		var reqs []map[string]any
		var snaps []string
		for len(in) > 0 && len(reqs) < 40 {
			env := next() % 3 // 2 is no slot
			switch next() % 8 {
			case 0, 1:
				r := map[string]any{"op": "reset", "env": env, "seed": next()}
				if k := next(); k&1 != 0 {
					r["rules"] = []string{"cog", "nethack", "rogue", "bogus"}[k>>1%4]
				}
				if k := next(); k&1 != 0 {
					r["mechanics"] = []string{mechanics[k>>1%len(mechanics)]}
				}
				if k := next(); k&1 != 0 {
					r["maxTurns"] = []int{-1, 0, 1, 3, 55, 1 << 30}[k>>1%6]
				}
				if k := next(); k&1 != 0 {
					tasks := append(serve.TaskNames(), "bogus")
					r["task"] = tasks[k>>1%len(tasks)]
				}
				if k := next(); k&1 != 0 {
					r["scenario"] = scenarios[k>>1%len(scenarios)]
				}
				reqs = append(reqs, r)
			case 2, 3:
				reqs = append(reqs, map[string]any{"op": "step", "env": env, "reply": reply()})
			case 4:
				reqs = append(reqs, map[string]any{"op": "step_all", "replies": []string{reply(), reply()}})
			case 5:
				// A snapshot, taken now and kept for a restore.
				sv, err := serve.New(opt)
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				var req bytes.Buffer
				for _, r := range append(reqs, map[string]any{"op": "snapshot", "env": env}) {
					b, _ := json.Marshal(r)
					req.Write(append(b, '\n'))
				}
				err = sv.Serve(&req, &out)
				sv.Close()
				if err != nil {
					t.Fatalf("the session stopped with an error: %v", err)
				}
				lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
				var got struct{ Snapshot string }
				if json.Unmarshal(lines[len(lines)-1], &got) == nil && got.Snapshot != "" {
					snaps = append(snaps, got.Snapshot)
				}
			case 6:
				snap := "AAAA"
				if len(snaps) > 0 {
					snap = snaps[next()%len(snaps)]
					if k := next(); k&1 != 0 && len(snap) > 8 {
						// Damaged: one base64 digit changed.
						at := (k >> 1) * 7 % (len(snap) - 4)
						snap = snap[:at] + string("AZaz09+/"[k%8]) + snap[at+1:]
					}
				}
				reqs = append(reqs, map[string]any{"op": "restore", "env": env, "snapshot": snap})
			default:
				reqs = append(reqs, map[string]any{"op": []string{"result", "render", "info"}[next()%3], "env": env})
			}
		}
		var req bytes.Buffer
		for _, r := range reqs {
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			req.Write(append(b, '\n'))
		}
		nreq := len(reqs)
		req.Write(tail)
		sv, err := serve.New(opt)
		if err != nil {
			t.Fatal(err)
		}
		defer sv.Close()
		var out bytes.Buffer
		if err := sv.Serve(&req, &out); err != nil {
			t.Fatalf("the session stopped with an error: %v", err)
		}
		lines := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
		if len(lines) != nreq+2 {
			t.Fatalf("%d answers to %d requests", len(lines), nreq+2)
		}
		for _, l := range lines {
			if !json.Valid(l) {
				t.Fatalf("an answer is not JSON: %.300q", l)
			}
		}
		if !bytes.HasSuffix(out.Bytes(), fresh.Bytes()) {
			t.Fatalf("after the requests the tail answers differently:\n%.600s\nnot\n%.600s",
				bytes.Join(lines[nreq:], []byte("\n")), fresh.Bytes())
		}
	})
}
