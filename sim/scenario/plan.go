package scenario

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/worldgen"
)

// Plan is a checked scenario laid out (§19): the level — terrain, rooms,
// components — the cog's cell, and what the file puts where, each list
// in the order an episode creates it: the map's glyphs first, then the
// file's entries.
type Plan struct {
	Level c.Level
	Cog   c.Pos
	// Monsters' hit points 0 are drawn when the episode is built.
	Monsters []worldgen.MonsterSpawn
	Items    []Item
	Traps    []Trap
	// Inventory replaces the cog's starting pack; nil keeps it.
	Inventory *c.Inventory
	// DrawSpe lists the pack's slots whose spe the file leaves out:
	// their Spe is drawn as generated when the episode is built (§39.5).
	DrawSpe []int

	sc *Scenario
}

// Item is a stack lying on a cell. DrawSpe says the file leaves its spe
// out (a map glyph always does): its Spe is drawn as generated when the
// episode is built (§39.5).
type Item struct {
	Stack   c.Stack
	At      c.Pos
	DrawSpe bool
}

// Trap is a trap on a cell; a trap not hidden is found from the start.
type Trap struct {
	Kind   c.TrapKind
	At     c.Pos
	Hidden bool
}

// Plan checks the scenario and lays out its level, section by section
// of the file. A depth left out becomes 1 (in the scenario, and so in
// its encoding).
func (sc *Scenario) Plan() (*Plan, error) {
	if sc.Depth == 0 {
		sc.Depth = 1
	}
	p := &Plan{sc: sc}
	for _, section := range []func() error{
		sc.checkDepth, p.layMap, p.placeDoors, p.placeMonsters, p.placeItems,
		p.placeTraps, p.checkCells, sc.Cog.check, sc.checkMechanics, sc.Clock.check,
	} {
		if err := section(); err != nil {
			return nil, err
		}
	}
	p.Inventory, p.DrawSpe = sc.Cog.inventory()
	return p, nil
}

func (sc *Scenario) checkDepth() error {
	if sc.Depth < 1 || sc.Depth > MaxDepth {
		return fmt.Errorf("depth: %d is out of range 1…%d", sc.Depth, MaxDepth)
	}
	return nil
}

// layMap lays the map's glyphs (§4) on the level, then makes its doors,
// rooms and components.
func (p *Plan) layMap() error {
	sc := p.sc
	if len(sc.Map) == 0 {
		return errors.New("map: missing (a list of up to 18 rows)")
	}
	if len(sc.Map) > c.H {
		return fmt.Errorf("map: %d rows, at most %d", len(sc.Map), c.H)
	}
	lvl := &p.Level
	lvl.Depth = sc.Depth
	lvl.Stairs = c.Pos{X: -1, Y: -1}
	cogs := 0
	for y, row := range sc.Map {
		if err := p.layRow(y, row); err != nil {
			return err
		}
		cogs += strings.Count(row, "@")
	}
	if cogs != 1 {
		return fmt.Errorf("map: needs exactly one '@' (the cog), found %d", cogs)
	}
	worldgen.ClassifyDoors(lvl)
	worldgen.FindRooms(lvl, sc.Lit == nil || *sc.Lit)
	worldgen.AssignComponents(lvl)
	return nil
}

// layRow lays map row y.
func (p *Plan) layRow(y int, row string) error {
	if !utf8.ValidString(row) {
		return fmt.Errorf("map row %d: not valid UTF-8", y)
	}
	if len(row) > c.W {
		return fmt.Errorf("map row %d: %d characters, at most %d", y, len(row), c.W)
	}
	for x := 0; x < len(row); x++ {
		g := row[x]
		if g >= utf8.RuneSelf {
			// Glyphs are ASCII; every character before this one was
			// one byte, so x is its column.
			r, _ := utf8.DecodeRuneInString(row[x:])
			return fmt.Errorf("map row %d col %d: unknown glyph %q (%U): map glyphs are ASCII (§4)", y, x, r, r)
		}
		if g != ' ' && (x == 0 || y == 0 || x == c.W-1 || y == c.H-1) {
			return fmt.Errorf("map row %d col %d: %q on the border ring, which must stay rock", y, x, g)
		}
		if err := p.layGlyph(c.Pos{X: x, Y: y}, g); err != nil {
			return err
		}
	}
	return nil
}

// layGlyph lays glyph g at cell at: its terrain, or floor under the cog,
// a trap of the first kind, or the first species or item kind drawn so.
func (p *Plan) layGlyph(at c.Pos, g byte) error {
	lvl := &p.Level
	i := at.Index()
	if t, ok := c.TerrainByGlyph(g); ok {
		// The first kind drawn so: '.' is floor, '+' a closed door.
		lvl.Terrain[i] = t
		if t == c.Stairs {
			lvl.Stairs = at
		}
		return nil
	}
	if g == 'S' {
		lvl.Terrain[i] = c.SecretDoorV
		return nil
	}
	lvl.Terrain[i] = c.Floor
	if g == '@' {
		p.Cog = at
		return nil
	}
	if g == '^' {
		p.Traps = append(p.Traps, Trap{Kind: 0, At: at})
		return nil
	}
	if s, ok := c.SpeciesByGlyph(g); ok {
		p.Monsters = append(p.Monsters, worldgen.MonsterSpawn{Species: s, At: at})
		return nil
	}
	if k, ok := c.ItemByGlyph(g); ok {
		n := 1
		if k == c.Gold {
			n = 10
		}
		p.Items = append(p.Items, Item{Stack: c.Stack{Kind: k, Count: n}, At: at, DrawSpe: true})
		return nil
	}
	return fmt.Errorf("map row %d col %d: unknown glyph %q", at.Y, at.X, g)
}

var doorStates = map[string]c.Terrain{
	"locked": c.LockedDoor, "closed": c.ClosedDoor, "open": c.OpenDoor,
	"broken": c.BrokenDoor, "doorway": c.Doorway, "secret": c.SecretDoorV,
}

// placeDoors sets the doors entries' states.
func (p *Plan) placeDoors() error {
	for i, d := range p.sc.Doors {
		if err := p.placeDoor(fmt.Sprintf("doors[%d]", i), d); err != nil {
			return err
		}
	}
	return nil
}

func (p *Plan) placeDoor(field string, d Thing) error {
	lvl := &p.Level
	at, err := cellOf(field, d.At)
	if err != nil {
		return err
	}
	if t := lvl.At(at); !t.IsDoor() && !t.IsWall() && t != c.Floor {
		return fmt.Errorf("%s.at: (%d, %d) is %s, not a wall, floor or door", field, at.X, at.Y, t.Name())
	}
	t, ok := doorStates[d.State]
	if !ok {
		return fmt.Errorf("%s.state: unknown door state %q (locked, closed, open, broken, doorway, secret)", field, d.State)
	}
	// A creature or an item may stand in a doorway one can pass (open,
	// broken, doorless), as in NetHack; never in a shut or secret door,
	// and no trap in any door.
	if what := p.holds(at); what != "" && (!t.Walkable() || what == "a trap") {
		return fmt.Errorf("%s.at: (%d, %d) holds %s on the map; a %s door goes on an empty cell", field, at.X, at.Y, what, d.State)
	}
	if t == c.SecretDoorV && (lvl.At(at.Add(c.East)) == c.HWall || lvl.At(at.Add(c.West)) == c.HWall) {
		t = c.SecretDoorH
	}
	lvl.Terrain[at.Index()] = t
	return nil
}

// holds names what the map put at cell at (the cog, a monster, an item,
// a trap), or "".
func (p *Plan) holds(at c.Pos) string {
	switch {
	case p.Cog == at:
		return "the cog"
	case slices.ContainsFunc(p.Monsters, func(m worldgen.MonsterSpawn) bool { return m.At == at }):
		return "a monster"
	case slices.ContainsFunc(p.Items, func(it Item) bool { return it.At == at }):
		return "an item"
	case slices.ContainsFunc(p.Traps, func(t Trap) bool { return t.At == at }):
		return "a trap"
	}
	return ""
}

// placeMonsters adds the monsters entries.
func (p *Plan) placeMonsters() error {
	for i, m := range p.sc.Monsters {
		field := fmt.Sprintf("monsters[%d]", i)
		at, err := p.floorCell(field, m.At)
		if err != nil {
			return err
		}
		s, ok := c.LookupSpecies(m.Species)
		if !ok {
			return fmt.Errorf("%s.species: unknown species %q", field, m.Species)
		}
		if m.HP < 0 {
			return fmt.Errorf("%s.hp: %d is negative", field, m.HP)
		}
		p.Monsters = append(p.Monsters, worldgen.MonsterSpawn{Species: s, At: at, HP: m.HP})
	}
	return nil
}

// placeItems adds the items entries.
func (p *Plan) placeItems() error {
	for i, it := range p.sc.Items {
		field := fmt.Sprintf("items[%d]", i)
		at, err := p.floorCell(field, it.At)
		if err != nil {
			return err
		}
		k, ok := c.LookupItem(it.Kind)
		if !ok {
			return fmt.Errorf("%s.kind: unknown item %q", field, it.Kind)
		}
		n, err := count(field, it.Count)
		if err != nil {
			return err
		}
		if n > 1 && k != c.Gold && !k.Stackable() { // gold's count is its amount
			return fmt.Errorf("%s.count: %s never stacks (an entry for each)", field, it.Kind)
		}
		item := Item{Stack: c.Stack{Kind: k, Count: n}, At: at, DrawSpe: it.Spe == nil}
		if it.Spe != nil {
			item.Stack.Spe = *it.Spe
		}
		p.Items = append(p.Items, item)
	}
	return nil
}

// placeTraps adds the traps entries.
func (p *Plan) placeTraps() error {
	for i, t := range p.sc.Traps {
		field := fmt.Sprintf("traps[%d]", i)
		at, err := p.floorCell(field, t.At)
		if err != nil {
			return err
		}
		if p.Level.At(at) == c.Stairs {
			return fmt.Errorf("%s.at: (%d, %d) is the staircase; no trap may be placed on the stairs", field, at.X, at.Y)
		}
		k, ok := c.LookupTrap(t.Kind)
		if !ok {
			return fmt.Errorf("%s.kind: unknown trap %q", field, t.Kind)
		}
		p.Traps = append(p.Traps, Trap{Kind: k, At: at, Hidden: t.Hidden != nil && *t.Hidden})
	}
	return nil
}

// checkCells refuses two monsters on a cell, or one on the cog's, and
// two traps on a cell.
func (p *Plan) checkCells() error {
	fromMap := len(p.Monsters) - len(p.sc.Monsters) // the map's monster glyphs come first
	seen := map[c.Pos]bool{p.Cog: true}
	for i, m := range p.Monsters {
		if seen[m.At] {
			// Only a monsters entry can land on a taken cell (a map
			// glyph has its cell to itself): name it as the file does.
			return fmt.Errorf("monsters[%d]: (%d, %d) is already occupied", i-fromMap, m.At.X, m.At.Y)
		}
		seen[m.At] = true
	}
	traps := map[c.Pos]bool{}
	for i, t := range p.Traps {
		if traps[t.At] {
			return fmt.Errorf("traps[%d]: (%d, %d) holds a trap already", i, t.At.X, t.At.Y)
		}
		traps[t.At] = true
	}
	return nil
}

// checkMechanics refuses a mechanics entry naming no mechanic, or one
// that takes no scenario state.
func (sc *Scenario) checkMechanics() error {
	for _, name := range slices.Sorted(maps.Keys(sc.Mechanics)) {
		m, ok := ecs.LookupMechanic(name)
		if !ok {
			return fmt.Errorf("mechanics.%s: unknown mechanic %q (known: %s)", name, name, strings.Join(ecs.MechanicNames(), ", "))
		}
		if m.Scenario == nil {
			return fmt.Errorf("mechanics.%s: the mechanic %s takes no scenario state", name, name)
		}
	}
	return nil
}

// check refuses a clock out of range; a nil clock keeps the rules'.
func (ck *Clock) check() error {
	if ck == nil {
		return nil
	}
	if ck.MaxTurns < 0 || ck.MaxTurns > MaxClockTurns {
		return fmt.Errorf("clock.maxTurns: %d is out of range 1…%d", ck.MaxTurns, MaxClockTurns)
	}
	if ck.TurnTicks < 0 || ck.TurnTicks > c.MaxQueue {
		return fmt.Errorf("clock.turnTicks: %d is out of range 1…%d", ck.TurnTicks, c.MaxQueue)
	}
	return nil
}

// CheckActive refuses a scenario thing whose kind a mechanic brings that
// the episode, installing the mechanics named, does not install: it
// would lie there without its rules. So is a mechanics entry of a
// mechanic not installed.
func (p *Plan) CheckActive(installed []string) error {
	for _, name := range slices.Sorted(maps.Keys(p.sc.Mechanics)) {
		if !slices.Contains(installed, name) {
			return fmt.Errorf("mechanics.%s: the episode does not install the mechanic %s (--mechanics %s)", name, name, name)
		}
	}
	need := func(field, name, mechanic string) error {
		if c.ActiveIn(mechanic, installed) {
			return nil
		}
		return fmt.Errorf("%s: %s needs the mechanic %s (--mechanics %s)", field, name, mechanic, mechanic)
	}
	if cg := p.sc.Cog; cg != nil {
		for i, st := range cg.Inventory {
			k, _ := c.LookupItem(st.Kind)
			if err := need(fmt.Sprintf("cog.inventory[%d].kind", i), k.Info().Name, k.Info().Mechanic); err != nil {
				return err
			}
		}
	}
	for i, m := range p.Monsters {
		if err := need(fmt.Sprintf("monsters[%d].species", i), m.Species.Info().Name, m.Species.Info().Mechanic); err != nil {
			return err
		}
	}
	for i, it := range p.Items {
		if err := need(fmt.Sprintf("items[%d].kind", i), it.Stack.Kind.Info().Name, it.Stack.Kind.Info().Mechanic); err != nil {
			return err
		}
	}
	for i, t := range p.Traps {
		if err := need(fmt.Sprintf("traps[%d].kind", i), t.Kind.Info().Name, t.Kind.Info().Mechanic); err != nil {
			return err
		}
	}
	return nil
}

func count(field string, n int) (int, error) {
	if n < 0 || n > maxNumber {
		return 0, fmt.Errorf("%s.count: %d is out of range 1…%d", field, n, maxNumber)
	}
	if n == 0 {
		return 1, nil
	}
	return n, nil
}

func cellOf(field string, at []int) (c.Pos, error) {
	if len(at) != 2 {
		return c.Pos{}, fmt.Errorf("%s.at: want [x, y], got %d numbers", field, len(at))
	}
	p := c.Pos{X: at[0], Y: at[1]}
	if !p.In() {
		return p, fmt.Errorf("%s.at: (%d, %d) is off the 48 x 18 board", field, p.X, p.Y)
	}
	return p, nil
}

func (p *Plan) floorCell(field string, at []int) (c.Pos, error) {
	pos, err := cellOf(field, at)
	if err != nil {
		return pos, err
	}
	if t := p.Level.At(pos); !t.Walkable() {
		return pos, fmt.Errorf("%s.at: (%d, %d) is %s, not a cell one can stand on (at is [x, y]: character x of map row y, row 0 the first string)",
			field, pos.X, pos.Y, t.Name())
	}
	return pos, nil
}
