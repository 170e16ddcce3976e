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
	// locked are the doors the cog found locked on this level (a move
	// into one said so); refused is why the last primitive was not
	// sent (a move the cog knows does nothing), "" when it was.
	locked  lockedDoors
	refused string
}

// lockedDoors are the doors of one level the cog knows are locked.
type lockedDoors struct {
	depth int
	at    [c.N]bool
}

// newGame wraps s; with rec set the game is recorded (Record, Resume).
func newGame(s *sim.Sim, o PlayOptions) *Game {
	g := &Game{Sim: s, opts: o}
	clock := s.State().Clock
	g.maxTicks = clock.MaxTurns * clock.TurnTicks
	for i, m := range o.Log {
		tick := 0
		if i < len(o.LogTicks) {
			tick = o.LogTicks[i]
		}
		g.Log.Add(tick, m)
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
// items. A primitive the cog knows does nothing (NoOp) is not sent: it
// reports false, Refused says why, and no tick passes.
func (g *Game) Step(prim c.Primitive) bool {
	g.refused = g.NoOp(prim)
	if g.refused != "" {
		g.Say(g.refused)
		return false
	}
	e := g.Sim.State()
	// A paralysed cog acts when it can again: the ticks until then pass
	// first, one wait each (NetHack's helplessness takes no keys).
	for !g.Sim.Done() && e.Status.Get(e.Run.Cog).Paralysed(e.Clock.Tick+1) {
		g.play(c.Primitive{Op: c.OpWait})
	}
	if g.Sim.Done() {
		return true
	}
	from := e.CogPos()
	g.play(prim)
	g.remember()
	if e.CogPos() != from && !g.Sim.Done() {
		if here := g.HereLine(); here != "" {
			g.Say(here)
		}
	}
	g.noteLocked(prim, from)
	return true
}

// play plays one primitive, recorded as a command turn when the game is
// recorded, and logs the tick's messages.
func (g *Game) play(prim c.Primitive) {
	e := g.Sim.State()
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
	if msg, tick := e.Log.Last(); tick == e.Clock.Tick && len(msg) > 0 {
		g.Log.Add(tick, string(msg))
	}
}

// Refused is why the last primitive was not sent, or "".
func (g *Game) Refused() string { return g.refused }

// NoOp says why primitive prim would do nothing but spend its tick, by
// what the cog knows (NetHack's mention_walls, which charges no time for
// these): a step into a wall, solid rock, lava or a door it found
// locked, a diagonal step into or out of a doorway, a step into the
// Oracle; a pickup with nothing here; going down off the stairs. It is
// "" when prim may do something, and always when the cog is confused
// (its step goes anywhere), paralysed, stuck or in a pit (the game says
// so, and the tick passes).
func (g *Game) NoOp(prim c.Primitive) string {
	e := g.Sim.State()
	t := e.Clock.Tick + 1
	st := e.Status.Get(e.Run.Cog)
	if st.Confused(t) || st.Paralysed(t) || st.Stuck(t) || st.Trapped(t) {
		return ""
	}
	l := e.Level
	from := e.CogPos()
	switch prim.Op {
	case c.OpPickup:
		if len(e.ItemsAt(nil, from)) == 0 {
			return "There is nothing here to pick up."
		}
	case c.OpDescend:
		if l.Terrain[from.Index()] != c.Stairs {
			return "You can't go down here."
		}
	case c.OpMove:
		to := from.Add(prim.Dir)
		if !to.In() {
			return "It's solid stone."
		}
		if m, ok := l.Creatures.At(to); ok && e.Vision.Contains(to) {
			if peaceful(g, m) {
				return "You stop. " + capital(describeMonster(g, m, l.Creatures.Glyph(to))) + " is in your way."
			}
			return ""
		}
		switch memGlyph(g, to) {
		case '|', '-':
			return "It's a wall."
		case ' ':
			return "It's solid stone."
		case '}':
			return "You refuse to step into the lava."
		case '+':
			if g.knownLocked(to) {
				return "This door is locked."
			}
		case '\'':
			if prim.Dir.Diagonal() {
				return "You can't move diagonally into an intact doorway."
			}
		}
		if prim.Dir.Diagonal() && l.Terrain[from.Index()].BlocksDiagonal() {
			return "You can't move diagonally out of an intact doorway."
		}
	}
	return ""
}

// noteLocked remembers the door a step from from found locked.
func (g *Game) noteLocked(prim c.Primitive, from c.Pos) {
	e := g.Sim.State()
	if g.locked.depth != e.Level.Depth {
		g.locked = lockedDoors{depth: e.Level.Depth}
	}
	if prim.Op != c.OpMove || e.Status.Get(e.Run.Cog).Confused(e.Clock.Tick) {
		return
	}
	if msg, tick := e.Log.Last(); tick == e.Clock.Tick && strings.Contains(string(msg), "This door is locked.") {
		if to := from.Add(prim.Dir); to.In() {
			g.locked.at[to.Index()] = true
		}
	}
}

// knownLocked reports whether the cog found the door at q locked (and
// it still looks shut).
func (g *Game) knownLocked(q c.Pos) bool {
	return g.locked.depth == g.Sim.State().Level.Depth && g.locked.at[q.Index()] && memGlyph(g, q) == '+'
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

// ItemsHere names the items on the cog's cell, top first; the gold of
// several piles is counted once, where its top pile lies ("86 gold
// pieces", as NetHack merges gold on a square).
func (g *Game) ItemsHere() []string { return g.itemNames(g.Sim.State().CogPos()) }

// itemNames names the items on cell q, top first, its gold summed.
func (g *Game) itemNames(q c.Pos) []string {
	e := g.Sim.State()
	ents := e.ItemsAt(nil, q)
	gold := 0
	for _, ent := range ents {
		if it := e.Item.Get(ent); it.Kind == c.Gold {
			gold += it.Count
		}
	}
	var out []string
	for i := len(ents) - 1; i >= 0; i-- {
		it := e.Item.Get(ents[i])
		switch {
		case it.Kind != c.Gold:
			out = append(out, string(e.Knowledge.AppendName(nil, it.Kind, it.Count, it.Spe)))
		case gold > 0:
			out = append(out, string(e.Knowledge.AppendName(nil, it.Kind, gold, 0)))
			gold = 0
		}
	}
	return out
}

// onlyGoldHere reports whether the cog's cell holds items, all gold.
func (g *Game) onlyGoldHere() bool {
	e := g.Sim.State()
	ents := e.ItemsAt(nil, e.CogPos())
	for _, ent := range ents {
		if e.Item.Get(ent).Kind != c.Gold {
			return false
		}
	}
	return len(ents) > 0
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
// then "a - a dagger (weapon in hand)" … (§15's stacks, one home
// formatting both).
func (g *Game) InventoryLines() []string { return g.inventory(false) }

// InventoryDetails are InventoryLines with what the cog knows of each
// kind's figures (DCSS's item descriptions), for the inventory panel and
// menus: "a - a dagger (weapon in hand) [damage 2-5, to-hit +1]".
func (g *Game) InventoryDetails() []string { return g.inventory(true) }

func (g *Game) inventory(figures bool) []string {
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
			line := string(g.line)
			if figures {
				line += Figures(inv.Slots[i].Kind, e.Knowledge)
			}
			out = append(out, line)
		}
	}
	return out
}

// Figures are the numbers of item kind k the cog knows (§5, §7, §10),
// for the inventory: a weapon's damage (1 + rnd(die)) and to-hit bonus,
// an armour's AC bonus, a food's nutrition; nothing for a kind not
// identified.
func Figures(k c.ItemKind, kn *c.Knowledge) string {
	info := k.Info()
	switch {
	case !kn.Known(k):
		return ""
	case info.Class == c.WeaponClass && info.Die > 0:
		return fmt.Sprintf(" [damage 2-%d, to-hit %+d]", info.Die+1, info.HitBonus)
	case info.Class == c.ArmourClass && info.ArmourBonus > 0:
		return fmt.Sprintf(" [AC +%d]", info.ArmourBonus)
	case info.Class == c.FoodClass && info.Nutrition > 0:
		return fmt.Sprintf(" [%d nutrition]", info.Nutrition)
	}
	return ""
}

// Discoveries lists the item kinds the cog has identified, with their
// appearance (NetHack's \): "potion of healing (smoky)".
func (g *Game) Discoveries() []string {
	kn := g.Sim.State().Knowledge
	var out []string
	for i := range c.ItemKinds {
		k := c.ItemKind(i)
		if kn.Drawn[k] && kn.Identified[k] {
			out = append(out, fmt.Sprintf("%s (%s)", k.Info().Name, kn.AppearanceOf(k)))
		}
	}
	return out
}

// inventoryOf lists the pack lines whose letters are in letters.
func (g *Game) inventoryOf(letters string) []string {
	var out []string
	for _, line := range g.InventoryDetails() {
		if len(line) > 0 && strings.IndexByte(letters, line[0]) >= 0 {
			out = append(out, line)
		}
	}
	return out
}

// letters lists the inventory letters binding b's prompt offers: not
// the weapon in hand to wield, nor the armour worn to wear.
func (g *Game) letters(b *Binding) string {
	e := g.Sim.State()
	inv := e.Inventory.Get(e.Run.Cog)
	var out []byte
	for i, sl := range inv.Slots {
		if sl.Empty() || !b.offers(sl.Kind.Info().Class) ||
			b.Prim.Op == c.OpWield && i == inv.Wielded || b.Prim.Op == c.OpWear && i == inv.Worn {
			continue
		}
		out = append(out, c.Letters[i])
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
// command turns of one tick each — a turn is one tick even when the cog
// cannot act (paralysed), so the game ends at the clock's last tick.
func HumanConfig(cfg sim.Config) (sim.Config, error) {
	r, err := cfg.Resolve()
	if err != nil {
		return cfg, err
	}
	cfg.MaxTurns, cfg.TurnTicks = r.MaxTicks, 1
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
