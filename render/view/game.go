package view

import (
	"bytes"
	"fmt"
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// Game is what every mode of play shares: the episode, the message log
// model, what the cog remembers of the items it saw, and the replay being
// recorded. It plays primitives (Step) and says what a person is told
// around them ("You see here …"); it draws nothing.
type Game struct {
	Sim  *sim.Sim
	Log  MsgLog
	opts PlayOptions
	// items are the names of the items the cog last saw on each cell.
	items itemMemory
	// rec records the game as a replay, one primitive a command turn
	// (nil when it is not recorded); revived says wizard mode brought the
	// cog back, which no replay can show.
	rec     *Recording
	revived bool
	// maxTicks is the clock's length in ticks.
	maxTicks int
	line     []byte
}

// newGame wraps s; with rec set the game is recorded (Record, Resume).
func newGame(s *sim.Sim, o PlayOptions) *Game {
	g := &Game{Sim: s, opts: o}
	clock := s.State().Clock
	g.maxTicks = clock.MaxTurns * clock.TurnTicks
	for _, m := range o.Log {
		g.Log.Add(0, m)
	}
	if o.Recording != nil {
		g.rec, g.maxTicks = o.Recording, clock.MaxTurns
	}
	g.remember()
	return g
}

// Step performs one primitive: one tick (§22). A recorded game plays it
// as a command turn of one primitive, which is one tick. The tick's
// messages go to the log, and "You see here …" when the cog stepped onto
// items.
func (g *Game) Step(prim c.Primitive) {
	e := g.Sim.State()
	from := e.CogPos()
	if g.rec != nil && !g.revived {
		// A command turn of the one primitive, recorded as the reply
		// that names it.
		g.Sim.TurnPrimitive(prim)
		if err := g.rec.rec.Played(PrimitiveString(prim)); err != nil {
			g.rec = nil
		}
	} else {
		g.Sim.Step(prim)
	}
	g.remember()
	if msg, tick := e.Log.Last(); tick == e.Clock.Tick && len(msg) > 0 {
		g.Log.Add(tick, string(msg))
	}
	if e.CogPos() != from && !g.Sim.Done() {
		if here := g.HereLine(); here != "" {
			g.Say(here)
		}
	}
}

// Say adds the front end's own message to the log at the current tick.
func (g *Game) Say(msg string) { g.Log.Add(g.Sim.State().Clock.Tick, msg) }

// TickMessages are the messages of the tick just played, the front
// end's ("You see here …") with the game's, or "".
func (g *Game) TickMessages() string {
	tick := g.Tick()
	es := g.Log.Entries()
	i := len(es)
	for i > 0 && es[i-1].Tick == tick && tick > 0 {
		i--
	}
	var parts []string
	for _, e := range es[i:] {
		parts = append(parts, e.Text)
	}
	return strings.Join(parts, "  ")
}

// Tick is the episode's tick.
func (g *Game) Tick() int { return g.Sim.State().Clock.Tick }

// HereLine is what a person is told of the items under the cog: "You
// see here a dagger.", "You see here 12 gold pieces and a smoky potion.",
// "There are 4 objects here.", or "" for none.
func (g *Game) HereLine() string {
	names := g.ItemsHere()
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "You see here " + names[0] + "."
	case 2:
		return "You see here " + names[0] + " and " + names[1] + "."
	}
	return fmt.Sprintf("There are %d objects here.", len(names))
}

// ItemsHere names the items on the cog's cell, top first.
func (g *Game) ItemsHere() []string {
	e := g.Sim.State()
	var out []string
	ents := e.ItemsAt(nil, e.CogPos())
	for i := len(ents) - 1; i >= 0; i-- {
		it := e.Item.Get(ents[i])
		out = append(out, string(e.Knowledge.AppendName(nil, it.Kind, it.Count, it.Spe)))
	}
	return out
}

// LookHere is ':': the items under the cog and what the cell is.
func (g *Game) LookHere() string {
	e := g.Sim.State()
	q := e.CogPos()
	where := ""
	switch t := e.Level.Terrain[q.Index()]; {
	case t == c.Stairs:
		where = "There is a staircase down here."
	case g.knownDoorAt(q):
		where = "There is " + terrainName(t, t.Glyph()) + " here."
	}
	here := g.HereLine()
	switch {
	case here == "" && where == "":
		return "You see no objects here."
	case here == "":
		return where + "  You see no objects here."
	case where == "":
		return here
	}
	return where + "  " + here
}

// knownDoorAt reports whether the cog knows q for a door or a doorway.
func (g *Game) knownDoorAt(q c.Pos) bool {
	l := g.Sim.State().Level
	m := l.MemTerrain[q.Index()]
	switch t := l.Terrain[q.Index()]; t {
	case c.Doorway, c.BrokenDoor, c.OpenDoor, c.ClosedDoor, c.LockedDoor:
		return m != 0 && t.Glyph() == m
	}
	return false
}

// Revive is wizard mode's "Die? n": the cog lives on. The replay stops
// there: no replay can show it.
func (g *Game) Revive() {
	g.Sim.Revive()
	g.revived = true
}

// Replay is the game's replay so far (JSON lines, §21), or nil when the
// game is not recorded or wizard mode revived the cog.
func (g *Game) Replay() []byte {
	if g.rec == nil || g.revived {
		return nil
	}
	return g.rec.buf.Bytes()
}

// EndReplay writes the replay's result line once the game is over.
func (g *Game) EndReplay() []byte {
	if g.rec == nil || g.revived {
		return nil
	}
	if !g.rec.ended {
		if err := g.rec.rec.Finish(); err != nil {
			return nil
		}
		g.rec.ended = true
	}
	return g.rec.buf.Bytes()
}

// StatusLine is §15's status line with the clock in ticks, as a person
// plays it: "Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:12/2200"; the hp never
// reads below 0.
func (g *Game) StatusLine() string {
	st := g.Status()
	g.line = text.AppendStatus(g.line[:0], &st)
	return string(g.line)
}

// Status is the status line's fields as play shows them.
func (g *Game) Status() text.Status {
	st := g.Sim.Frame().Status
	st.MaxTicks = g.maxTicks
	st.HP = max(st.HP, 0)
	return st
}

// InventoryLines lists the pack as NetHack's inventory does: the gold,
// then "a - a dagger (weapon in hand)" …
func (g *Game) InventoryLines() []string {
	e := g.Sim.State()
	cog := e.Run.Cog
	var out []string
	if n := e.Purse.Get(cog).Gold; n > 0 {
		out = append(out, fmt.Sprintf("$ - %d gold piece%s", n, map[bool]string{true: "", false: "s"}[n == 1]))
	}
	inv := e.Inventory.Get(cog)
	for i := range inv.Slots {
		if !inv.Slots[i].Empty() {
			g.line = c.AppendStack(g.line[:0], inv, e.Knowledge, i)
			out = append(out, string(g.line))
		}
	}
	return out
}

// inventoryOf lists the pack lines whose letters are in letters.
func (g *Game) inventoryOf(letters string) []string {
	var out []string
	for _, line := range g.InventoryLines() {
		if len(line) > 0 && strings.IndexByte(letters, line[0]) >= 0 {
			out = append(out, line)
		}
	}
	return out
}

// letters lists the inventory letters binding b's prompt offers.
func (g *Game) letters(b *Binding) string {
	e := g.Sim.State()
	inv := e.Inventory.Get(e.Run.Cog)
	var out []byte
	for i, sl := range inv.Slots {
		if !sl.Empty() && b.offers(sl.Kind.Info().Class) {
			out = append(out, c.Letters[i])
		}
	}
	return string(out)
}

// has reports whether the pack has an item under letter ch.
func (g *Game) has(ch byte) bool {
	e := g.Sim.State()
	inv := e.Inventory.Get(e.Run.Cog)
	for i, sl := range inv.Slots {
		if c.Letters[i] == ch {
			return !sl.Empty()
		}
	}
	return false
}

// Recording is a person's game recorded as a replay (§21) that verifies:
// the episode's clock counts command turns of one primitive each, so one
// key is one turn and one tick, and `cogsim replay --verify` replays it.
type Recording struct {
	rec   *replay.Recorder
	buf   bytes.Buffer
	ended bool
}

// Bytes is the replay so far.
func (r *Recording) Bytes() []byte { return r.buf.Bytes() }

// HumanConfig is cfg as a recorded person's game is played: the clock
// of cfg's rules (or scenario) counted in ticks, MaxTurns × TurnTicks
// command turns of one tick each.
func HumanConfig(cfg sim.Config) (sim.Config, error) {
	r, err := cfg.Resolve()
	if err != nil {
		return cfg, err
	}
	cfg.MaxTurns = r.MaxTicks
	return cfg, nil
}

// NewRecorded starts a person's game of cfg (HumanConfig) recorded from
// its first observation.
func NewRecorded(cfg sim.Config) (*sim.Sim, *Recording, error) {
	cfg, err := HumanConfig(cfg)
	if err != nil {
		return nil, nil, err
	}
	s, err := sim.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	r := &Recording{}
	r.rec, err = replay.NewRecorder(s, &r.buf)
	if err != nil {
		return nil, nil, err
	}
	return s, r, nil
}

// ResumeRecording carries on recording the game s restored from a save
// whose replay so far was data (§24: the save keeps it).
func ResumeRecording(s *sim.Sim, data []byte) (*Recording, error) {
	rep, err := replay.ReadUnfinished(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	r := &Recording{}
	r.buf.Write(data)
	r.rec = replay.ResumeRecorder(s, &r.buf, len(rep.Turns))
	return r, nil
}
