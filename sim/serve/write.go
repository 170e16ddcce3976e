package serve

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"io"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
)

// extra is a trailer entry: what a fixed record cannot hold.
type extra struct {
	Env     int         `json:"env"`
	Ignored string      `json:"ignored,omitempty"`
	Deeds   []string    `json:"deeds,omitempty"`
	End     *sim.Result `json:"end,omitempty"`
}

// writeObservations answers with the observations of the slots envs and
// updates their scores for the next reward; encoded says they are in
// place already (a batch of every slot, in order, that stepAll encoded).
func (sv *Server) writeObservations(envs []int, batch, encoded bool) error {
	if !sv.opt.Binary {
		if !batch {
			return sv.writeJSON(sv.observation(envs[0]))
		}
		list := make([]obs.Observation, len(envs))
		for k, i := range envs {
			list[k] = sv.observation(i)
		}
		return sv.writeJSON(map[string]any{"observations": list})
	}
	n := len(envs)
	if !encoded {
		sv.records(n)
	}
	var extras []extra
	for k, i := range envs {
		if !encoded {
			sv.encode(i, sv.record(k, i))
		}
		if sv.hasExtra[i] {
			extras = append(extras, sv.slots[i].extra)
		}
	}
	trailer := []byte("[]")
	if len(extras) > 0 {
		var err error
		if trailer, err = json.Marshal(extras); err != nil {
			return err
		}
	}
	le := binary.LittleEndian
	if sv.shm != nil {
		// The doorbell: the records are in the region in shared memory.
		body := sv.body[:0]
		body = le.AppendUint32(body, uint32(sv.region))
		body = le.AppendUint32(body, uint32(n))
		body = le.AppendUint32(body, uint32(envs[0]))
		body = le.AppendUint32(body, uint32(len(trailer)))
		body = append(body, trailer...)
		sv.body = body
		sv.region ^= 1
		return sv.writeFrame('M', body)
	}
	body := sv.body
	body = le.AppendUint32(body, uint32(len(trailer)))
	body = append(body, trailer...)
	sv.body = body
	return sv.writeFrame(body[0], body[1:])
}

// records readies the answer for n records: in shared memory, nothing
// (the records go to the current region); else the answer buffer: the
// kind, the count, and room for the records, which [Server.encode]
// fills in place.
func (sv *Server) records(n int) {
	if sv.shm != nil {
		sv.body = sv.body[:0]
		return
	}
	size := 5 + n*sv.recordBytes
	if cap(sv.body) < size+256 {
		sv.body = make([]byte, 0, size+4096)
	}
	body := sv.body[:size]
	body[0] = 'O'
	binary.LittleEndian.PutUint32(body[1:], uint32(n))
	sv.body = body
}

// record is where the answer's k-th record, slot i's, goes: slot i's
// place in the current region of shared memory, else the k-th record of
// the answer buffer readied by [Server.records].
func (sv *Server) record(k, i int) []byte {
	rb := sv.recordBytes
	if sv.shm != nil {
		at := ShmHeader + (sv.region*len(sv.slots)+i)*rb
		return sv.shm[at : at+rb : at+rb]
	}
	return sv.body[5+k*rb : 5+(k+1)*rb : 5+(k+1)*rb]
}

// encode writes slot i's observation record into rec and notes what the
// trailer must say of it; it updates the slot's score for the next
// reward. Slots are independent, so workers encode different slots at
// once.
func (sv *Server) encode(i int, rec []byte) {
	sl := sv.slots[i]
	// The mask is of the session's action list, whatever the slot's
	// mechanics (docs/serve.md).
	var fields *obs.RecordFields
	if sv.shm != nil {
		// The slot's record in this region keeps what was written there
		// (only this slot writes it): the pack, the map and the mask are
		// written only when they changed since. Its fields are made, and
		// its padding cleared, on its first write.
		holds := &sl.written[sv.region]
		fields = &holds.fields
		if !holds.made {
			holds.made = true
			*fields = sv.layout.Record(rec, sv.table)
			fields.Pack, fields.Map, fields.MaskKey = &holds.pack, &holds.m, &holds.mask
			clear(rec[sv.recordEnd:])
		}
	} else {
		f := sv.layout.Record(rec, sv.table)
		fields = &f
		clear(rec[sv.recordEnd:])
	}
	var stats [obs.NumStats]int32
	sl.enc.Fill(sl.s, fields, &stats)
	reward, deeds := sl.reward(int(stats[obs.StatXP]), int(stats[obs.StatGold]))
	e := sl.s.State()
	flags := uint32(0)
	if ignored := sl.ignoredNow(); deeds != nil || e.Run.Ended || ignored != "" || e.Reply.Unusable {
		// Something for the trailer (most steps have nothing).
		sl.extra = extra{Env: i, Deeds: deeds, Ignored: ignored}
		if deeds != nil {
			flags |= obs.FlagDeeds
		}
		if ignored != "" {
			flags |= obs.FlagIgnored
		}
		if e.Reply.Unusable {
			flags |= obs.FlagUnusable
		}
		if e.Run.Ended {
			flags |= obs.FlagEnded | obs.FlagTerminated
			if obs.Truncated(sl.s) {
				flags ^= obs.FlagTerminated | obs.FlagTruncated
			}
			r := sl.s.Result()
			sl.extra.End = &r
		}
		sv.hasExtra[i] = sl.extra.End != nil || ignored != "" || deeds != nil
	} else if sv.hasExtra[i] {
		sv.hasExtra[i] = false
	}
	le := binary.LittleEndian
	le.PutUint32(rec[obs.OffEnv:], uint32(i))
	le.PutUint32(rec[obs.OffFlags:], flags)
	le.PutUint32(rec[obs.OffReward:], uint32(int32(reward)))
	if sv.shm != nil {
		at := sv.columns[sv.region] + 4*i
		le.PutUint32(sv.shm[at:], flags)
		le.PutUint32(sv.shm[at+sv.columnBytes:], uint32(int32(reward)))
	}
	if at := sv.layout.StatsOffset(); at >= 0 {
		obs.PutStats(rec[at:], &stats)
	}
}

// ignoredNow is what this step of the slot ignored: a reply's unknown
// tokens (§14), or in a tick step the action the paralysed cog did not
// use (§37.1).
func (sl *slot) ignoredNow() string {
	if sl.tick {
		return sl.ignored
	}
	return sl.s.State().Reply.Ignored
}

// observation is slot i's JSON observation; it moves the slot's reward
// and deeds on.
func (sv *Server) observation(i int) obs.Observation {
	sl := sv.slots[i]
	o := sl.enc.Observation(sl.s, 0)
	env := i
	o.Env = &env
	o.Reward, o.Deeds = sl.reward(-1, -1)
	o.Ignored = sl.ignoredNow()
	return o
}

// writeFrame writes a binary frame: the length, the kind byte, the body.
func (sv *Server) writeFrame(kind byte, body []byte) error {
	head := sv.head[:5]
	binary.LittleEndian.PutUint32(head, uint32(1+len(body)))
	head[4] = kind
	if _, err := sv.out.Write(head); err != nil {
		return err
	}
	_, err := sv.out.Write(body)
	return err
}

// Refuse answers a client this session will not serve (a second one on
// serve --listen, issue 34) with one error in the session's framing —
// an {"error":…} line, or an 'E' frame with --binary — on w, which is
// not the session's own output.
func (sv *Server) Refuse(w io.Writer, msg string) error {
	bw := bufio.NewWriter(w)
	other := &Server{opt: sv.opt, out: bw}
	if err := other.writeError(msg); err != nil {
		return err
	}
	return bw.Flush()
}

// writeJSON writes v: a JSON line, or a 'J' frame in binary mode.
func (sv *Server) writeJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if sv.opt.Binary {
		return sv.writeFrame('J', b)
	}
	b = append(b, '\n')
	_, err = sv.out.Write(b)
	return err
}

// writeError answers a bad request.
func (sv *Server) writeError(msg string) error {
	b, err := json.Marshal(map[string]string{"error": msg})
	if err != nil {
		return err
	}
	if sv.opt.Binary {
		return sv.writeFrame('E', b)
	}
	_, err = sv.out.Write(append(b, '\n'))
	return err
}

// Info is what an info request answers: the session's shape and the
// tables a client needs to read observations. Stats, Conditions,
// RecordBytes and Actions say again what Layout says (the stats' and
// conditions' names, the record's size, the actions), for clients that
// read them there.
type Info struct {
	Envs        int              `json:"envs"`
	Binary      bool             `json:"binary"`
	Autoreset   bool             `json:"autoreset"`
	Engine      string           `json:"engine"`
	Stats       []string         `json:"stats"`
	Conditions  []string         `json:"conditions"`
	Glyphs      []text.GlyphInfo `json:"glyphs"`
	RecordBytes int              `json:"recordBytes"`
	Actions     []string         `json:"actions"`
	Tasks       []string         `json:"tasks"`
	// Step is what a step plays in a slot whose reset names none (§37.1):
	// "tick" or "turn".
	Step string `json:"step"`
	// Layout describes the binary record: its fields, the mask, its
	// size, the names of the stats, conditions and flags, the actions.
	Layout obs.Layout `json:"layout"`
	// Shm and ShmBytes: the shared memory's path and size, when the
	// session has one (docs/serve.md).
	Shm      string `json:"shm,omitempty"`
	ShmBytes int    `json:"shmBytes,omitempty"`
}

// Info is the session's info answer.
func (sv *Server) Info() Info {
	l := sv.layout
	return Info{Envs: len(sv.slots), Binary: sv.opt.Binary, Autoreset: sv.opt.Autoreset,
		Engine: sim.Fingerprint(), Stats: l.Stats, Conditions: l.Conditions, Glyphs: text.Glyphs(), RecordBytes: l.Size,
		Actions: l.Actions, Tasks: TaskNames(), Layout: l, Shm: sv.opt.Shm, ShmBytes: len(sv.shm), Step: sv.defaultStep()}
}

// activeMechanics names the mechanics installed by rules and mechanics
// (the variant's included), or none when they do not select.
func activeMechanics(rules string, mechanics []string) []string {
	var active []string
	if ms, err := ecs.Select(rules, mechanics); err == nil {
		for _, m := range ms {
			active = append(active, m.Name)
		}
	}
	return active
}
