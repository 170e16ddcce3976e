// Package scenario is the scenario file format (§19, docs/scenarios.md):
// its types, reading and checking a file, and the [Plan] a checked
// scenario lays out — the level, the cog's cell and what stands and lies
// where. It builds no world: package sim applies a plan to an episode's.
package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	c "github.com/cogsim/cogsim/components"
)

// MaxBytes bounds a scenario file.
const MaxBytes = 1 << 20

// MaxClockTurns bounds an episode's clock in command turns, whoever sets
// it (--turns, a serve request, a scenario, sim.Config): 100 000 turns
// of at most 40 ticks keep every tick count far inside the int32 of the
// stats array and the snapshots' checks (issue 25: 3e9 turns showed as
// −1294967296, and 53 687 092 made the server's snapshots unrestorable).
const MaxClockTurns = 100000

// MaxDepth is the deepest level a scenario may start on.
const MaxDepth = c.MaxStartDepth

// maxNumber bounds a scenario's counts, gold, experience and hit points.
const maxNumber = 1_000_000

// Scenario fixes a starting situation (§19): a map with a legend, the
// cog's state, and what stands and lies where. Coordinates are board
// cells: character x of map row y is cell (x, y).
type Scenario struct {
	Name     string   `json:"name"`
	Depth    int      `json:"depth"`
	Seed     *uint64  `json:"seed"`
	Map      []string `json:"map"`
	Lit      *bool    `json:"lit"`
	Cog      *Cog     `json:"cog"`
	Monsters []Thing  `json:"monsters"`
	Items    []Thing  `json:"items"`
	Traps    []Thing  `json:"traps"`
	// Doors sets the state of door cells the map cannot tell apart
	// ("locked", "closed", "open", "broken", "doorway", "secret").
	Doors []Thing `json:"doors"`
	Clock *Clock  `json:"clock"`
	// Mechanics sets the state of installed mechanics (§32.7): each
	// value is read and checked by the named mechanic's Scenario hook,
	// in the order the episode installs the mechanics. A name that is
	// no mechanic, or a mechanic the episode does not install, is
	// refused.
	Mechanics map[string]json.RawMessage `json:"mechanics,omitempty"`
}

// Cog is the cog's state; omitted fields keep the episode-start values
// (§5).
type Cog struct {
	HP        *int    `json:"hp"`
	MaxHP     *int    `json:"maxHp"`
	Nutrition *int    `json:"nutrition"`
	Gold      *int    `json:"gold"`
	XPPoints  *int    `json:"xpPoints"`
	Inventory []Stack `json:"inventory"`
	// Status sets conditions at the start: ticks each holds.
	Confused  int `json:"confused"`
	Paralysed int `json:"paralysed"`
}

// Stack is an inventory stack; the list replaces the starting
// inventory, lettered a, b, c … in order.
type Stack struct {
	Kind    string `json:"kind"`
	Count   int    `json:"count"`
	Wielded bool   `json:"wielded"`
	Worn    bool   `json:"worn"`
	// Spe is each item's own value (a wand's charges, §33); without
	// it, the stack gets it as generated (§39.5).
	Spe *int32 `json:"spe,omitempty"`
}

// Thing is a monster, item, trap or door at a cell.
type Thing struct {
	At      []int  `json:"at"`
	Species string `json:"species"`
	HP      int    `json:"hp"`
	Kind    string `json:"kind"`
	Count   int    `json:"count"`
	Hidden  *bool  `json:"hidden"`
	State   string `json:"state"`
	// Spe is an item's own value (a wand's charges, §33); without it,
	// the item gets it as generated (§39.5).
	Spe *int32 `json:"spe,omitempty"`
}

// Clock overrides the clock (§13).
type Clock struct {
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

// Load reads and checks a scenario file.
func Load(path string) (*Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("scenario %s: larger than %d bytes", path, MaxBytes)
	}
	sc, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	return sc, nil
}

// Parse decodes and checks a scenario. Errors name the field and the
// reason.
func Parse(data []byte) (*Scenario, error) {
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
	if err := sc.Check(); err != nil {
		return nil, err
	}
	return &sc, nil
}

// Check validates a scenario (as Parse does after decoding).
func (sc *Scenario) Check() error {
	_, err := sc.Plan()
	return err
}
