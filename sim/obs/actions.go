package obs

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
)

// Action is one entry of the canonical action list (§35.1): a reply of
// one primitive, and that primitive, read once so that playing it by
// index skips the parser.
type Action struct {
	Reply string
	Prim  c.Primitive
	// Verb is the verb table's row the action comes from.
	Verb *c.Verb
	// classes is the bit set of Verb.Classes, all ones for any class
	// (FillMask's).
	classes [4]uint64
}

// ActionTable is the canonical action list of an episode's rules and
// mechanics, derived from the verb table (§32.3, §35.1).
type ActionTable struct {
	Actions []Action
	// plan is how FillMask walks Actions (NewActionTable's).
	plan *maskPlan
}

// maskPlan groups an action list for FillMask: the letter verbs' runs,
// each letter's entries side by side, and every other action.
type maskPlan struct {
	letters []letterRun
	rest    []restAction
}

// restAction is an action outside the letter runs, as FillMask decides
// it: by its kind, of what arg names (a direction, or a letter 0…25).
type restAction struct {
	k         uint16
	kind, arg uint8
}

// The kinds of a restAction.
const (
	restAlways = iota // an action that can always be tried
	restMove
	restKick
	restChat
	restPickup
	restDescend
	restLetter // a letter verb outside a whole run
)

// letterRun is a letter verb's actions: from start, per letter a…z,
// width entries (1, or 9 with an aim).
type letterRun struct {
	start, width int
	classes      [4]uint64
}

// planMask groups t's actions for FillMask.
func planMask(t *ActionTable) *maskPlan {
	p := &maskPlan{}
	for k := 0; k < len(t.Actions); {
		a := &t.Actions[k]
		width := 0
		switch a.Verb.Arg {
		case c.ArgLetter:
			width = 1
		case c.ArgLetterAim:
			width = len(actionDirs) + 1
		}
		n := width * len(c.Letters)
		if width > 0 && a.Prim.Letter == 'a' && k+n <= len(t.Actions) && t.Actions[k+n-1].Verb == a.Verb &&
			t.Actions[k+n-1].Prim.Letter == 'z' {
			p.letters = append(p.letters, letterRun{start: k, width: width, classes: a.classes})
			k += n
			continue
		}
		p.rest = append(p.rest, planRest(k, a))
		k++
	}
	return p
}

// planRest is how FillMask decides action k, a.
func planRest(k int, a *Action) restAction {
	r := restAction{k: uint16(k), arg: uint8(a.Prim.Dir)}
	switch a.Prim.Op {
	case c.OpMove:
		r.kind = restMove
	case c.OpKick:
		r.kind = restKick
	case c.OpChat:
		r.kind = restChat
	case c.OpPickup:
		r.kind = restPickup
	case c.OpDescend:
		r.kind = restDescend
	default:
		switch a.Verb.Arg {
		case c.ArgLetter, c.ArgLetterAim:
			r.kind, r.arg = restLetter, a.Prim.Letter-'a' // past z: never held
		default:
			r.kind = restAlways
		}
	}
	return r
}

// actionDirs are the directions in the order the action list writes
// them: n ne e se s sw w nw.
var actionDirs = [8]c.Dir{c.North, c.NorthEast, c.East, c.SouthEast, c.South, c.SouthWest, c.West, c.NorthWest}

// NewActionTable derives the action list of an episode whose installed
// mechanics are named in active (the variant's included), in the verb
// table's order: for each verb, its replies by argument shape — the word
// alone (no argument, or a count: once); the word with each direction
// word in the order n ne e se s sw w nw (the move verb: the direction
// words alone, but south is "move s", as "s" alone is search, §14); the
// word with each letter a…z; the word with each letter and then each
// direction word and ">". For the core game that is the 8 moves,
// search, wait, pickup, descend, eat/quaff/wield/wear/drop by letter
// (§29's 142, but for "move s", which §29 wrote "s", a search), then
// kick and chat in each
// direction and inventory: 159 actions.
func NewActionTable(active []string) *ActionTable {
	t := &ActionTable{}
	add := func(v *c.Verb, reply string, p c.Primitive) {
		p.Op = v.Op
		var classes [4]uint64
		for _, cl := range v.Classes {
			classes[cl>>6] |= 1 << (cl & 63)
		}
		if len(v.Classes) == 0 {
			classes = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		}
		t.Actions = append(t.Actions, Action{Reply: reply, Prim: p, Verb: v, classes: classes})
	}
	for _, v := range c.ActiveVerbs(active) {
		switch v.Arg {
		case c.ArgNone, c.ArgCount:
			add(v, v.Word, c.Primitive{})
		case c.ArgDir:
			for _, d := range actionDirs {
				if _, taken := c.LookupVerb(d.String()); v.Op == c.OpMove && !taken {
					add(v, d.String(), c.Primitive{Dir: d})
				} else if v.Op == c.OpMove {
					// "s" alone is search (§14): south is "move s".
					add(v, v.Word+" s", c.Primitive{Dir: d})
				} else {
					add(v, v.Word+" "+d.String(), c.Primitive{Dir: d})
				}
			}
		case c.ArgLetter:
			for i := range len(c.Letters) {
				add(v, v.Word+" "+c.Letters[i:i+1], c.Primitive{Letter: c.Letters[i]})
			}
		case c.ArgLetterAim:
			for i := range len(c.Letters) {
				l := c.Letters[i]
				for _, d := range actionDirs {
					add(v, v.Word+" "+c.Letters[i:i+1]+" "+d.String(), c.Primitive{Letter: l, Dir: d, Aim: c.AimDir})
				}
				add(v, v.Word+" "+c.Letters[i:i+1]+" >", c.Primitive{Letter: l, Aim: c.AimDown})
			}
		}
	}
	t.plan = planMask(t)
	return t
}

// Replies is the action list as reply strings.
func (t *ActionTable) Replies() []string {
	out := make([]string, len(t.Actions))
	for i, a := range t.Actions {
		out[i] = a.Reply
	}
	return out
}

// Len is the number of actions.
func (t *ActionTable) Len() int { return len(t.Actions) }

// TurnAction runs one command turn of action i of t in s: the same turn
// as s.Turn(t.Actions[i].Reply), without reading the reply. It reports
// false when i is out of range (nothing happens then).
func TurnAction(s *sim.Sim, t *ActionTable, i int) bool {
	if i < 0 || i >= len(t.Actions) {
		return false
	}
	s.TurnPrimitive(t.Actions[i].Prim)
	return true
}

// FillMask writes into dst (one byte an action of t, at least t.Len())
// 1 for each action that can do something now and 0 for the others
// (§35.1):
//   - a move: the cell that way is on the map and not a wall or solid
//     rock the cog remembers, nor lava it remembers (unless it is
//     confused), nor a peaceful creature it sees (the Oracle);
//   - search, wait, inventory and a verb without an argument: always;
//   - pickup: something lies on the cog's cell; descend: the cog stands
//     on the stairs;
//   - a letter verb: the letter is in the pack, of one of the verb's
//     classes when it names any (drop and a mechanic's verb without
//     classes: any item); with an aim, every aim of such a letter;
//   - kick: a closed door the cog has seen, or a creature the cog sees
//     that is not peaceful, that way, unless the cog is Weak or worse;
//     chat: a creature the cog sees that way.
//
// Once the episode is over every entry is 0.
func (en *Encoder) FillMask(s *sim.Sim, t *ActionTable, dst []byte) { en.FillMaskKeyed(s, t, dst, nil) }

// MaskKey names an action mask as FillMask writes it: equal keys, of any
// Encoder of the process, are equal masks. The zero key names none.
type MaskKey struct {
	table *ActionTable
	// pack is the version of the pack's classes (maskCache); near what
	// lies each way (bit 0
	// a move, 1 a kick, 2 a chat); here what the cog's cell allows (bit
	// 0 pickup, 1 descend); live that the episode goes on.
	pack uint64
	near [len(c.Dirs)]uint8
	here uint8
	live bool
}

// FillMaskKeyed is FillMask for a place that may hold a mask already:
// with key not nil, key names what dst holds now, and when that is the
// mask dst is left as it is; key is then set to the mask's.
func (en *Encoder) FillMaskKeyed(s *sim.Sim, t *ActionTable, dst []byte, key *MaskKey) {
	e := en.sync(s)
	cog := e.Run.Cog
	en.fillMask(s, t, dst, key, e.Nutrition.Get(cog).Weak(), e.Status.Get(cog).Confused(e.Clock.Tick+1))
}

// fillMask is FillMaskKeyed with the pack's arrays refreshed and what
// the cog's state says: whether it is Weak or worse (it cannot kick) and
// confused on the next tick (its step goes any way), as the status line
// has them ([sim.Sim.Frame]).
func (en *Encoder) fillMask(s *sim.Sim, t *ActionTable, dst []byte, key *MaskKey, weak, confused bool) {
	e := s.State()
	dst = dst[:len(t.Actions)]
	mc := &en.mask
	packed := mc.packed
	mc.packed = false
	if s.Done() {
		if key != nil {
			if *key == (MaskKey{table: t}) {
				return
			}
			*key = MaskKey{table: t}
		}
		clear(dst)
		return
	}
	cog := e.Run.Cog
	at := e.CogPos()
	lv := e.Level
	if !packed {
		mc.refresh(e, &en.versions)
	}
	now := MaskKey{table: t, pack: mc.version, live: true}
	for d := range now.near {
		p := at.Add(c.Dir(d))
		if !p.In() {
			continue
		}
		i := p.Index()
		m := lv.Creatures.EntityAt(i)
		seen := !m.IsZero() && m != cog && e.Vision.Rect.Contains(p)
		// A peaceful creature (the Oracle) stops a step or a kick.
		peaceful := false
		if seen {
			if mon := e.Monster.Get(m); mon != nil {
				peaceful = mon.Species.Info().Has(c.Peaceful)
			}
		}
		move := passableAsRemembered(lv, p) && !peaceful && (confused || lv.MemTerrain[i] != c.Lava.Glyph())
		kick := !weak && (closedDoorRemembered(lv, p) || seen && !peaceful)
		now.near[d] = b2u8(move) | b2u8(kick)<<1 | b2u8(seen)<<2
	}
	now.here = b2u8(lv.FloorItems.Count(at) > 0) | b2u8(at == lv.Stairs)<<1
	if key != nil {
		if now == *key {
			return
		}
		*key = now
	}
	plan := t.plan
	if plan == nil {
		plan = planMask(t) // a table not made by NewActionTable
	}
	// The letter runs change only with the pack's classes: they are kept
	// for the classes' version.
	classes := &mc.classes
	if mc.table != t || mc.lettersOf != mc.version || len(mc.letters) != len(dst) {
		mc.table, mc.lettersOf = t, mc.version
		mc.letters = append(mc.letters[:0], make([]byte, len(dst))...)
		for _, run := range plan.letters {
			for l, cl := range classes {
				ok := b2u8(cl != InvEmptyClass && run.classes[cl>>6]&(1<<(cl&63)) != 0)
				at := run.start + l*run.width
				for j := at; j < at+run.width; j++ {
					mc.letters[j] = ok
				}
			}
		}
	}
	copy(dst, mc.letters)
	near := &now.near
	for _, r := range plan.rest {
		ok := false
		switch r.kind {
		case restMove:
			ok = near[r.arg]&1 != 0
		case restKick:
			ok = near[r.arg]&2 != 0
		case restChat:
			ok = near[r.arg]&4 != 0
		case restPickup:
			ok = now.here&1 != 0
		case restDescend:
			ok = now.here&2 != 0
		case restLetter:
			if l := int(r.arg); l < len(classes) && classes[l] != InvEmptyClass {
				cl := classes[l]
				ok = t.Actions[r.k].classes[cl>>6]&(1<<(cl&63)) != 0
			}
		default:
			ok = true
		}
		dst[r.k] = b2u8(ok)
	}
}

// maskCache is what the mask reads of the pack — each slot's item class
// ([InvEmptyClass] when empty), numbered by version as it changes, kept
// for the inventory it was read from — and the mask's letter runs for
// one table and those classes (lettersOf their version), the rest of the
// mask zero.
type maskCache struct {
	// packed says the classes were just taken from the pack's arrays
	// (fromPack), for the next mask.
	packed    bool
	valid     bool
	inv       c.Inventory
	classes   [InvSlots]byte
	version   uint64
	table     *ActionTable
	lettersOf uint64
	letters   []byte
}

// fromPack takes the classes of the pack's arrays, just refreshed, for
// the next mask: their version is the arrays' (which changes more often
// than the classes do, and as often as the pack).
func (mc *maskCache) fromPack(pa *packArrays) {
	mc.packed = true
	if mc.version != pa.version {
		mc.classes, mc.version = pa.classes, pa.version
		mc.valid = false // the next refresh reads the pack again
	}
}

// refresh reads the pack's classes anew if the pack changed.
func (mc *maskCache) refresh(e *sim.State, v *versions) {
	inv := e.Inventory.Get(e.Run.Cog)
	if mc.valid && sameBytes(&mc.inv, inv) {
		return
	}
	mc.valid, mc.inv = true, *inv
	for i := range inv.Slots {
		mc.classes[i] = InvEmptyClass
		if st := &inv.Slots[i]; !st.Empty() {
			mc.classes[i] = byte(st.Kind.Info().Class)
		}
	}
	mc.version = v.take()
}

// passableAsRemembered reports whether the cog may step onto p as far as
// it knows: not a remembered wall or solid rock.
func passableAsRemembered(lv *c.Level, p c.Pos) bool {
	switch lv.MemTerrain[p.Index()] {
	case c.VWall.Glyph(), c.HWall.Glyph():
		return false
	}
	return true
}

// closedDoorRemembered reports whether p is a closed or locked door the
// cog has seen.
func closedDoorRemembered(lv *c.Level, p c.Pos) bool {
	i := p.Index()
	t := lv.Terrain[i]
	return (t == c.ClosedDoor || t == c.LockedDoor) && lv.MemTerrain[i] != 0
}

// b2u8 is 1 for true, 0 for false.
func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// SeenCells is the number of cells of s's current level the cog
// remembers seeing: what the Scout task counts (§35.3).
func SeenCells(s *sim.Sim) int {
	n := 0
	for _, g := range s.State().Level.MemTerrain {
		if g != 0 {
			n++
		}
	}
	return n
}
