package serve_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/serve"
)

// actionFrame is a binary step request by action index.
func actionFrame(env, action int) []byte {
	b := binary.LittleEndian.AppendUint32([]byte{'i'}, uint32(env))
	return binary.LittleEndian.AppendUint32(b, uint32(int32(action)))
}

// actionsFrame is a binary step_all request by action indices.
func actionsFrame(actions ...int) []byte {
	b := []byte{'b'}
	for _, a := range actions {
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(a)))
	}
	return b
}

// TestActionIndicesPlayAsTheirReplies: a step by action index answers
// the very bytes a step with the action's reply does, through episode
// ends and autoresets, in a slot of the session's mechanics and in one
// reset with others (played through the parser).
func TestActionIndicesPlayAsTheirReplies(t *testing.T) {
	opt := serve.Options{Envs: 3, Autoreset: true, MaxTurns: 7, Binary: true}
	byReply, byIndex := start(t, opt), start(t, opt)
	table := obs.NewActionTable(nil)
	for _, s := range []*session{byReply, byIndex} {
		s.ask(`{"op":"reset_all","seed":3}`)
		s.ask(`{"op":"reset","env":2,"seed":9,"mechanics":["wands"]}`)
	}
	x := uint32(7)
	for turn := range 40 {
		acts := make([]int, 3)
		replies := make([]string, 3)
		for i := range acts {
			x = x*1664525 + 1013904223
			acts[i] = int(x>>8) % table.Len()
			replies[i] = table.Actions[acts[i]].Reply
		}
		k1, want := byReply.ask(string(stepAllFrame(replies...)))
		k2, got := byIndex.ask(string(actionsFrame(acts...)))
		require.Equal(t, byte('O'), k1)
		require.Equal(t, k1, k2)
		if !bytes.Equal(want, got) {
			for k := range want {
				if want[k] != got[k] {
					rec := (k - 4) / cogRecord
					off := (k - 4) % cogRecord
					t.Fatalf("turn %d: step_all by index differs at record %d offset %d (%q): %q vs %q", turn, rec, off, replies[rec],
						want[4+rec*cogRecord+obs.OffMessage:4+rec*cogRecord+obs.OffStatus], got[4+rec*cogRecord+obs.OffMessage:4+rec*cogRecord+obs.OffStatus])
				}
			}
		}
		k1, want = byReply.ask(string(stepFrame(turn%3, replies[0])))
		k2, got = byIndex.ask(string(actionFrame(turn%3, acts[0])))
		require.Equal(t, k1, k2)
		require.True(t, bytes.Equal(want, got), "turn %d: step by index differs", turn)
	}
	kind, body := byIndex.ask(string(actionFrame(0, table.Len())))
	assert.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "action: 159 is out of range 0 … 158")
	kind, body = byIndex.ask(string(actionsFrame(0, -2, 0)))
	assert.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "actions: env 1: -2 is out of range 0 … 158 (the session's actions; -1: restart)")
	kind, body = byIndex.ask(string(actionsFrame(0)))
	assert.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "actions: 2 bytes for 3 envs")
}

// TestARestartStartsTheSlotsNextEpisode: action -1 of a step_all by
// actions, and a reply of length 0xffff in one by replies, start the
// slot's next episode whether or not it ended, answering what a reset
// without a seed answers, while the other slots step; a slot restarted
// at its end is as autoreset.
func TestARestartStartsTheSlotsNextEpisode(t *testing.T) {
	opt := serve.Options{Envs: 3, Autoreset: true, MaxTurns: 2, Binary: true}
	cut, reset := start(t, opt), start(t, opt)
	record := func(body []byte, k int) []byte {
		require.GreaterOrEqual(t, len(body), 4+(k+1)*cogRecord)
		return body[4+k*cogRecord : 4+(k+1)*cogRecord]
	}
	for _, s := range []*session{cut, reset} {
		s.ask(`{"op":"reset_all","seed":3}`)
	}
	restartReplies := func(replies ...string) []byte {
		b := []byte{'a'}
		for _, r := range replies {
			if r == "RESTART" {
				b = binary.LittleEndian.AppendUint16(b, serve.RestartReply)
				continue
			}
			b = binary.LittleEndian.AppendUint16(b, uint16(len(r)))
			b = append(b, r...)
		}
		return b
	}
	for turn := range 12 {
		i := turn % 3
		acts := []int{2, 8, 9} // e, search, wait
		replies := []string{"e", "search", "wait"}
		acts[i], replies[i] = serve.RestartAction, "RESTART"
		byReplies := turn%2 == 1
		frame := actionsFrame(acts...)
		if byReplies {
			frame = restartReplies(replies...)
		}
		kind, got := cut.ask(string(frame))
		require.Equal(t, byte('O'), kind, "%s", got)
		require.Equal(t, uint32(3), binary.LittleEndian.Uint32(got))
		kind, want := reset.ask(fmt.Sprintf(`{"op":"reset","env":%d}`, i))
		require.Equal(t, byte('O'), kind, "%s", want)
		assert.Equal(t, record(want, 0), record(got, i), "turn %d: slot %d restarted", turn, i)
		for k := range acts {
			if k == i {
				continue
			}
			frame := actionFrame(k, acts[k])
			if byReplies {
				frame = stepFrame(k, replies[k])
			}
			kind, want = reset.ask(string(frame))
			require.Equal(t, byte('O'), kind)
			assert.Equal(t, record(want, 0), record(got, k), "turn %d: slot %d stepped", turn, k)
		}
		// A refused request leaves no restart behind: its restarts of
		// slots 0 and 1 are not the next request's.
		bad := restartReplies("RESTART", "RESTART")
		kind, body := cut.ask(string(append(bad, 9, 0, 'x')))
		require.Equal(t, byte('E'), kind)
		assert.Contains(t, string(body), "reply 2 is cut short")
	}
}

// TestSharedMemoryHoldsTheRecords: a session with shared memory answers
// with doorbells, and the records it points at are byte for byte those
// a session without answers, in alternating regions.
func TestSharedMemoryHoldsTheRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shm")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	opt := serve.Options{Envs: 2, Autoreset: true, MaxTurns: 5, Binary: true}
	plain := start(t, opt)
	opt.Shm = path
	shared := start(t, opt)
	rb := cogRecord
	mem := func() []byte {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		return b
	}
	kind, body := shared.ask(`{"op":"info"}`)
	require.Equal(t, byte('J'), kind)
	assert.Contains(t, string(body), `"shmBytes":`)
	m := mem()
	require.Len(t, m, serve.ShmSize(2, rb))
	assert.Equal(t, serve.ShmMagic, string(m[:8]))
	assert.Equal(t, uint32(2), binary.LittleEndian.Uint32(m[8:]))
	assert.Equal(t, uint32(rb), binary.LittleEndian.Uint32(m[12:]))
	assert.Equal(t, uint32(serve.ShmColumns(2, rb, 0)), binary.LittleEndian.Uint32(m[20:]))
	assert.Equal(t, serve.ShmHeader+2*2*rb+2*2*64, serve.ShmSize(2, rb), "two regions of 2 records, 2 columns of a cache line each")

	check := func(req []byte, region, n, first int) {
		t.Helper()
		k1, want := plain.ask(string(req))
		k2, bell := shared.ask(string(req))
		require.Equal(t, byte('O'), k1, string(want))
		require.Equal(t, byte('M'), k2, string(bell))
		le := binary.LittleEndian
		assert.Equal(t, uint32(region), le.Uint32(bell[0:]))
		assert.Equal(t, uint32(n), le.Uint32(bell[4:]))
		assert.Equal(t, uint32(first), le.Uint32(bell[8:]))
		tl := le.Uint32(bell[12:])
		assert.Equal(t, string(want[4+n*rb+4:]), string(bell[16:16+tl]), "the trailer")
		m := mem()
		at := serve.ShmHeader + (region*2+first)*rb
		require.True(t, bytes.Equal(want[4:4+n*rb], m[at:at+n*rb]), "the records")
		for k := range n {
			rec := want[4+k*rb:]
			col := serve.ShmColumns(2, rb, region) + 4*(first+k)
			assert.Equal(t, rec[obs.OffFlags:obs.OffFlags+4], m[col:col+4], "env %d's flags in the column", first+k)
			assert.Equal(t, rec[obs.OffReward:obs.OffReward+4], m[col+64:col+68], "env %d's reward in the column", first+k)
		}
	}
	check([]byte(`{"op":"reset_all","seed":5}`), 0, 2, 0)
	region := 1
	table := obs.NewActionTable(nil)
	drop := slices.Index(table.Replies(), "drop a")
	x := uint32(11)
	for turn := range 200 {
		// Random actions and drops: the pack changes now and then, and
		// a record keeps its pack arrays only while they hold.
		x = x*1664525 + 1013904223
		a := int(x>>8) % table.Len()
		if turn%5 == 0 {
			a = drop + turn%3
		}
		check(actionsFrame(a, (a+turn)%table.Len()), region, 2, 0)
		region ^= 1
		check(actionFrame(turn%2, a), region, 1, turn%2)
		region ^= 1
		if turn == 30 {
			check([]byte(`{"op":"reset","env":1,"seed":77}`), region, 1, 1)
			region ^= 1
		}
	}
	_, err := serve.New(serve.Options{Envs: 1, Shm: path})
	assert.ErrorContains(t, err, "shm: needs the binary framing")
	_, err = serve.New(serve.Options{Envs: 1, Binary: true, Shm: filepath.Join(t.TempDir(), "none")})
	assert.ErrorContains(t, err, "shm: open")
}
