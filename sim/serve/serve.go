// Package serve is the researcher's long-lived session (§29): N episode
// slots in one process, driven by requests — reset, step, step_all with
// Gymnasium's next-step autoreset, snapshot, restore, result, render,
// info, close — over JSON lines or a length-prefixed binary framing
// (docs/serve.md), so that a reset never starts a process and an
// observation reads straight into arrays.
package serve

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/picture"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/sim/scenario"
)

// Options configure a session.
type Options struct {
	// Envs is the number of episode slots (at least 1).
	Envs int
	// Binary selects the length-prefixed binary framing.
	Binary bool
	// Autoreset starts a slot's next episode on the step after its end
	// (Gymnasium's next-step autoreset); without it such a step is an
	// error.
	Autoreset bool
	// Seed is slot i's first seed less i, when a reset names none.
	Seed uint64
	// Rules, Mechanics and MaxTurns are what a reset that names none uses.
	Rules     string
	Mechanics []string
	MaxTurns  int
	// Strict, Agent: see sim.Config.
	Strict bool
	Agent  string
	// Task is what rewards count when a reset names none (§35.3):
	// one of [Tasks], "" the score.
	Task string
	// RecordDir, when set, receives each finished episode's replay
	// (§35.4) as seed-N.jsonl (seed-N.2.jsonl … when taken).
	RecordDir string
	// Warn reports a problem that does not stop the session (a replay
	// that could not be written); nil drops it.
	Warn func(msg string)
	// Shm is a file (made by the client, e.g. in /dev/shm or a memfd's
	// /dev/fd/N) the binary session maps and writes its records into,
	// answering with a doorbell frame instead of the records
	// (docs/serve.md). Needs Binary.
	Shm string
	// Linger is how long the helpers that step a batch on the other
	// cores wait for the next batch, yielding their cores, before they
	// go away (docs/serve.md, "Polling"); 0: at once.
	Linger time.Duration
	// Step is what a step is in a slot whose reset names none (§37.1):
	// StepTick (the default, "") or StepTurn.
	Step string
	// Keys are the observation's arrays the binary record holds (§37.3,
	// obs.Keys; nil: every one), Crop the side of its crops (0:
	// obs.DefaultCrop).
	Keys []string
	Crop int
}

// The steps a slot plays (§37.1): a tick step is one primitive, one
// tick; a turn step is a reply, one command turn.
const (
	StepTick = "tick"
	StepTurn = "turn"
)

// defaultStep names what a step plays in a slot whose reset names none.
func (sv *Server) defaultStep() string {
	if sv.opt.Step == "" {
		return StepTick
	}
	return sv.opt.Step
}

// stepOf reads a step mode; "" is the default, tick steps.
func stepOf(name string) (tick bool, err error) {
	switch name {
	case "", StepTick:
		return true, nil
	case StepTurn:
		return false, nil
	}
	return false, bad("step: must be %q or %q, got %q", StepTick, StepTurn, name)
}

// DefaultLinger is cogsim serve's --linger: longer than a client's work
// between two steps of a VecEnv(256) (100–200 µs measured).
const DefaultLinger = 300 * time.Microsecond

// MaxRequest bounds one request.
const MaxRequest = 64 << 20

// Server is one session. Not safe for concurrent use.
type Server struct {
	opt     Options
	slots   []*slot
	out     *bufio.Writer
	frame   []byte
	body    []byte
	replies []string
	// req is the request being answered.
	req request
	// restarts marks the slots a step_all by replies restarts
	// ([RestartReply]): room for the request being read, cleared at its
	// first restart.
	restarts []bool
	actions  []int16
	work     []int
	// recordOff stops recording after a replay could not be written;
	// recordMu serialises the choice of replay file names, which slots
	// stepping in parallel may want at once.
	recordOff atomic.Bool
	recordMu  sync.Mutex
	// painter draws the render requests' pictures, made on the first.
	painter *picture.Painter
	// table is the session's action list (its rules and mechanics),
	// layout its record's.
	table       *obs.ActionTable
	layout      obs.Layout
	recordBytes int
	// recordEnd is where the record's padding starts.
	recordEnd int
	// columns are where each region's columns start in the shared
	// memory, columnBytes the size of one (ShmColumns, ShmColumnBytes).
	columns     [ShmRegions]int
	columnBytes int
	// shm is the mapped shared memory, nil without; region is the one
	// the next observation answer writes.
	shm    []byte
	region int
	// crew steps the slots of a batch on all cores.
	crew crew
	// hasExtra[i] says slot i's extra holds something for the trailer:
	// a byte a slot, so that an answer finds the few among many slots
	// in a few cache lines.
	hasExtra []bool
	// scripts are the level and dungeon scripts resets named, compiled.
	scripts scriptCache
	// failed says some slot's next episode could not start
	// (slot.failed), which workers may set at once.
	failed atomic.Bool
	// snap is room for a packed snapshot; head for a frame's length and
	// kind.
	snap []byte
	head [8]byte
}

// slot is one episode slot.
type slot struct {
	s *sim.Sim
	// enc writes the episode's observations, keeping what it can.
	enc obs.Encoder
	// first is the slot's first seed, before any episode.
	first uint64
	// key names the episode's configuration less the seed: a reset to
	// the same key reuses the episode's world (sim.Sim.Reset).
	key string
	// task is what the rewards count, count its running total (§35.3);
	// deeds is how many deeds the previous observation had seen.
	task  *Task
	count taskCount
	deeds int
	// rec records the episode's replay under Options.RecordDir.
	rec *recording
	// extra is what the binary answer's trailer says of the slot.
	extra extra
	// native: the episode's rules and mechanics are the session's, so
	// an action index plays its primitive without the parser.
	native bool
	// tick: the slot plays tick steps (§37.1), else command turns.
	// parser reads a tick step's reply (the slot's mechanics' verbs);
	// next is the primitive a step is to play, read before any slot
	// steps (nextText names it, nextOK says it is one); replies joins
	// the turn's primitives for the replay; ignored is the action a
	// paralysed cog did not use this step.
	tick     bool
	parser   reply.Parser
	next     c.Primitive
	nextText string
	nextOK   bool
	replies  sim.TickReplies
	ignored  string
	// written is what the slot's record in each region of shared memory
	// holds, for the parts left in place while unchanged.
	written [ShmRegions]recordHolds
	// failed says why the slot's next episode could not start (its
	// level script built no level for maxSkippedSeeds seeds in a row):
	// the step answers it and the slot waits for a reset.
	failed error
	// pad keeps neighbouring slots, which different workers update, off
	// each other's cache lines.
	_ [64]byte
}

// nextSeed is the seed of the slot's next episode: its first, then its
// episode's seed + the number of slots, so slots never share a seed.
func (sv *Server) nextSeed(sl *slot) uint64 {
	if sl.s == nil {
		return sl.first
	}
	return sl.s.Config().Seed + uint64(len(sv.slots))
}

// New makes a session.
// MaxEnvs bounds a session's slots: each episode holds about 110 KB, and
// a reset_all of 4096 builds them in a few seconds on two cores (issue
// 25: 65 536 took 78 s and 7.2 GB). Run more sessions for more.
const MaxEnvs = 4096

func New(opt Options) (*Server, error) {
	if opt.Envs < 1 || opt.Envs > MaxEnvs {
		return nil, fmt.Errorf("envs: must be 1 … %d, got %d", MaxEnvs, opt.Envs)
	}
	if opt.Rules == "" {
		opt.Rules = "cog"
	}
	if opt.Agent == "" {
		opt.Agent = "serve"
	}
	if _, err := taskOf(opt.Task); err != nil {
		return nil, err
	}
	if _, err := stepOf(opt.Step); err != nil {
		return nil, err
	}
	if !opt.Binary && (opt.Keys != nil || opt.Crop != 0 && opt.Crop != obs.DefaultCrop) {
		return nil, fmt.Errorf("keys: the observation's keys and crop shape the binary records (--binary); JSON observations carry every field")
	}
	sv := &Server{opt: opt, slots: make([]*slot, opt.Envs),
		crew: crew{linger: opt.Linger}, hasExtra: make([]bool, opt.Envs)}
	active := activeMechanics(opt.Rules, opt.Mechanics)
	sv.table = obs.NewActionTable(active)
	layout, err := obs.NewLayout(active, sv.table, opt.Keys, opt.Crop)
	if err != nil {
		return nil, err
	}
	sv.layout = layout
	sv.recordBytes = sv.layout.Size
	sv.recordEnd = layout.End()
	// One allocation for the slots: neighbours in memory.
	slots := make([]slot, opt.Envs)
	for i := range sv.slots {
		slots[i].first = opt.Seed + uint64(i)
		sv.slots[i] = &slots[i]
	}
	if opt.Shm != "" {
		if !opt.Binary {
			return nil, fmt.Errorf("shm: needs the binary framing")
		}
		if err := sv.mapShm(opt.Shm); err != nil {
			return nil, err
		}
	}
	return sv, nil
}

// request is any request, as either framing decodes it; which fields
// matter depends on Op.
type request struct {
	Op        string          `json:"op"`
	Env       *int            `json:"env"`
	Seed      *uint64         `json:"seed"`
	Rules     *string         `json:"rules"`
	Mechanics []string        `json:"mechanics"`
	Scenario  json.RawMessage `json:"scenario"`
	MaxTurns  int             `json:"maxTurns"`
	Reply     *string         `json:"reply"`
	Replies   []string        `json:"replies"`
	Task      *string         `json:"task"`
	Snapshot  string          `json:"snapshot"`
	Format    string          `json:"format"`
	Level     *string         `json:"level"`
	Dungeon   *string         `json:"dungeon"`
	Step      *string         `json:"step"`
	// Envs names the slots a reset_all resets or a step_some steps;
	// Seeds, beside a reset_all's Envs, each one's seed (null: its
	// next); Actions, a step_some's action indices.
	Envs    []int     `json:"envs"`
	Seeds   []*uint64 `json:"seeds"`
	Actions []int     `json:"actions"`

	// Only binary requests have these: a step's action index (index,
	// pointing at action), a step_all's action indices, and the slots
	// a step_all by replies restarts (nil: none). env and reply are
	// what Env and Reply point at in a binary request.
	index       *int
	actions     []int16
	restarts    []bool
	env, action int
	reply       string
	// rawSnapshot is a binary restore's snapshot (the frame's bytes).
	rawSnapshot []byte
}

// requestError is a bad request: the session answers it and goes on.
type requestError struct{ msg string }

func (e *requestError) Error() string { return e.msg }

// MaxReply bounds a step's reply, as an exec agent's line is bounded
// (protocol.MaxLine): a longer one is refused, the session going on, so
// that --record never writes a turn line longer than replay.MaxLine (a
// reply is escaped at most six bytes a byte; issue 34).
const MaxReply = 1 << 20

func bad(format string, args ...any) error { return &requestError{fmt.Sprintf(format, args...)} }

// errClosed ends the session after a close request.
var errClosed = errors.New("closed")

// Serve answers requests from r on w until EOF or a close request.
func (sv *Server) Serve(r io.Reader, w io.Writer) error {
	sv.out = bufio.NewWriterSize(w, 1<<20)
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		data, err := sv.readRequest(br)
		if err == io.EOF {
			return sv.out.Flush()
		}
		if err != nil {
			var re *requestError
			if errors.As(err, &re) {
				if werr := sv.writeError(re.msg); werr != nil {
					return werr
				}
				if strings.HasPrefix(re.msg, "frame:") {
					return sv.out.Flush() // the stream is out of step: stop
				}
				continue
			}
			return err
		}
		err = sv.handle(data)
		if err == errClosed {
			return sv.out.Flush()
		}
		var re *requestError
		if errors.As(err, &re) {
			err = sv.writeError(re.msg)
		}
		if err != nil {
			return err
		}
		if err := sv.out.Flush(); err != nil {
			return err
		}
	}
}

// readRequest reads one request: a line, or a length-prefixed frame.
func (sv *Server) readRequest(br *bufio.Reader) ([]byte, error) {
	if !sv.opt.Binary {
		for {
			line, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				// A line longer than the buffer: read it whole, bounded.
				long := append([]byte(nil), line...)
				for err == bufio.ErrBufferFull && len(long) <= MaxRequest {
					line, err = br.ReadSlice('\n')
					long = append(long, line...)
				}
				if len(long) > MaxRequest {
					for err == bufio.ErrBufferFull {
						_, err = br.ReadSlice('\n')
					}
					return nil, bad("request: longer than %d bytes", MaxRequest)
				}
				line = long
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			if t := bytes.TrimSpace(line); len(t) > 0 {
				return t, nil
			}
			if err == io.EOF {
				return nil, io.EOF
			}
		}
	}
	head := sv.head[:4] // the Server's: a local array would escape, an allocation a request
	if _, err := io.ReadFull(br, head); err != nil {
		if err == io.ErrUnexpectedEOF {
			return nil, bad("frame: truncated length")
		}
		return nil, err
	}
	n := binary.LittleEndian.Uint32(head)
	if n > MaxRequest {
		return nil, bad("frame: a request of %d bytes, more than %d", n, MaxRequest)
	}
	if cap(sv.frame) < int(n) {
		sv.frame = make([]byte, n)
	}
	buf := sv.frame[:n]
	if _, err := io.ReadFull(br, buf); err != nil {
		return nil, bad("frame: truncated request")
	}
	return buf, nil
}

// The binary requests' kind bytes (docs/serve.md): a frame that does not
// start with '{' is one of these.
const (
	binaryStep          = 's' // uint32 env, then the reply's bytes
	binaryStepAll       = 'a' // per env: uint16 length, then the reply's bytes
	binaryStepAction    = 'i' // uint32 env, int32 action index
	binaryStepAllAction = 'b' // per env: int16 action index
	binaryStepSome      = 'c' // uint32 m, then m × (uint32 env, int16 action index)
	binaryRestore       = 'r' // uint32 env, then the snapshot's bytes
)

// operations are the requests a session answers, by op, in the order
// its errors list them. Both framings decode a request into a
// [request] and answer it here: a binary step is the step operation,
// with its reply or action read from the frame.
var operations = []struct {
	op  string
	run func(sv *Server, req *request) error
}{
	{"reset", (*Server).opReset},
	{"reset_all", (*Server).opResetAll},
	{"step", (*Server).opStep},
	{"step_all", (*Server).opStepAll},
	{"step_some", (*Server).opStepSome},
	{"snapshot", (*Server).opSnapshot},
	{"restore", (*Server).opRestore},
	{"result", (*Server).opResult},
	{"render", (*Server).opRender},
	{"text", (*Server).opText},
	{"info", (*Server).opInfo},
	{"close", (*Server).opClose},
}

// handle answers one request: a JSON object, or in binary mode a frame
// of one of the binary kinds.
func (sv *Server) handle(data []byte) error {
	// One request at a time: its room is the session's.
	req := &sv.req
	*req = request{}
	if sv.opt.Binary && len(data) > 0 && data[0] != '{' {
		if err := sv.decodeBinary(data, req); err != nil {
			return err
		}
	} else if err := decodeJSON(data, req); err != nil {
		return err
	}
	for _, o := range operations {
		if o.op == req.Op {
			return o.run(sv, req)
		}
	}
	names := make([]string, len(operations))
	for k, o := range operations {
		names[k] = o.op
	}
	if req.Op == "" {
		return bad("op: missing (%s)", strings.Join(names, ", "))
	}
	return bad("op: unknown %q (%s)", req.Op, strings.Join(names, ", "))
}

// decodeJSON reads a JSON request into req, refusing unknown fields.
func decodeJSON(data []byte, req *request) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		return bad("request: %s", jsonProblem(err))
	}
	if dec.More() {
		return bad("request: data after the object")
	}
	return nil
}

// decodeBinary reads a binary step or step_all request into req. The
// replies are read in place: the sim copies what it keeps of a reply,
// and step_all clears them after its steps.
func (sv *Server) decodeBinary(data []byte, req *request) error {
	le := binary.LittleEndian
	switch data[0] {
	case binaryStep:
		if len(data) < 5 {
			return bad("request: a binary step needs an env")
		}
		req.env, req.reply = int(le.Uint32(data[1:])), unsafe.String(unsafe.SliceData(data[5:]), len(data)-5)
		req.Op, req.Env, req.Reply = "step", &req.env, &req.reply
	case binaryStepAction:
		if len(data) != 9 {
			return bad("request: a binary step by action is 9 bytes (kind, env, action), not %d", len(data))
		}
		req.env, req.action = int(le.Uint32(data[1:])), int(int32(le.Uint32(data[5:])))
		req.Op, req.Env, req.index = "step", &req.env, &req.action
	case binaryStepAllAction:
		n := len(sv.slots)
		if len(data) != 1+2*n {
			return bad("actions: %d bytes for %d envs (an int16 each)", len(data)-1, n)
		}
		if cap(sv.actions) < n {
			sv.actions = make([]int16, n)
		}
		actions := sv.actions[:n]
		for i := range actions {
			actions[i] = int16(le.Uint16(data[1+2*i:]))
		}
		req.Op, req.actions = "step_all", actions
	case binaryStepAll:
		rest := data[1:]
		if cap(sv.replies) < len(sv.slots) {
			sv.replies = make([]string, len(sv.slots))
		}
		replies := sv.replies[:len(sv.slots)]
		if len(sv.restarts) < len(sv.slots) {
			sv.restarts = make([]bool, len(sv.slots))
		}
		var restarts []bool // the slots to restart, when any
		for i := range replies {
			if len(rest) < 2 {
				return bad("replies: %d replies for %d envs", i, len(sv.slots))
			}
			n := int(le.Uint16(rest))
			if n == RestartReply {
				if restarts == nil {
					restarts = sv.restarts[:len(sv.slots)]
					clear(restarts) // what a refused request left
				}
				restarts[i], rest = true, rest[2:]
				continue
			}
			if len(rest) < 2+n {
				return bad("replies: reply %d is cut short", i)
			}
			replies[i] = unsafe.String(unsafe.SliceData(rest[2:]), n)
			rest = rest[2+n:]
		}
		if len(rest) > 0 {
			return bad("replies: more than %d replies", len(sv.slots))
		}
		req.Op, req.Replies, req.restarts = "step_all", replies, restarts
	case binaryStepSome:
		if len(data) < 5 {
			return bad("request: a binary step_some needs a count")
		}
		m := int(le.Uint32(data[1:]))
		if m < 1 || m > len(sv.slots) || len(data) != 5+6*m {
			return bad("envs: a binary step_some of %d envs is %d bytes (kind, count, 6 a env), not %d", m, 5+6*m, len(data))
		}
		req.Envs, req.Actions = make([]int, m), make([]int, m)
		for k := range m {
			at := 5 + 6*k
			req.Envs[k], req.Actions[k] = int(le.Uint32(data[at:])), int(int16(le.Uint16(data[at+4:])))
		}
		req.Op = "step_some"
	case binaryRestore:
		if len(data) < 5 {
			return bad("request: a binary restore needs an env")
		}
		req.env = int(le.Uint32(data[1:]))
		req.Op, req.Env, req.rawSnapshot = "restore", &req.env, data[5:]
	default:
		return bad("request: not JSON and no binary request kind (%q)", data[0])
	}
	return nil
}

func (sv *Server) opReset(req *request) error {
	sl, i, err := sv.slotOf(req.Env)
	if err != nil {
		return err
	}
	if err := sv.reset(sl, req, req.Seed); err != nil {
		return err
	}
	return sv.writeObservations([]int{i}, false, false)
}

// opResetAll resets every slot, or the slots Envs names (Gymnasium's
// reset_mask), and answers every slot's observation: the others' as
// they are (reward 0).
func (sv *Server) opResetAll(req *request) error {
	envs := sv.all()
	if req.Envs != nil {
		if err := sv.checkEnvs(req.Envs); err != nil {
			return err
		}
		envs = req.Envs
		for i, sl := range sv.slots {
			if sl.s == nil && !slices.Contains(envs, i) {
				return bad("env %d: no episode (reset it first): a reset_all of some envs answers every env", i)
			}
		}
	}
	if req.Seeds != nil && len(req.Seeds) != len(envs) {
		return bad("seeds: %d seeds for %d envs", len(req.Seeds), len(envs))
	}
	if req.Seeds != nil && req.Seed != nil {
		return bad("seeds: give seed or seeds, not both")
	}
	for k, i := range envs {
		var seed *uint64
		switch {
		case req.Seeds != nil:
			seed = req.Seeds[k]
		case req.Seed != nil:
			s := *req.Seed + uint64(i)
			seed = &s
		}
		if err := sv.reset(sv.slots[i], req, seed); err != nil {
			return bad("env %d: %v", i, err)
		}
	}
	return sv.writeObservations(sv.all(), true, false)
}

// checkEnvs refuses a list of slots that is empty, names a slot out of
// range or one twice.
func (sv *Server) checkEnvs(envs []int) error {
	if len(envs) == 0 {
		return bad("envs: none")
	}
	seen := make([]bool, len(sv.slots))
	for _, i := range envs {
		if i < 0 || i >= len(sv.slots) {
			return bad("envs: %d is out of range 0 … %d", i, len(sv.slots)-1)
		}
		if seen[i] {
			return bad("envs: %d twice", i)
		}
		seen[i] = true
	}
	return nil
}

// opStep plays a reply, or with a binary step by action an action of
// the session's list, in one slot.
func (sv *Server) opStep(req *request) error {
	sl, i, err := sv.slotOf(req.Env)
	if err != nil {
		return err
	}
	if a := req.index; a != nil {
		if *a < 0 || *a >= sv.table.Len() {
			return bad("action: %d is out of range 0 … %d (the session's actions)", *a, sv.table.Len()-1)
		}
		if err := sv.ready(i, sl); err != nil {
			return err
		}
		sv.stepAction(sl, *a)
		if err := sv.failures(); err != nil {
			return err
		}
		return sv.writeObservations([]int{i}, false, false)
	}
	if req.Reply == nil {
		return bad("reply: missing (a string)")
	}
	if len(*req.Reply) > MaxReply {
		return bad("reply: %d bytes, longer than %d (1 MiB)", len(*req.Reply), MaxReply)
	}
	if err := sv.ready(i, sl); err != nil {
		return err
	}
	if err := sl.prepareReply(i, *req.Reply); err != nil {
		return err
	}
	sv.step(sl, *req.Reply)
	if err := sv.failures(); err != nil {
		return err
	}
	return sv.writeObservations([]int{i}, false, false)
}

// opStepAll steps every slot: by replies, or with a binary step_all by
// actions by action indices; a binary one may restart slots.
func (sv *Server) opStepAll(req *request) error {
	if req.actions != nil {
		for i, a := range req.actions {
			if (a < 0 && a != RestartAction) || int(a) >= sv.table.Len() {
				return bad("actions: env %d: %d is out of range 0 … %d (the session's actions; %d: restart)", i, a, sv.table.Len()-1, RestartAction)
			}
		}
	} else {
		if len(req.Replies) != len(sv.slots) {
			return bad("replies: %d replies for %d envs", len(req.Replies), len(sv.slots))
		}
		for k, r := range req.Replies {
			if len(r) > MaxReply {
				return bad("replies[%d]: %d bytes, longer than %d (1 MiB)", k, len(r), MaxReply)
			}
		}
	}
	for i, sl := range sv.slots {
		if err := sv.ready(i, sl); err != nil {
			return err
		}
		if req.actions == nil && (req.restarts == nil || !req.restarts[i]) {
			if err := sl.prepareReply(i, req.Replies[i]); err != nil {
				return err
			}
		}
	}
	sv.stepAll(req.Replies, req.actions, req.restarts)
	clear(req.Replies) // a binary request's are the frame's bytes
	if err := sv.failures(); err != nil {
		return err
	}
	return sv.writeObservations(sv.all(), true, sv.opt.Binary)
}

// opStepSome steps the slots Envs names (EnvPool's send, §37.6): by
// action indices (Actions: RestartAction restarts) or replies, and
// answers their observations in that order.
func (sv *Server) opStepSome(req *request) error {
	if err := sv.checkEnvs(req.Envs); err != nil {
		return err
	}
	n := len(req.Envs)
	switch {
	case req.Actions != nil && req.Replies != nil:
		return bad("step_some: give actions or replies, not both")
	case req.Actions != nil:
		if len(req.Actions) != n {
			return bad("actions: %d actions for %d envs", len(req.Actions), n)
		}
		for k, a := range req.Actions {
			if (a < 0 && a != RestartAction) || a >= sv.table.Len() {
				return bad("actions: env %d: %d is out of range 0 … %d (the session's actions; %d: restart)", req.Envs[k], a, sv.table.Len()-1, RestartAction)
			}
		}
	case req.Replies != nil:
		if len(req.Replies) != n {
			return bad("replies: %d replies for %d envs", len(req.Replies), n)
		}
		for k, r := range req.Replies {
			if len(r) > MaxReply {
				return bad("replies[%d]: %d bytes, longer than %d (1 MiB)", k, len(r), MaxReply)
			}
		}
	default:
		return bad("step_some: actions or replies missing")
	}
	for k, i := range req.Envs {
		sl := sv.slots[i]
		if err := sv.ready(i, sl); err != nil {
			return err
		}
		if req.Replies != nil {
			if err := sl.prepareReply(i, req.Replies[k]); err != nil {
				return err
			}
		}
	}
	sv.stepSome(req.Envs, req.Replies, req.Actions)
	if err := sv.failures(); err != nil {
		return err
	}
	return sv.writeObservations(req.Envs, true, sv.opt.Binary)
}

func (sv *Server) opSnapshot(req *request) error {
	sl, i, err := sv.episodeOf(req.Env, " to snapshot")
	if err != nil {
		return err
	}
	// The packed form, this build's and fast (§37.7), unless the
	// portable JSON form is asked for.
	var b []byte
	switch req.Format {
	case "", "packed":
		b, err = sl.s.Pack(sv.snap[:0])
		sv.snap = b
	case "json":
		b, err = sl.s.Snapshot().MarshalBinary()
	default:
		return bad("format: must be \"packed\" or \"json\", got %q", req.Format)
	}
	if err != nil {
		return fmt.Errorf("env %d: %w", i, err)
	}
	if sv.opt.Binary {
		return sv.writeFrame('S', b)
	}
	return sv.writeJSON(map[string]any{"snapshot": base64.StdEncoding.EncodeToString(b)})
}

func (sv *Server) opRestore(req *request) error {
	sl, i, err := sv.slotOf(req.Env)
	if err != nil {
		return err
	}
	return sv.restore(i, sl, req, req.Snapshot)
}

func (sv *Server) opResult(req *request) error {
	sl, _, err := sv.episodeOf(req.Env, "")
	if err != nil {
		return err
	}
	return sv.writeJSON(map[string]any{"result": sl.s.Result(), "ended": sl.s.Done()})
}

func (sv *Server) opRender(req *request) error {
	sl, i, err := sv.slotOf(req.Env)
	if err != nil {
		return err
	}
	return sv.render(i, sl)
}

// opText answers slot I's observation text (§15): what a record
// without the map's characters or the message cannot say.
func (sv *Server) opText(req *request) error {
	sl, _, err := sv.episodeOf(req.Env, "")
	if err != nil {
		return err
	}
	return sv.writeJSON(map[string]string{"text": string(sl.s.Observe())})
}

func (sv *Server) opInfo(*request) error { return sv.writeJSON(sv.Info()) }

func (sv *Server) opClose(*request) error {
	if sv.opt.Binary {
		if err := sv.writeFrame('C', nil); err != nil {
			return err
		}
	} else if err := sv.writeJSON(map[string]bool{"closed": true}); err != nil {
		return err
	}
	return errClosed
}

// jsonProblem says what is wrong with a request's JSON, naming the field.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: must be %s, not %s", te.Field, te.Type, te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func (sv *Server) all() []int {
	if len(sv.work) != len(sv.slots) {
		sv.work = make([]int, len(sv.slots))
		for i := range sv.work {
			sv.work[i] = i
		}
	}
	return sv.work
}

func (sv *Server) slotOf(env *int) (*slot, int, error) {
	if env == nil {
		return nil, 0, bad("env: missing (0 … %d)", len(sv.slots)-1)
	}
	if *env < 0 || *env >= len(sv.slots) {
		return nil, 0, bad("env: %d is out of range 0 … %d", *env, len(sv.slots)-1)
	}
	return sv.slots[*env], *env, nil
}

// episodeOf is the request's slot, which must have an episode: for
// doing it (" to snapshot"), says the error otherwise.
func (sv *Server) episodeOf(env *int, doing string) (*slot, int, error) {
	sl, i, err := sv.slotOf(env)
	if err == nil && sl.s == nil {
		err = bad("env %d: no episode%s (reset it first)", i, doing)
	}
	return sl, i, err
}

// reset starts a new episode in sl: the request's rules, mechanics,
// scenario and clock, or the session's; seed, or the slot's next.
func (sv *Server) reset(sl *slot, req *request, seed *uint64) error {
	cfg := sim.Config{Rules: sv.opt.Rules, Mechanics: sv.opt.Mechanics, MaxTurns: sv.opt.MaxTurns, Agent: sv.opt.Agent, Strict: sv.opt.Strict}
	stepName := sv.opt.Step
	if req.Step != nil {
		stepName = *req.Step
	}
	tick, err := stepOf(stepName)
	if err != nil {
		return err
	}
	if req.Rules != nil {
		cfg.Rules = *req.Rules
	}
	if req.Mechanics != nil {
		cfg.Mechanics = req.Mechanics
	}
	if req.MaxTurns < 0 || req.MaxTurns > sim.MaxClockTurns {
		return bad("maxTurns: must be 1 … %d (0: the session's), got %d", sim.MaxClockTurns, req.MaxTurns)
	}
	if req.MaxTurns > 0 {
		cfg.MaxTurns = req.MaxTurns
	}
	taskName := sv.opt.Task
	if req.Task != nil {
		taskName = *req.Task
	}
	task, err := taskOf(taskName)
	if err != nil {
		return err
	}
	cfg.Goal = task.Goal
	scenarioText := ""
	if len(req.Scenario) > 0 && string(req.Scenario) != "null" {
		sc, err := scenario.Parse(req.Scenario)
		if err != nil {
			return bad("scenario: %v", err)
		}
		cfg.Scenario, scenarioText = sc, string(req.Scenario)
	}
	scripts, err := sv.configureScripts(&cfg, req)
	if err != nil {
		return err
	}
	key := fmt.Sprintf("%s|%q|%d|%s|%s%s", cfg.Rules, cfg.Mechanics, cfg.MaxTurns, task.Name, scenarioText, scripts)
	next := sv.nextSeed(sl)
	if seed != nil {
		next = *seed
	}
	cfg.Seed = next
	if sl.s != nil && sl.key == key {
		if err := sl.s.Reset(next); err != nil {
			// A level script that builds no level for this seed: the
			// slot's episode is gone with it.
			sl.s, sl.key = nil, ""
			return startError(&cfg, err)
		}
		sl.task, sl.tick = task, tick
		sv.begin(sl, false)
		return nil
	}
	sl.native = cfg.Rules == sv.opt.Rules && slices.Equal(cfg.Mechanics, sv.opt.Mechanics)
	if field, err := sim.CheckSelection(cfg.Rules, cfg.Mechanics); err != nil {
		return bad("%s: %v", field, err)
	}
	// The session reads the arrays; the text only when asked, between
	// turns.
	cfg.DeferText = true
	s, err := sim.New(cfg)
	if err != nil {
		return startError(&cfg, err)
	}
	sl.s, sl.key, sl.task, sl.tick = s, key, task, tick
	sl.parser.SetMechanics(s.State().Mechanics)
	sv.begin(sl, false)
	return nil
}

// recordHolds names parts of a record as last written: the pack arrays'
// version (obs.RecordFields.Pack), the map's key and the mask's; fields
// are the record's fields, made on its first write.
type recordHolds struct {
	pack   uint64
	m      obs.MapKey
	mask   obs.MaskKey
	fields obs.RecordFields
	made   bool
}

// begin starts the slot's rewards and deeds at its episode's current
// point: restored, or (not) a new episode.
func (sv *Server) begin(sl *slot, restored bool) {
	if sl.task == nil {
		sl.task = &Tasks[0]
	}
	sl.count.start(sl.task, sl.s, !restored)
	sl.deeds = len(sl.s.State().Run.Deeds.List)
	sl.replies.Clear()
	sl.ignored = ""
	sv.startRecording(sl, restored)
}

// reward is the task's reward since the slot's previous observation, and
// the deeds earned since then; it moves the slot on to now.
func (sl *slot) reward(xp, gold int) (r int, deeds []string) {
	r = sl.count.reward(sl.task, sl.s, xp, gold)
	if len(sl.s.State().Run.Deeds.List) > sl.deeds {
		deeds = sl.newDeeds()
	}
	return r, deeds
}

// newDeeds is the names of the deeds earned since the slot's previous
// observation; it moves the slot on to now.
func (sl *slot) newDeeds() (deeds []string) {
	list := sl.s.State().Run.Deeds.List
	for _, d := range list[sl.deeds:] {
		deeds = append(deeds, d.Name)
	}
	sl.deeds = len(list)
	return deeds
}

// ready checks a slot may step, starting its next episode when it ended
// and autoreset is on (the step's reply is then not played).
func (sv *Server) ready(i int, sl *slot) error {
	if sl.s == nil {
		return bad("env %d: no episode (reset it first)", i)
	}
	// Autoreset first: a step_all asks this of every slot, and Done
	// reads the slot's episode, out of cache in a big session.
	if !sv.opt.Autoreset && sl.s.Done() {
		return bad("env %d: the episode has ended (reset it, or serve with --autoreset)", i)
	}
	return nil
}

// step plays reply in sl, or starts its next episode when it ended. A
// slot of tick steps plays the primitive prepareReply read of it.
func (sv *Server) step(sl *slot, reply string) {
	if sl.s.Done() {
		sv.restart(sl)
		return
	}
	if sl.tick {
		sv.tickStep(sl, sl.next, sl.nextText, sl.nextOK)
		return
	}
	if sl.task.tick != nil {
		sl.tickTurn(sl.s.BeginTurn(reply))
	} else {
		sl.s.Turn(reply)
	}
	sv.recordTurn(sl, reply)
}

// prepareReply reads the reply slot i is to play as a tick step, before
// any slot steps: one primitive, no other token. A slot whose episode
// ended restarts instead (autoreset) and reads nothing.
func (sl *slot) prepareReply(i int, r string) error {
	if !sl.tick || sl.s.Done() {
		return nil
	}
	var q c.Queue
	ignored := sl.parser.Parse(r, &q)
	if q.Len != 1 || ignored != "" {
		what := map[int]string{0: "no primitive", 1: "1 primitive"}[q.Len]
		if q.Len > 1 {
			what = fmt.Sprintf("%d primitives", q.Len)
		}
		if ignored != "" {
			what = fmt.Sprintf("%s and the unknown %q", what, ignored)
		}
		return bad("env %d: reply: a tick step plays one primitive (reset with \"step\":\"turn\" for replies), and %q names %s", i, r, what)
	}
	sl.next, sl.nextText, sl.nextOK = q.Items[0], strings.TrimSpace(r), true
	return nil
}

// tickAction plays action a of the session's list in sl as a tick step.
// In a slot of other rules or mechanics the action's reply is read with
// the slot's verbs; one that names no primitive there (a verb of a
// mechanic the slot lacks) waits the tick, and is reported ignored.
func (sv *Server) tickAction(sl *slot, a int) {
	act := &sv.table.Actions[a]
	if sl.native {
		sv.tickStep(sl, act.Prim, act.Reply, true)
		return
	}
	var q c.Queue
	if ignored := sl.parser.Parse(act.Reply, &q); q.Len != 1 || ignored != "" {
		sv.tickStep(sl, act.Prim, act.Reply, false)
		return
	}
	sv.tickStep(sl, q.Items[0], act.Reply, true)
}

// tickStep plays primitive p, named text, as one tick step (§37.1) —
// or, when not ok (text names no primitive of the slot), a wait: the
// task sees the tick, an action the paralysed cog did not use (or could
// not) is reported ignored, and a recorded episode writes each command
// turn as the reply of its primitives (§37.2).
func (sv *Server) tickStep(sl *slot, p c.Primitive, text string, ok bool) {
	if !ok {
		p = c.Primitive{Op: c.OpWait}
	}
	used, ended := sl.s.TickStep(p)
	if used && ok {
		sl.ignored = ""
	} else {
		sl.ignored = text
	}
	if sl.task.tick != nil {
		sl.task.tick(&sl.count, sl.s)
	}
	if sl.rec != nil {
		if !ok {
			text = "wait"
		}
		sl.replies.Add(text, used)
		if ended {
			sv.recordTurn(sl, sl.replies.Turn())
		}
	}
}

// tickTurn runs the command turn begun (when began) a tick at a time,
// the slot's task seeing each tick's end.
func (sl *slot) tickTurn(began bool) {
	if !began {
		return
	}
	for {
		done := sl.s.TickTurn()
		sl.task.tick(&sl.count, sl.s)
		if done {
			return
		}
	}
}

// RestartAction, in a step_all by actions, and a reply of RestartReply
// bytes, in a step_all by replies, start the slot's next episode as an
// autoreset does (its next seed, the slot's settings), whether or not
// its episode ended: a client's own step limit (a Gymnasium TimeLimit)
// cuts episodes this way. A cut episode is not recorded.
const (
	RestartAction = -1
	RestartReply  = 0xffff
)

// maxSkippedSeeds bounds the seeds a restart passes over whose first
// level the slot's level script cannot build.
const maxSkippedSeeds = 100

// restart starts sl's next episode: its next seed, its settings. A seed
// whose first level the slot's level script cannot build is passed over
// for the next of the slot's sequence, up to maxSkippedSeeds; past them
// the slot fails (slot.failed).
func (sv *Server) restart(sl *slot) {
	var err error
	for range maxSkippedSeeds {
		if err = sl.s.Reset(sv.nextSeed(sl)); err == nil {
			sv.begin(sl, false)
			return
		}
		if sl.s.Config().Level == nil {
			panic("serve: the slot's configuration stopped working: " + err.Error())
		}
	}
	sl.failed = err
	sv.failed.Store(true)
}

// failures answers the slots whose next episode could not start
// (slot.failed) with an error naming the first, and leaves them without
// an episode, to be reset; nil when none failed.
func (sv *Server) failures() error {
	if !sv.failed.Load() {
		return nil
	}
	sv.failed.Store(false)
	var first error
	for i, sl := range sv.slots {
		if sl.failed == nil {
			continue
		}
		if first == nil {
			first = bad("env %d: level: its next episode could not start, %d seeds in a row (reset it): %v", i, maxSkippedSeeds, sl.failed)
		}
		sl.s, sl.key, sl.failed = nil, "", nil
	}
	return first
}

// stepAction plays action a of the session's list in sl, or starts its
// next episode when it ended. An episode of other rules or mechanics
// than the session's plays the action's reply.
func (sv *Server) stepAction(sl *slot, a int) {
	if sl.s.Done() || a == RestartAction {
		sv.restart(sl)
		return
	}
	if sl.tick {
		if sl.native { // most steps: tickAction's first case, without its call
			act := &sv.table.Actions[a]
			sv.tickStep(sl, act.Prim, act.Reply, true)
			return
		}
		sv.tickAction(sl, a)
		return
	}
	switch {
	case sl.task.tick != nil:
		// The task sees each tick: the action's reply, the same turn.
		sl.tickTurn(sl.s.BeginTurn(sv.table.Actions[a].Reply))
	case sl.native:
		obs.TurnAction(sl.s, sv.table, a)
	default:
		sl.s.Turn(sv.table.Actions[a].Reply)
	}
	sv.recordTurn(sl, sv.table.Actions[a].Reply)
}

// stepAll steps every slot — slot i plays replies[i], or action
// actions[i] when replies is nil, or restarts when restarts (if not nil)
// says so — and, in binary mode, encodes its
// record into the answer, on all cores when there are many: slots are
// independent episodes and records, so the order does not matter.
// Workers (the serving goroutine and the crew's helpers) take blocks of
// neighbouring slots from a shared counter, so that an autoreset (tens
// of steps' work) does not leave one core idle.
func (sv *Server) stepAll(replies []string, actions []int16, restarts []bool) {
	n := len(sv.slots)
	if sv.opt.Binary {
		sv.records(n)
	}
	sv.parallel(n, func(i int) {
		if restarts != nil && restarts[i] {
			sv.restart(sv.slots[i])
		} else if replies != nil {
			sv.step(sv.slots[i], replies[i])
		} else {
			sv.stepAction(sv.slots[i], int(actions[i]))
		}
		if sv.opt.Binary && sv.slots[i].failed == nil {
			sv.encode(i, sv.record(i, i))
		}
	})
}

// stepSome steps the slots envs (the k-th plays replies[k], or actions[k]
// when replies is nil) and, in binary mode, encodes the k-th record of
// the answer, as stepAll does.
func (sv *Server) stepSome(envs []int, replies []string, actions []int) {
	if sv.opt.Binary {
		sv.records(len(envs))
	}
	sv.parallel(len(envs), func(k int) {
		i := envs[k]
		if replies != nil {
			sv.step(sv.slots[i], replies[k])
		} else {
			sv.stepAction(sv.slots[i], actions[k])
		}
		if sv.opt.Binary && sv.slots[i].failed == nil {
			sv.encode(i, sv.record(k, i))
		}
	})
}

// parallel runs one(k) for k in 0 … n−1, on all cores when there are
// many: workers (the serving goroutine and the crew's helpers) take
// blocks of neighbouring k from a shared counter, so that an autoreset
// (tens of steps' work) does not leave one core idle.
func (sv *Server) parallel(n int, one func(k int)) {
	// Blocks of 4: 16 slots make two workers' work.
	const block = 4
	workers := min(runtime.GOMAXPROCS(0), n/(2*block))
	if workers <= 1 {
		for i := range n {
			one(i)
		}
		return
	}
	var next atomic.Int64
	sv.crew.run(workers, func() {
		for {
			end := int(next.Add(block))
			for i := end - block; i < min(end, n); i++ {
				one(i)
			}
			if end >= n {
				return
			}
		}
	})
}

// restore puts slot i at the snapshot's point: a snapshot of this
// session (base64 in JSON, raw in binary) or of any episode with the same
// seed, rules and mechanics — which makes it this slot's episode.
func (sv *Server) restore(i int, sl *slot, req *request, data string) error {
	raw := req.rawSnapshot
	if raw == nil {
		if data == "" {
			return bad("snapshot: missing")
		}
		var err error
		if raw, err = base64.StdEncoding.DecodeString(data); err != nil {
			return bad("snapshot: not base64: %v", err)
		}
	}
	if len(raw) == 0 {
		return bad("snapshot: missing")
	}
	tick := sl.tick
	if sl.s == nil {
		tick, _ = stepOf(sv.opt.Step)
	}
	if req.Step != nil {
		var err error
		if tick, err = stepOf(*req.Step); err != nil {
			return err
		}
	}
	tickRefused := bad("snapshot: taken between the tick steps of a command turn: restore it into a slot of tick steps (\"step\":\"tick\")")
	var snap *sim.Snapshot
	if sim.IsPacked(raw) {
		if !tick {
			in, err := sim.PackedInTickTurn(raw)
			if err != nil {
				return bad("%v", err)
			}
			if in {
				return tickRefused
			}
		}
		if sl.s != nil && sl.key != "" {
			// A snapshot this session packed, of the slot's
			// configuration: put in place, as fast as it was taken.
			ok, err := sl.s.RestorePacked(raw)
			if err != nil {
				return bad("%v", err)
			}
			if ok {
				sl.tick = tick
				sv.begin(sl, true)
				return sv.writeObservations([]int{i}, false, false)
			}
		}
		var err error
		if snap, _, err = sim.UnpackSnapshot(raw); err != nil {
			return bad("%v", err)
		}
	} else {
		snap = &sim.Snapshot{}
		if err := snap.UnmarshalBinary(raw); err != nil {
			return bad("snapshot: %v", err)
		}
	}
	if snap.TickTurn != nil && !tick {
		return tickRefused
	}
	s, err := sim.FromSnapshot(snap)
	if err != nil {
		return bad("snapshot: %v", err)
	}
	// A restored episode's configuration is the snapshot's: the next
	// reset builds a new world.
	// Its rewards are the slot's task's, unless the snapshot's goal says
	// it was another's.
	sl.s, sl.key, sl.task, sl.tick = s, "restored", taskWithGoal(snap.Goal, sl.task), tick
	sl.parser.SetMechanics(s.State().Mechanics)
	sv.begin(sl, true)
	cfg := s.Config()
	sl.native = cfg.Rules == sv.opt.Rules && slices.Equal(cfg.Mechanics, sv.opt.Mechanics)
	return sv.writeObservations([]int{i}, false, false)
}

// render answers a picture of slot i's observation (§35.5): a JSON
// {"rgb": base64, "height": H, "width": W}, or in binary an 'R' frame of
// uint32 height, uint32 width and the H·W·3 bytes.
func (sv *Server) render(i int, sl *slot) error {
	if sl.s == nil {
		return bad("env %d: no episode to render (reset it first)", i)
	}
	if sv.painter == nil {
		p, err := picture.New()
		if err != nil {
			return err
		}
		sv.painter = p
	}
	p := sv.painter
	pix := p.Draw(sl.s)
	h, w := p.Height(), p.Width()
	if !sv.opt.Binary {
		return sv.writeJSON(map[string]any{"rgb": base64.StdEncoding.EncodeToString(pix), "height": h, "width": w})
	}
	var head [13]byte
	binary.LittleEndian.PutUint32(head[:4], uint32(1+8+len(pix)))
	head[4] = 'R'
	binary.LittleEndian.PutUint32(head[5:], uint32(h))
	binary.LittleEndian.PutUint32(head[9:], uint32(w))
	if _, err := sv.out.Write(head[:]); err != nil {
		return err
	}
	_, err := sv.out.Write(pix)
	return err
}
