package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/worldgen"
)

// MaxScenarioBytes bounds a scenario file.
const MaxScenarioBytes = 1 << 20

// Scenario fixes a starting situation (§19): a map with a legend, the
// cog's state, and what stands and lies where. Coordinates are board
// cells: character x of map row y is cell (x, y).
type Scenario struct {
	Name     string          `json:"name"`
	Depth    int             `json:"depth"`
	Seed     *uint64         `json:"seed"`
	Map      []string        `json:"map"`
	Lit      *bool           `json:"lit"`
	Cog      *ScenarioCog    `json:"cog"`
	Monsters []ScenarioThing `json:"monsters"`
	Items    []ScenarioThing `json:"items"`
	Traps    []ScenarioThing `json:"traps"`
	// Doors sets the state of door cells the map cannot tell apart
	// ("locked", "closed", "open", "broken", "doorway", "secret").
	Doors []ScenarioThing `json:"doors"`
	Clock *ScenarioClock  `json:"clock"`
	// Mechanics sets the state of installed mechanics (§32.7): each
	// value is read and checked by the named mechanic's Scenario hook,
	// in the order the episode installs the mechanics. A name that is
	// no mechanic, or a mechanic the episode does not install, is
	// refused.
	Mechanics map[string]json.RawMessage `json:"mechanics,omitempty"`
}

// ScenarioCog is the cog's state; omitted fields keep the episode-start
// values (§5).
type ScenarioCog struct {
	HP        *int            `json:"hp"`
	MaxHP     *int            `json:"maxHp"`
	Nutrition *int            `json:"nutrition"`
	Gold      *int            `json:"gold"`
	XPPoints  *int            `json:"xpPoints"`
	Inventory []ScenarioStack `json:"inventory"`
	// Status sets conditions at the start: ticks each holds.
	Confused  int `json:"confused"`
	Paralysed int `json:"paralysed"`
}

// ScenarioStack is an inventory stack; the list replaces the starting
// inventory, lettered a, b, c … in order.
type ScenarioStack struct {
	Kind    string `json:"kind"`
	Count   int    `json:"count"`
	Wielded bool   `json:"wielded"`
	Worn    bool   `json:"worn"`
	// Spe is each item's own value (a wand's charges, §33).
	Spe int32 `json:"spe,omitempty"`
}

// ScenarioThing is a monster, item, trap or door at a cell.
type ScenarioThing struct {
	At      []int  `json:"at"`
	Species string `json:"species"`
	HP      int    `json:"hp"`
	Kind    string `json:"kind"`
	Count   int    `json:"count"`
	Hidden  *bool  `json:"hidden"`
	State   string `json:"state"`
	// Spe is an item's own value (a wand's charges, §33).
	Spe int32 `json:"spe,omitempty"`
}

// ScenarioClock overrides the clock (§13).
type ScenarioClock struct {
	MaxTurns  int `json:"maxTurns"`
	TurnTicks int `json:"turnTicks"`
}

// MapWith returns a copy of the scenario map m with glyph g at cell
// (x, y), growing it with rock as needed: a way to build scenario maps in
// code.
func MapWith(m []string, x, y int, g byte) []string {
	out := append([]string(nil), m...)
	for len(out) <= y {
		out = append(out, "")
	}
	row := []byte(out[y])
	for len(row) <= x {
		row = append(row, ' ')
	}
	row[x] = g
	out[y] = string(row)
	return out
}

// LoadScenario reads and checks a scenario file.
func LoadScenario(path string) (*Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxScenarioBytes+1))
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	if len(data) > MaxScenarioBytes {
		return nil, fmt.Errorf("scenario %s: larger than %d bytes", path, MaxScenarioBytes)
	}
	sc, err := ParseScenario(data)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	return sc, nil
}

// ParseScenario decodes and checks a scenario. Errors name the field and
// the reason.
func ParseScenario(data []byte) (*Scenario, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var sc Scenario
	if err := dec.Decode(&sc); err != nil {
		return nil, jsonError(data, err)
	}
	if dec.More() {
		return nil, errors.New("trailing data after the scenario object")
	}
	if err := explicitZeros(data); err != nil {
		return nil, err
	}
	if _, _, err := sc.plan(); err != nil {
		return nil, err
	}
	return &sc, nil
}

// explicitZeros refuses a 0 written out where the field's range starts
// at 1: depth, the clock's maxTurns and turnTicks, a count. Left out,
// such a field takes its default; written as 0 it is a mistake, which
// the Scenario's ints cannot tell from leaving it out.
func explicitZeros(data []byte) error {
	type counted struct {
		Count *int `json:"count"`
	}
	var z struct {
		Depth *int `json:"depth"`
		Clock *struct {
			MaxTurns  *int `json:"maxTurns"`
			TurnTicks *int `json:"turnTicks"`
		} `json:"clock"`
		Items []counted `json:"items"`
		Cog   *struct {
			Inventory []counted `json:"inventory"`
		} `json:"cog"`
	}
	if json.Unmarshal(data, &z) != nil {
		return nil // the decoding proper has said what is wrong
	}
	zero := func(v *int) bool { return v != nil && *v == 0 }
	switch {
	case zero(z.Depth):
		return fmt.Errorf("depth: 0 is out of range 1…%d (leave it out for 1)", maxScenarioDepth)
	case z.Clock != nil && zero(z.Clock.MaxTurns):
		return fmt.Errorf("clock.maxTurns: 0 is out of range 1…%d (leave it out for the rules' clock)", MaxClockTurns)
	case z.Clock != nil && zero(z.Clock.TurnTicks):
		return fmt.Errorf("clock.turnTicks: 0 is out of range 1…%d (leave it out for the rules' 40)", c.MaxQueue)
	}
	for i, it := range z.Items {
		if zero(it.Count) {
			return fmt.Errorf("items[%d].count: 0 is out of range 1…%d (leave it out for 1)", i, maxScenarioNumber)
		}
	}
	if z.Cog != nil {
		for i, st := range z.Cog.Inventory {
			if zero(st.Count) {
				return fmt.Errorf("cog.inventory[%d].count: 0 is out of range 1…%d (leave it out for 1)", i, maxScenarioNumber)
			}
		}
	}
	return nil
}

// jsonError turns a decoding error into one that names a line or field.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: not valid JSON: %v", line, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("field %q: expected %s, found %s", fieldAt(data, te), te.Type, te.Value)
	}
	return fmt.Errorf("not a scenario: %v", err)
}

// fieldAt names the field of a type error with its list indices
// ("items[0].at", where the error says "items.at"): the last value that
// began before the error's offset and has that path.
func fieldAt(data []byte, te *json.UnmarshalTypeError) string {
	type frame struct {
		array  bool
		key    string
		index  int
		hasKey bool
	}
	var stack []frame
	path := func() string {
		var b strings.Builder
		for _, f := range stack {
			switch {
			case f.array:
				fmt.Fprintf(&b, "[%d]", f.index)
			case b.Len() > 0:
				b.WriteString("." + f.key)
			default:
				b.WriteString(f.key)
			}
		}
		return b.String()
	}
	bare := func(p string) string {
		var b strings.Builder
		for len(p) > 0 {
			i := strings.IndexByte(p, '[')
			if i < 0 {
				b.WriteString(p)
				break
			}
			b.WriteString(p[:i])
			j := strings.IndexByte(p[i:], ']')
			if j < 0 {
				break
			}
			p = p[i+j+1:]
		}
		return b.String()
	}
	// done moves past a finished value in the container holding it.
	done := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].array {
				stack[n-1].index++
			} else {
				stack[n-1].hasKey = false
			}
		}
	}
	found := te.Field
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.InputOffset() < te.Offset {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if n := len(stack); n > 0 && !stack[n-1].array && !stack[n-1].hasKey {
			if key, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].hasKey = key, true
				continue
			}
		}
		if p := path(); p != "" && bare(p) == te.Field {
			found = p
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{})
		case json.Delim('['):
			stack = append(stack, frame{array: true})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
	return found
}

// Check validates a scenario (as ParseScenario does after decoding).
func (sc *Scenario) Check() error {
	_, _, err := sc.plan()
	return err
}

// cellPlan is the checked content of a scenario: the terrain and what is
// placed where.
type cellPlan struct {
	lvl      c.Level
	cog      c.Pos
	monsters []worldgen.MonsterSpawn
	items    []worldgen.ItemSpawn
	itemSpe  []int32 // by items
	traps    []scenarioTrap
}

type scenarioTrap struct {
	kind   c.TrapKind
	at     c.Pos
	hidden bool
}

// holds names what the map put at cell at (the cog, a monster, an item,
// a trap), or "".
func (p *cellPlan) holds(at c.Pos) string {
	switch {
	case p.cog == at:
		return "the cog"
	case slices.ContainsFunc(p.monsters, func(m worldgen.MonsterSpawn) bool { return m.At == at }):
		return "a monster"
	case slices.ContainsFunc(p.items, func(it worldgen.ItemSpawn) bool { return it.At == at }):
		return "an item"
	case slices.ContainsFunc(p.traps, func(t scenarioTrap) bool { return t.at == at }):
		return "a trap"
	}
	return ""
}

// maxScenarioDepth is the deepest level a scenario may start on.
const maxScenarioDepth = c.MaxStartDepth

// plan checks the scenario and lays out its level; hit points not given
// are left 0 (drawn when the episode is built).
func (sc *Scenario) plan() (*cellPlan, []bool, error) {
	if sc.Depth == 0 {
		sc.Depth = 1
	}
	if sc.Depth < 1 || sc.Depth > maxScenarioDepth {
		return nil, nil, fmt.Errorf("depth: %d is out of range 1…%d", sc.Depth, maxScenarioDepth)
	}
	if len(sc.Map) == 0 {
		return nil, nil, errors.New("map: missing (a list of up to 18 rows)")
	}
	if len(sc.Map) > c.H {
		return nil, nil, fmt.Errorf("map: %d rows, at most %d", len(sc.Map), c.H)
	}
	p := &cellPlan{}
	lvl := &p.lvl
	lvl.Depth = sc.Depth
	lvl.Stairs = c.Pos{X: -1, Y: -1}
	lit := sc.Lit == nil || *sc.Lit
	cogs := 0
	glyphHP := make([]bool, 0)
	for y, row := range sc.Map {
		if !utf8.ValidString(row) {
			return nil, nil, fmt.Errorf("map row %d: not valid UTF-8", y)
		}
		if len(row) > c.W {
			return nil, nil, fmt.Errorf("map row %d: %d characters, at most %d", y, len(row), c.W)
		}
		for x := 0; x < len(row); x++ {
			g := row[x]
			if g >= utf8.RuneSelf {
				// Glyphs are ASCII; every character before this one was
				// one byte, so x is its column.
				r, _ := utf8.DecodeRuneInString(row[x:])
				return nil, nil, fmt.Errorf("map row %d col %d: unknown glyph %q (%U): map glyphs are ASCII (§4)", y, x, r, r)
			}
			at := c.Pos{X: x, Y: y}
			i := at.Index()
			if g != ' ' && (x == 0 || y == 0 || x == c.W-1 || y == c.H-1) {
				return nil, nil, fmt.Errorf("map row %d col %d: %q on the border ring, which must stay rock", y, x, g)
			}
			if t, ok := c.TerrainByGlyph(g); ok {
				// The first kind drawn so: '.' is floor, '+' a closed door.
				lvl.Terrain[i] = t
				if t == c.Stairs {
					lvl.Stairs = at
				}
				continue
			}
			switch g {
			case 'S':
				lvl.Terrain[i] = c.SecretDoorV
			case '@':
				lvl.Terrain[i] = c.Floor
				p.cog = at
				cogs++
			case '^':
				lvl.Terrain[i] = c.Floor
				p.traps = append(p.traps, scenarioTrap{kind: 0, at: at})
			default:
				if s, ok := c.SpeciesByGlyph(g); ok {
					lvl.Terrain[i] = c.Floor
					p.monsters = append(p.monsters, worldgen.MonsterSpawn{Species: s, At: at})
					glyphHP = append(glyphHP, true)
					continue
				}
				if k, ok := c.ItemByGlyph(g); ok {
					lvl.Terrain[i] = c.Floor
					n := 1
					if k == c.Gold {
						n = 10
					}
					p.items = append(p.items, worldgen.ItemSpawn{Kind: k, Count: n, At: at})
					p.itemSpe = append(p.itemSpe, 0)
					continue
				}
				return nil, nil, fmt.Errorf("map row %d col %d: unknown glyph %q", y, x, g)
			}
		}
	}
	if cogs != 1 {
		return nil, nil, fmt.Errorf("map: needs exactly one '@' (the cog), found %d", cogs)
	}
	classifyDoors(lvl)
	findRooms(lvl, lit)
	worldgen.AssignComponents(lvl)

	for i, d := range sc.Doors {
		field := fmt.Sprintf("doors[%d]", i)
		at, err := cellOf(field, d.At)
		if err != nil {
			return nil, nil, err
		}
		if t := lvl.At(at); !t.IsDoor() && !t.IsWall() && t != c.Floor {
			return nil, nil, fmt.Errorf("%s.at: (%d, %d) is %s, not a wall, floor or door", field, at.X, at.Y, t.Name())
		}
		t, ok := doorStates[d.State]
		if !ok {
			return nil, nil, fmt.Errorf("%s.state: unknown door state %q (locked, closed, open, broken, doorway, secret)", field, d.State)
		}
		// A creature or an item may stand in a doorway one can pass (open,
		// broken, doorless), as in NetHack; never in a shut or secret
		// door, and no trap in any door.
		if what := p.holds(at); what != "" && (!t.Walkable() || what == "a trap") {
			return nil, nil, fmt.Errorf("%s.at: (%d, %d) holds %s on the map; a %s door goes on an empty cell", field, at.X, at.Y, what, d.State)
		}
		if t == c.SecretDoorV && (lvl.At(at.Add(c.East)) == c.HWall || lvl.At(at.Add(c.West)) == c.HWall) {
			t = c.SecretDoorH
		}
		lvl.Terrain[at.Index()] = t
	}
	fromMap := len(p.monsters) // the map's monster glyphs come first
	for i, m := range sc.Monsters {
		field := fmt.Sprintf("monsters[%d]", i)
		at, err := floorCell(lvl, field, m.At)
		if err != nil {
			return nil, nil, err
		}
		s, ok := c.LookupSpecies(m.Species)
		if !ok {
			return nil, nil, fmt.Errorf("%s.species: unknown species %q", field, m.Species)
		}
		if m.HP < 0 {
			return nil, nil, fmt.Errorf("%s.hp: %d is negative", field, m.HP)
		}
		p.monsters = append(p.monsters, worldgen.MonsterSpawn{Species: s, At: at, HP: m.HP})
		glyphHP = append(glyphHP, m.HP == 0)
	}
	for i, it := range sc.Items {
		field := fmt.Sprintf("items[%d]", i)
		at, err := floorCell(lvl, field, it.At)
		if err != nil {
			return nil, nil, err
		}
		k, ok := c.LookupItem(it.Kind)
		if !ok {
			return nil, nil, fmt.Errorf("%s.kind: unknown item %q", field, it.Kind)
		}
		n, err := count(field, it.Count)
		if err != nil {
			return nil, nil, err
		}
		if n > 1 && k != c.Gold && !k.Stackable() { // gold's count is its amount
			return nil, nil, fmt.Errorf("%s.count: %s never stacks (an entry for each)", field, it.Kind)
		}
		p.items = append(p.items, worldgen.ItemSpawn{Kind: k, Count: n, At: at})
		p.itemSpe = append(p.itemSpe, it.Spe)
	}
	for i, t := range sc.Traps {
		field := fmt.Sprintf("traps[%d]", i)
		at, err := floorCell(lvl, field, t.At)
		if err != nil {
			return nil, nil, err
		}
		if lvl.At(at) == c.Stairs {
			return nil, nil, fmt.Errorf("%s.at: (%d, %d) is the staircase; no trap may be placed on the stairs", field, at.X, at.Y)
		}
		k, ok := c.LookupTrap(t.Kind)
		if !ok {
			return nil, nil, fmt.Errorf("%s.kind: unknown trap %q", field, t.Kind)
		}
		p.traps = append(p.traps, scenarioTrap{kind: k, at: at, hidden: t.Hidden != nil && *t.Hidden})
	}
	seen := map[c.Pos]bool{p.cog: true}
	for i, m := range p.monsters {
		if seen[m.At] {
			// Only a monsters entry can land on a taken cell (a map
			// glyph has its cell to itself): name it as the file does.
			return nil, nil, fmt.Errorf("monsters[%d]: (%d, %d) is already occupied", i-fromMap, m.At.X, m.At.Y)
		}
		seen[m.At] = true
	}
	traps := map[c.Pos]bool{}
	for i, t := range p.traps {
		if traps[t.at] {
			return nil, nil, fmt.Errorf("traps[%d]: (%d, %d) holds a trap already", i, t.at.X, t.at.Y)
		}
		traps[t.at] = true
	}
	if err := sc.checkCog(); err != nil {
		return nil, nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(sc.Mechanics)) {
		m, ok := ecs.LookupMechanic(name)
		if !ok {
			return nil, nil, fmt.Errorf("mechanics.%s: unknown mechanic %q (known: %s)", name, name, strings.Join(ecs.MechanicNames(), ", "))
		}
		if m.Scenario == nil {
			return nil, nil, fmt.Errorf("mechanics.%s: the mechanic %s takes no scenario state", name, name)
		}
	}
	if ck := sc.Clock; ck != nil {
		if ck.MaxTurns < 0 || ck.MaxTurns > MaxClockTurns {
			return nil, nil, fmt.Errorf("clock.maxTurns: %d is out of range 1…%d", ck.MaxTurns, MaxClockTurns)
		}
		if ck.TurnTicks < 0 || ck.TurnTicks > c.MaxQueue {
			return nil, nil, fmt.Errorf("clock.turnTicks: %d is out of range 1…%d", ck.TurnTicks, c.MaxQueue)
		}
	}
	return p, glyphHP, nil
}

var doorStates = map[string]c.Terrain{
	"locked": c.LockedDoor, "closed": c.ClosedDoor, "open": c.OpenDoor,
	"broken": c.BrokenDoor, "doorway": c.Doorway, "secret": c.SecretDoorV,
}

func (sc *Scenario) checkCog() error {
	cg := sc.Cog
	if cg == nil {
		return nil
	}
	if cg.MaxHP != nil && (*cg.MaxHP < 1 || *cg.MaxHP > maxScenarioNumber) {
		return fmt.Errorf("cog.maxHp: %d is out of range 1…%d", *cg.MaxHP, maxScenarioNumber)
	}
	if cg.HP != nil && *cg.HP < 1 {
		return fmt.Errorf("cog.hp: %d, must be at least 1", *cg.HP)
	}
	maxHP := 16
	if cg.MaxHP != nil {
		maxHP = *cg.MaxHP
	}
	if cg.HP != nil && *cg.HP > maxHP {
		return fmt.Errorf("cog.hp: %d is more than maxHp %d", *cg.HP, maxHP)
	}
	if cg.Nutrition != nil && (*cg.Nutrition < -1000 || *cg.Nutrition > 100000) {
		return fmt.Errorf("cog.nutrition: %d is out of range −1000…100000", *cg.Nutrition)
	}
	// Gold, experience and hit points are bounded like a stack's count,
	// so that a score and the stats' int32 figures cannot overflow
	// (issue 25: gold 2^63−1 scored −9223372036854775709).
	if cg.Gold != nil && (*cg.Gold < 0 || *cg.Gold > maxScenarioNumber) {
		return fmt.Errorf("cog.gold: %d is out of range 0…%d", *cg.Gold, maxScenarioNumber)
	}
	if cg.XPPoints != nil && (*cg.XPPoints < 0 || *cg.XPPoints > maxScenarioNumber) {
		return fmt.Errorf("cog.xpPoints: %d is out of range 0…%d", *cg.XPPoints, maxScenarioNumber)
	}
	if cg.Confused < 0 || cg.Paralysed < 0 {
		return errors.New("cog.confused/paralysed: ticks must not be negative")
	}
	if len(cg.Inventory) > 26 {
		return fmt.Errorf("cog.inventory: %d stacks, at most 26", len(cg.Inventory))
	}
	wielded, worn := 0, 0
	for i, st := range cg.Inventory {
		field := fmt.Sprintf("cog.inventory[%d]", i)
		k, ok := c.LookupItem(st.Kind)
		if !ok || k == c.Gold {
			return fmt.Errorf("%s.kind: unknown item %q", field, st.Kind)
		}
		if _, err := count(field, st.Count); err != nil {
			return err
		}
		if st.Count > 1 && !k.Stackable() {
			return fmt.Errorf("%s.count: %s never stacks", field, st.Kind)
		}
		if st.Wielded {
			wielded++
			if k.Info().Class != c.WeaponClass {
				return fmt.Errorf("%s.wielded: %s is not a weapon", field, st.Kind)
			}
		}
		if st.Worn {
			worn++
			if k.Info().Class != c.ArmourClass {
				return fmt.Errorf("%s.worn: %s is not armour", field, st.Kind)
			}
		}
	}
	if wielded > 1 || worn > 1 {
		return errors.New("cog.inventory: at most one wielded weapon and one worn armour")
	}
	return nil
}

// maxScenarioNumber bounds a scenario's counts, gold, experience and
// hit points.
const maxScenarioNumber = 1_000_000

func count(field string, n int) (int, error) {
	if n < 0 || n > maxScenarioNumber {
		return 0, fmt.Errorf("%s.count: %d is out of range 1…%d", field, n, maxScenarioNumber)
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

func floorCell(lvl *c.Level, field string, at []int) (c.Pos, error) {
	p, err := cellOf(field, at)
	if err != nil {
		return p, err
	}
	if t := lvl.At(p); !t.Walkable() {
		return p, fmt.Errorf("%s.at: (%d, %d) is %s, not a cell one can stand on (at is [x, y]: character x of map row y, row 0 the first string)",
			field, p.X, p.Y, t.Name())
	}
	return p, nil
}

// classifyDoors turns a '.' in a wall line into a doorway — between two
// '-' (or doors) in a horizontal wall, or in a vertical wall between walls
// of which one at least is '|' (the other may be a corner) — and sets the
// orientation of secret doors from their wall neighbours. A doorway in the
// side wall of a room one row high cannot be told from floor: give it in
// "doors".
func classifyDoors(lvl *c.Level) {
	for i := 0; i < c.N; i++ {
		p := c.PosOf(i)
		is := func(d c.Dir, ts ...c.Terrain) bool {
			t := lvl.At(p.Add(d))
			if t.IsDoor() {
				return true
			}
			for _, x := range ts {
				if t == x {
					return true
				}
			}
			return false
		}
		horizontal := is(c.East, c.HWall) && is(c.West, c.HWall)
		vertical := is(c.North, c.VWall, c.HWall) && is(c.South, c.VWall, c.HWall) &&
			(is(c.North, c.VWall) || is(c.South, c.VWall))
		switch lvl.Terrain[i] {
		case c.Floor:
			if horizontal || vertical {
				lvl.Terrain[i] = c.Doorway
			}
		case c.SecretDoorV:
			if horizontal {
				lvl.Terrain[i] = c.SecretDoorH
			}
		}
	}
}

// findRooms makes a room of each 4-connected region of room-floor cells
// (floor, stairs, lava) and marks their cells.
func findRooms(lvl *c.Level, lit bool) {
	isFloor := func(t c.Terrain) bool { return t == c.Floor || t == c.Stairs || t == c.Lava }
	var stack []int
	for i := 0; i < c.N; i++ {
		if !isFloor(lvl.Terrain[i]) || lvl.RoomOf[i] != 0 || len(lvl.Rooms) >= 255 {
			continue
		}
		id := uint8(len(lvl.Rooms) + 1)
		r := c.Rect{X0: c.W, Y0: c.H, X1: -1, Y1: -1}
		stack = append(stack[:0], i)
		lvl.RoomOf[i] = id
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p := c.PosOf(j)
			r.X0, r.Y0, r.X1, r.Y1 = min(r.X0, p.X), min(r.Y0, p.Y), max(r.X1, p.X), max(r.Y1, p.Y)
			for _, d := range c.OrthogonalDirs {
				q := p.Add(d)
				if q.In() && isFloor(lvl.Terrain[q.Index()]) && lvl.RoomOf[q.Index()] == 0 {
					lvl.RoomOf[q.Index()] = id
					stack = append(stack, q.Index())
				}
			}
		}
		lvl.Rooms = append(lvl.Rooms, c.Room{Interior: r, Lit: lit})
	}
}

// buildScenario builds the scenario's level and cog into the world.
func (s *Sim) buildScenario(sc *Scenario) error {
	p, glyphHP, err := sc.plan()
	if err != nil {
		return err
	}
	if err := s.checkActive(sc, p); err != nil {
		return err
	}
	e := s.env
	*e.Level = p.lvl
	e.Level.Arrival = p.cog
	e.NewCog(p.cog)
	s.startMechanics()
	rng := ecs.NewStream(s.cfg.Seed, "scenario")
	for i, m := range p.monsters {
		hp := m.HP
		if glyphHP[i] || hp == 0 {
			hp = worldgen.HitPoints(rng, m.Species)
		}
		e.SpawnMonster(m.Species, m.At, hp)
	}
	for i, it := range p.items {
		e.PlaceStack(c.Stack{Kind: it.Kind, Count: it.Count, Spe: p.itemSpe[i]}, it.At)
	}
	for _, t := range p.traps {
		te := e.PlaceTrap(t.kind, t.at)
		if !t.hidden {
			e.Trap.Get(te).Discovered = true
			e.Level.TrapShown[t.at.Index()] = true
		}
	}
	s.applyCog(sc.Cog)
	for _, m := range s.mechanics {
		if raw, ok := sc.Mechanics[m.Name]; ok {
			if err := m.Scenario(&s.world, raw); err != nil {
				return fmt.Errorf("mechanics.%s: %w", m.Name, err)
			}
		}
	}
	s.vision.Update(&s.world)
	return nil
}

// checkActive refuses a scenario thing whose kind a mechanic brings that
// the episode does not install: it would lie there without its rules.
func (s *Sim) checkActive(sc *Scenario, p *cellPlan) error {
	names := s.MechanicNames()
	for _, name := range slices.Sorted(maps.Keys(sc.Mechanics)) {
		if !slices.Contains(names, name) {
			return fmt.Errorf("mechanics.%s: the episode does not install the mechanic %s (--mechanics %s)", name, name, name)
		}
	}
	if cg := sc.Cog; cg != nil {
		for i, st := range cg.Inventory {
			k, _ := c.LookupItem(st.Kind)
			if info := k.Info(); !c.ActiveIn(info.Mechanic, names) {
				return fmt.Errorf("cog.inventory[%d].kind: %s needs the mechanic %s (--mechanics %s)", i, info.Name, info.Mechanic, info.Mechanic)
			}
		}
	}
	for i, m := range p.monsters {
		if info := m.Species.Info(); !c.ActiveIn(info.Mechanic, names) {
			return fmt.Errorf("monsters[%d].species: %s needs the mechanic %s (--mechanics %s)", i, info.Name, info.Mechanic, info.Mechanic)
		}
	}
	for i, it := range p.items {
		if info := it.Kind.Info(); !c.ActiveIn(info.Mechanic, names) {
			return fmt.Errorf("items[%d].kind: %s needs the mechanic %s (--mechanics %s)", i, info.Name, info.Mechanic, info.Mechanic)
		}
	}
	for i, t := range p.traps {
		if info := t.kind.Info(); !c.ActiveIn(info.Mechanic, names) {
			return fmt.Errorf("traps[%d].kind: %s needs the mechanic %s (--mechanics %s)", i, info.Name, info.Mechanic, info.Mechanic)
		}
	}
	return nil
}

// applyCog sets the cog fields the scenario names.
func (s *Sim) applyCog(cg *ScenarioCog) {
	if cg == nil {
		return
	}
	e := s.env
	cog := e.Run.Cog
	h := e.Health.Get(cog)
	if cg.MaxHP != nil {
		h.MaxHP = *cg.MaxHP
		h.HP = min(h.HP, h.MaxHP)
	}
	if cg.HP != nil {
		h.HP = *cg.HP
	}
	if cg.Nutrition != nil {
		n := e.Nutrition.Get(cog)
		n.Value = *cg.Nutrition
		n.State = e.Hunger.StateOf(n.Value)
	}
	if cg.Gold != nil {
		e.Purse.Get(cog).Gold = *cg.Gold
	}
	if cg.XPPoints != nil {
		ex := e.Experience.Get(cog)
		ex.Points = *cg.XPPoints
		ex.Level = c.XLevelFor(ex.Points)
	}
	st := e.Status.Get(cog)
	st.ConfusedUntil = cg.Confused
	st.ParalysedUntil = cg.Paralysed
	if cg.Inventory != nil {
		inv := e.Inventory.Get(cog)
		*inv = c.Inventory{Wielded: c.NoSlot, Worn: c.NoSlot}
		for i, stck := range cg.Inventory {
			k, _ := c.LookupItem(stck.Kind)
			n, _ := count("", stck.Count)
			inv.Slots[i] = c.Stack{Kind: k, Count: n, Spe: stck.Spe}
			if stck.Wielded {
				inv.Wielded = i
			}
			if stck.Worn {
				inv.Worn = i
			}
		}
	}
}
