// Package protocol plays an episode with an outside agent over JSON lines
// (§20): the env writes an observation per command turn, the agent answers
// with {"reply": "..."}; the env writes {"type":"end",...} when the
// episode is over. A line that is not JSON, has no string reply, or is
// longer than MaxLine counts as an unusable reply (forty ticks of waiting
// and "Unusable reply."); the env never exits on bad input. EOF from the
// agent ends the episode with cause "disconnected". A line that names
// (by "env" and "turn") another message than the observation awaited is
// stray, and dropped.
package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/replay"
)

// MaxLine bounds a reply line; longer lines are unusable.
const MaxLine = 1 << 20

// Causes of an episode cut short by its agent.
const (
	CauseDisconnected = play.CauseDisconnected
	CauseTimeout      = play.CauseTimeout
)

// Observation is the env's message for each command turn: §20's fields
// and §29's (glyphs, stats, reward, terminated, truncated, unusable,
// ignored), the same message `cogsim serve` sends.
type Observation = obs.Observation

// End is the env's last message: the result and the final observation's
// text, turn, tick and reward (the change of score in the last turn).
type End struct {
	Type       string     `json:"type"`
	Env        *int       `json:"env,omitempty"`
	Result     sim.Result `json:"result"`
	Text       string     `json:"text"`
	Turn       int        `json:"turn"`
	Tick       int        `json:"tick"`
	Reward     int        `json:"reward"`
	Terminated bool       `json:"terminated"`
	Truncated  bool       `json:"truncated"`
}

// ParseReply reads an agent's line: the reply, or ok false when the line
// is unusable — not JSON, no string reply, or binary (bytes that are not
// UTF-8, which JSON's decoder would quietly turn into U+FFFD).
func ParseReply(line []byte) (reply string, ok bool) {
	if !utf8.Valid(line) {
		return "", false
	}
	var msg struct {
		Reply *string `json:"reply"`
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&msg); err != nil || msg.Reply == nil {
		return "", false
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", false // trailing data after the object
	}
	return *msg.Reply, true
}

// Names reads what an agent's line says it answers: the numbers in its
// reply object's "env" and "turn" fields, copied from the message it
// answers (nil when the line does not name one, or not as an integer).
func Names(line []byte) (env, turn *int) {
	var msg struct {
		Env  json.RawMessage `json:"env"`
		Turn json.RawMessage `json:"turn"`
	}
	if json.Unmarshal(line, &msg) != nil {
		return nil, nil
	}
	return number(msg.Env), number(msg.Turn)
}

// number is the JSON integer raw, or nil.
func number(raw json.RawMessage) *int {
	n, err := strconv.Atoi(string(raw))
	if err != nil {
		return nil
	}
	return &n
}

// Lines reads lines of at most max bytes; a longer line is returned as
// too long, its rest skipped.
type Lines struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// NewLines reads lines from r.
func NewLines(r io.Reader, max int) *Lines {
	return &Lines{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// ErrTooLong marks a line longer than the limit.
var ErrTooLong = errors.New("line too long")

// Next returns the next line without its newline. At the end of the input
// it returns io.EOF (a last line without newline is returned first).
func (l *Lines) Next() ([]byte, error) {
	l.buf = l.buf[:0]
	tooLong := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !tooLong {
			l.buf = append(l.buf, chunk...)
			if len(l.buf) > l.max+1 {
				tooLong, l.buf = true, l.buf[:0]
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			if tooLong {
				return nil, ErrTooLong
			}
			if len(l.buf) == 0 {
				return nil, io.EOF
			}
			return l.buf, nil
		case err != nil:
			return nil, err
		}
		if tooLong {
			return nil, ErrTooLong
		}
		return bytes.TrimRight(l.buf, "\r\n"), nil
	}
}

// Conn is the env's side of one agent connection: it writes the
// observations and the end message.
type Conn struct {
	Sim *sim.Sim
	out *bufio.Writer
	// Env, when set, numbers the episode in its messages (persistent
	// agents, §30).
	Env *int
	// score is the score at the last observation sent, for the reward.
	score int
	// turn is the turn of the last observation sent, the one awaiting
	// its reply.
	turn int
	// enc writes the observations.
	enc obs.Encoder
}

// NewConn plays s against the agent writing to w.
func NewConn(s *sim.Sim, w io.Writer) *Conn {
	return &Conn{Sim: s, out: bufio.NewWriter(w)}
}

// Send writes the current observation, or the end message once the
// episode is over (res, when not nil, is its result: a model's adds its
// tokens).
func (c *Conn) Send() error { return c.SendEnd(nil) }

// SendEnd is Send with the end message's result res (nil: the
// episode's).
func (c *Conn) SendEnd(res *sim.Result) error {
	var v any
	s := c.Sim
	if s.Done() {
		e := s.State()
		if res == nil {
			r := s.Result()
			res = &r
		}
		v = End{Type: "end", Env: c.Env, Result: *res, Text: string(s.Observe()), Turn: e.Clock.Turn, Tick: e.Clock.Tick,
			Reward: s.State().Score() - c.score, Terminated: obs.Terminated(s), Truncated: obs.Truncated(s)}
	} else {
		o := c.enc.Observation(s, c.score)
		o.Env = c.Env
		c.turn = o.Turn
		v = o
	}
	c.score = s.State().Score()
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := c.out.Write(b); err != nil {
		return err
	}
	return c.out.Flush()
}

// Stray reports whether the agent's line answers another message than
// the observation awaiting its reply: it names (see [Names]) another
// turn, or another episode than the one numbered by Env — the end of an
// earlier episode, or an observation already answered. Such a line is
// no reply: it is dropped, plays no turn and is counted nowhere, and the
// reply is still awaited. A line that names nothing is the reply, in
// order, as it always was.
func (c *Conn) Stray(line []byte) bool {
	env, turn := Names(line)
	return env != nil && c.Env != nil && *env != *c.Env || turn != nil && *turn != c.turn
}

// Stdio is an agent speaking the protocol over a reader and a writer
// (cogsim agent's stdin and stdout): EOF or a broken pipe ends the
// episode as disconnected, after which the end message is still
// written.
type Stdio struct {
	c     *Conn
	in    io.Reader
	out   io.Writer
	lines *Lines
}

// NewStdio is the agent reading its lines from in and its messages
// written to out.
func NewStdio(in io.Reader, out io.Writer) *Stdio {
	return &Stdio{in: in, out: out, lines: NewLines(in, MaxLine)}
}

// Reset implements play.Agent.
func (a *Stdio) Reset(_ context.Context, s *sim.Sim, _ int) error {
	a.c = NewConn(s, a.out)
	return nil
}

// Reply implements play.Agent.
func (a *Stdio) Reply(context.Context, *sim.Sim) (play.Reply, error) {
	if err := a.c.Send(); err != nil {
		return play.Reply{Gone: CauseDisconnected}, nil
	}
	line, err := a.lines.Next()
	for err == nil && a.c.Stray(line) {
		line, err = a.lines.Next()
	}
	switch {
	case err == ErrTooLong:
		line = nil
	case err != nil: // EOF or a broken pipe
		return play.Reply{Gone: CauseDisconnected}, nil
	}
	return ReplyOf(line), nil
}

// End implements play.Ender: the end message, written whatever came
// before.
func (a *Stdio) End(_ context.Context, _ *sim.Sim, res *sim.Result) error {
	_ = a.c.SendEnd(res)
	return nil
}

// Close implements play.Agent.
func (a *Stdio) Close() error { return nil }

// Serve plays the whole episode over in and out (see [Stdio]),
// recording it with rec when that is not nil: it returns when the
// episode is over (end message written) or the agent hung up.
func Serve(s *sim.Sim, in io.Reader, out io.Writer, rec *replay.Recorder) (sim.Result, error) {
	res, err := play.Run(context.Background(), s, NewStdio(in, out), 0, observers(rec)...)
	if err != nil {
		res = s.Result()
	}
	return res, err
}
