package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/cogsim/cogsim/worldgen/script"
)

// LevelScript is the level script cogsim bench builds when it is given
// none: a MiniHack-style task level — a 15 x 14 lit room (the tallest a 48 x 18 board holds) at a random
// place, the cog and the stairs on random cells, three random monsters,
// two random items and a trap.
const LevelScript = `room = des.room(w=15, h=14)
cells = des.room_cells(room)
des.cog(at=des.random_cell(cells))
des.stairs(where=cells)
for i in range(3):
    des.monster(where=cells)
for i in range(2):
    des.item(where=cells)
des.trap(where=cells)
`

// LevelCost compares building a level with a script to generating one
// (§38.6): the median µs of each over the same seeds.
type LevelCost struct {
	Script      string  `json:"script"`
	Levels      int     `json:"levels"`
	GeneratedUs float64 `json:"generatedUs"`
	ScriptedUs  float64 `json:"scriptedUs"`
}

// Ratio is the scripted level's cost over the generated one's.
func (l *LevelCost) Ratio() float64 { return l.ScriptedUs / l.GeneratedUs }

// levelSeeds is how many levels each pass builds.
const levelSeeds = 2000

// MeasureLevels times building levels of depth 1 for seeds 1…2000, runs
// times each, with the generator (as an episode of mechanics builds
// them) and with sc (LevelScript for nil), and reports the medians.
func MeasureLevels(ctx context.Context, sc *script.Script, mechanics []string, runs int) (*LevelCost, error) {
	if sc == nil {
		var err error
		if sc, err = script.Compile("bench-room-15x14.star", []byte(LevelScript)); err != nil {
			return nil, err
		}
	}
	gen := &worldgen.Generator{Mechanics: mechanics}
	var lvl components.Level
	env := script.Env{Mechanics: mechanics, Standard: func(depth int, l *components.Level) *worldgen.Population {
		return gen.Generate(1, depth, l)
	}}
	var generated, scripted []float64
	var built script.Built
	for range max(runs, 1) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		start := time.Now()
		for seed := uint64(1); seed <= levelSeeds; seed++ {
			gen.Generate(seed, 1, &lvl)
		}
		generated = append(generated, time.Since(start).Seconds()*1e6/levelSeeds)
		start = time.Now()
		for seed := uint64(1); seed <= levelSeeds; seed++ {
			if err := sc.BuildInto(&built, seed, 1, env); err != nil {
				return nil, fmt.Errorf("bench: %w", err)
			}
		}
		scripted = append(scripted, time.Since(start).Seconds()*1e6/levelSeeds)
	}
	return &LevelCost{Script: sc.Name, Levels: levelSeeds, GeneratedUs: median(generated), ScriptedUs: median(scripted)}, nil
}
