package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/levelflag"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/cogsim/cogsim/worldgen/script"
)

// maxGenDepth bounds --depth; the dungeon has no bottom, but nothing
// deeper than this is ever reached in 55 command turns.
const maxGenDepth = 100

// genOptions are the flags of cogsim gen.
type genOptions struct {
	seed   uint64
	depth  int
	reveal bool
	rules  rulesFlags
	levels levelflag.Flags
}

func genFlags() (*flag.FlagSet, *genOptions) {
	o := &genOptions{}
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.Uint64Var(&o.seed, "seed", 1, "episode seed")
	fs.IntVar(&o.depth, "depth", 1, fmt.Sprintf("level depth, 1…%d", maxGenDepth))
	fs.BoolVar(&o.reveal, "reveal", false, "print the whole level (secret doors as S, traps, items, monsters) and a legend line")
	o.rules.add(fs)
	o.levels.Add(fs)
	return fs, o
}

// genCmd is cogsim gen. Without --reveal it prints the observation (§15)
// a fresh cog receives on arriving at the level: at depth 1 the first
// observation of the episode, deeper the same cog (start of episode
// stats, T:0) put on the arrival cell of that depth. With --reveal it
// prints the level as generated — the 18 map lines of worldgen.Reveal —
// and a legend line.
//
// With --rules or --mechanics (§34.2) the level is the one an episode of
// that selection has: its mechanics' species among the monsters, and
// what their Populate hooks place (a wand, §33) among the items, read
// from an episode built with the selection.
func genCmd(_ context.Context, out streams, args []string) error {
	fs, o := genFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.depth < 1 || o.depth > maxGenDepth {
		return usagef("--depth: must be 1…%d, got %d", maxGenDepth, o.depth)
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	cfg := sim.Config{Seed: o.seed, Rules: o.rules.Rules, Mechanics: mechanics}
	if err := o.levels.Set(&cfg); err != nil {
		return usagef("%v", err)
	}
	if err := levelflag.Check(cfg); err != nil {
		return usagef("%v", err)
	}
	if cfg.Level != nil && o.depth > 1 {
		// The script builds depth D (§38.4): as the one level of a
		// dungeon, entered as the stairs would.
		cfg.Dungeon = &script.Dungeon{Name: cfg.Level.Name, Levels: append([]script.DungeonLevel{{MinDepth: o.depth, MaxDepth: o.depth, Script: cfg.Level, Chance: 100}},
			dungeonLevels(cfg.Dungeon)...)}
		cfg.Level = nil
	}
	if o.reveal {
		var (
			lvl       *components.Level
			pop       *worldgen.Population
			installed []string
		)
		if standardSelection(cfg) && cfg.Dungeon == nil && cfg.Level == nil {
			lvl, pop = worldgen.Generate(o.seed, o.depth)
		} else if lvl, pop, installed, err = episodeLevel(cfg, o.depth); err != nil {
			return err
		}
		fmt.Fprintln(out.stdout, worldgen.Reveal(lvl, pop, true))
		special := ""
		scripted := cfg.Level != nil || cfg.Dungeon != nil && cfg.Dungeon.For(o.seed, o.depth) != nil
		if worldgen.Plan(o.seed).OracleDepth == o.depth && !scripted {
			special = ", the Oracle level"
		}
		fmt.Fprintf(out.stdout, "seed %d depth %d%s: %d rooms, stairs > at (%d,%d), arrival @ at (%d,%d), %d monsters, %d items, %d traps\n",
			o.seed, o.depth, special, len(lvl.Rooms), lvl.Stairs.X, lvl.Stairs.Y, lvl.Arrival.X, lvl.Arrival.Y,
			len(pop.Monsters), len(pop.Items), len(pop.Traps))
		pop.WriteLegend(out.stdout, installed)
		return nil
	}
	s, err := sim.New(cfg)
	if err != nil {
		return err
	}
	obs := s.Observe()
	if o.depth > 1 {
		if err := enterDepth(s, o.depth); err != nil {
			return err
		}
		f := s.Frame()
		obs = text.Append(nil, &f)
	}
	fmt.Fprintln(out.stdout, string(obs))
	return nil
}

// dungeonLevels are d's entries, none for nil.
func dungeonLevels(d *script.Dungeon) []script.DungeonLevel {
	if d == nil {
		return nil
	}
	return d.Levels
}

// standardSelection says whether cfg selects the cog game alone.
func standardSelection(cfg sim.Config) bool {
	return (cfg.Rules == "" || cfg.Rules == "cog") && len(cfg.Mechanics) == 0
}

// enterDepth puts the episode's cog on the arrival cell of generated level
// depth, as the level system does on the stairs.
func enterDepth(s *sim.Sim, depth int) error {
	lv, ok := s.Scheduler().Get(systems.NameLevel).(*systems.Level)
	if !ok {
		return errors.New("the scheduler has no standard level system")
	}
	lv.Enter(depth)
	return nil
}

// episodeLevel is level depth as an episode of cfg has it when the cog
// arrives: the level, and what is on it in creation order — monsters,
// floor items (the level's own, then what the mechanics' Populate hooks
// placed) and traps — read back from the episode's world. It returns the
// mechanics the episode installed as well.
func episodeLevel(cfg sim.Config, depth int) (*components.Level, *worldgen.Population, []string, error) {
	cfg.Setup = sim.WithoutInvariants
	s, err := sim.New(cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	if depth > 1 {
		if err := enterDepth(s, depth); err != nil {
			return nil, nil, nil, err
		}
	}
	e := s.State()
	return e.Level, e.Population(), s.State().Mechanics, nil
}
