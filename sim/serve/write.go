package serve

import (
	"encoding/binary"
	"encoding/json"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
)

// The binary observation record (docs/serve.md): fixed size, little
// endian, laid out so that numpy reads a batch with one structured dtype.
const (
	StatusBytes = 128
	// RecordBytes is the size of one observation record.
	RecordBytes = 4*3 + 4*sim.NumStats + sim.MessageBytes + StatusBytes + c.N + 2*c.N
)

// The record's flag bits.
const (
	FlagTerminated = 1 << iota
	FlagTruncated
	FlagUnusable
	FlagEnded   // the trailer holds the result
	FlagIgnored // the trailer holds the ignored tokens
	FlagDeeds   // the trailer holds the deeds earned since the last observation
)

// extra is a trailer entry: what a fixed record cannot hold.
type extra struct {
	Env     int         `json:"env"`
	Ignored string      `json:"ignored,omitempty"`
	Deeds   []string    `json:"deeds,omitempty"`
	End     *sim.Result `json:"end,omitempty"`
}

// writeObservations answers with the observations of the slots envs and
// updates their scores for the next reward.
func (sv *Server) writeObservations(envs []int, batch, encoded bool) error {
	if !sv.opt.Binary {
		if !batch {
			return sv.writeJSON(sv.observation(envs[0]))
		}
		obs := make([]sim.Observation, len(envs))
		for k, i := range envs {
			obs[k] = sv.observation(i)
		}
		return sv.writeJSON(map[string]any{"observations": obs})
	}
	n := len(envs)
	body := sv.records(n)
	var extras []extra
	for k, i := range envs {
		if !encoded {
			sv.encode(i, body[5+k*RecordBytes:5+(k+1)*RecordBytes])
		}
		if ex := &sv.slots[i].extra; ex.End != nil || ex.Ignored != "" || ex.Deeds != nil {
			extras = append(extras, *ex)
		}
	}
	trailer := []byte("[]")
	if len(extras) > 0 {
		var err error
		if trailer, err = json.Marshal(extras); err != nil {
			return err
		}
	}
	body = binary.LittleEndian.AppendUint32(body, uint32(len(trailer)))
	body = append(body, trailer...)
	sv.body = body
	return sv.writeFrame(body[0], body[1:])
}

// records readies the answer buffer for n records: the kind, the count,
// and room for the records, which [Server.encode] fills in place.
func (sv *Server) records(n int) []byte {
	size := 5 + n*RecordBytes
	if cap(sv.body) < size+256 {
		sv.body = make([]byte, 0, size+4096)
	}
	body := sv.body[:size]
	body[0] = 'O'
	binary.LittleEndian.PutUint32(body[1:], uint32(n))
	return body
}

// encode writes slot i's observation record into rec and notes what the
// trailer must say of it; it updates the slot's score for the next
// reward. Slots are independent, so workers encode different slots at
// once.
func (sv *Server) encode(i int, rec []byte) {
	sl := sv.slots[i]
	const (
		message = 12 + 4*sim.NumStats
		status  = message + sim.MessageBytes
		chars   = status + StatusBytes
		glyphs  = chars + c.N
	)
	stats := sl.s.FillRecord(sim.RecordFields{Message: rec[message:status], Chars: rec[chars:glyphs], Glyphs: rec[glyphs:]})
	reward, deeds := sl.reward()
	flags := uint32(0)
	sl.extra = extra{Env: i, Deeds: deeds}
	if deeds != nil {
		flags |= FlagDeeds
	}
	if sl.s.Terminated() {
		flags |= FlagTerminated
	}
	if sl.s.Truncated() {
		flags |= FlagTruncated
	}
	if sl.s.Unusable() {
		flags |= FlagUnusable
	}
	if sl.s.Done() {
		flags |= FlagEnded
		r := sl.s.Result()
		sl.extra.End = &r
	}
	if ig := sl.s.Ignored(); ig != "" {
		flags |= FlagIgnored
		sl.extra.Ignored = ig
	}
	le := binary.LittleEndian
	le.PutUint32(rec[0:], uint32(i))
	le.PutUint32(rec[4:], flags)
	le.PutUint32(rec[8:], uint32(int32(reward)))
	for k, v := range stats {
		le.PutUint32(rec[12+4*k:], uint32(v))
	}
	line := rec[status:chars]
	clear(line[copy(line, statusLine(sl.s)):])
}

// statusLine is the observation's last line, cut to StatusBytes.
func statusLine(s *sim.Sim) []byte {
	obs := s.Observe()
	for i := len(obs) - 1; i >= 0; i-- {
		if obs[i] == '\n' {
			obs = obs[i+1:]
			break
		}
	}
	return obs[:min(len(obs), StatusBytes)]
}

// observation is slot i's JSON observation; it moves the slot's reward
// and deeds on.
func (sv *Server) observation(i int) sim.Observation {
	sl := sv.slots[i]
	o := sl.s.ObservationOf(0, &sv.arrays[i])
	env := i
	o.Env = &env
	o.Reward, o.Deeds = sl.reward()
	return o
}

// writeFrame writes a binary frame: the length, the kind byte, the body.
func (sv *Server) writeFrame(kind byte, body []byte) error {
	var head [5]byte
	binary.LittleEndian.PutUint32(head[:4], uint32(1+len(body)))
	head[4] = kind
	if _, err := sv.out.Write(head[:]); err != nil {
		return err
	}
	_, err := sv.out.Write(body)
	return err
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
// tables a client needs to read observations.
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
}

func (sv *Server) writeInfo() error {
	var active []string
	if ms, err := ecs.Select(sv.opt.Rules, sv.opt.Mechanics); err == nil {
		for _, m := range ms {
			active = append(active, m.Name)
		}
	}
	return sv.writeJSON(Info{Envs: len(sv.slots), Binary: sv.opt.Binary, Autoreset: sv.opt.Autoreset,
		Engine: sim.EngineVersion, Stats: sim.StatNames[:], Conditions: sim.ConditionNames(), Glyphs: text.Glyphs(), RecordBytes: RecordBytes,
		Actions: Actions(active), Tasks: TaskNames()})
}

// Actions is the action list (§29, §35.1) of an episode whose installed
// mechanics are named in active (the variant's included): see
// [sim.NewActionTable]. An action index is a reply of one primitive.
func Actions(active []string) []string { return sim.NewActionTable(active).Replies() }
