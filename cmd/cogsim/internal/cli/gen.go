package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/worldgen"
)

// maxGenDepth bounds --depth; the dungeon has no bottom, but nothing
// deeper than this is ever reached in 55 command turns.
const maxGenDepth = 100

// genOptions are the flags of cogsim gen.
type genOptions struct {
	seed   uint64
	depth  int
	reveal bool
}

func genFlags() (*flag.FlagSet, *genOptions) {
	o := &genOptions{}
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.Uint64Var(&o.seed, "seed", 1, "episode seed")
	fs.IntVar(&o.depth, "depth", 1, fmt.Sprintf("level depth, 1…%d", maxGenDepth))
	fs.BoolVar(&o.reveal, "reveal", false, "print the whole level (secret doors as S, traps, items, monsters) and a legend line")
	return fs, o
}

// genCmd is cogsim gen. Without --reveal it prints the observation (§15)
// a fresh cog receives on arriving at the level: at depth 1 the first
// observation of the episode, deeper the same cog (start of episode
// stats, T:0) put on the arrival cell of that depth. With --reveal it
// prints the level as generated — the 18 map lines of worldgen.Reveal —
// and a legend line.
func genCmd(_ context.Context, out streams, args []string) error {
	fs, o := genFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.depth < 1 || o.depth > maxGenDepth {
		return usagef("--depth: must be 1…%d, got %d", maxGenDepth, o.depth)
	}
	if o.reveal {
		lvl, pop := worldgen.Generate(o.seed, o.depth)
		fmt.Fprintln(out.stdout, worldgen.Reveal(lvl, pop, true))
		special := ""
		if worldgen.Plan(o.seed).OracleDepth == o.depth {
			special = ", the Oracle level"
		}
		fmt.Fprintf(out.stdout, "seed %d depth %d%s: %d rooms, stairs > at (%d,%d), arrival @ at (%d,%d), %d monsters, %d items, %d traps\n",
			o.seed, o.depth, special, len(lvl.Rooms), lvl.Stairs.X, lvl.Stairs.Y, lvl.Arrival.X, lvl.Arrival.Y,
			len(pop.Monsters), len(pop.Items), len(pop.Traps))
		writeLegend(out.stdout, pop)
		return nil
	}
	s, err := sim.New(sim.Config{Seed: o.seed})
	if err != nil {
		return err
	}
	obs := s.Observe()
	if o.depth > 1 {
		lv, ok := s.Scheduler().Get(systems.NameLevel).(*systems.Level)
		if !ok {
			return errors.New("the scheduler has no standard level system")
		}
		lv.Enter(o.depth)
		f := s.Frame()
		obs = text.Append(nil, &f)
	}
	fmt.Fprintln(out.stdout, string(obs))
	return nil
}

// revealLegend says what the glyphs of a revealed level mean.
const revealLegend = "legend: @ arrival  > stairs  | - walls  . floor or doorway  # corridor  + closed or locked door  ' open door  S secret door  } lava  ^ trap (hidden)  $ gold  % food  ! potion  ) weapon  [ armour  letters monsters"

// writeLegend prints the legend, then each monster and trap of the level
// with its cell and name, in creation order.
func writeLegend(w io.Writer, pop *worldgen.Population) {
	fmt.Fprintln(w, revealLegend)
	if len(pop.Monsters) > 0 {
		var parts []string
		for _, m := range pop.Monsters {
			info := m.Species.Info()
			parts = append(parts, fmt.Sprintf("%c %s (%d,%d)", info.Glyph, info.Name, m.At.X, m.At.Y))
		}
		fmt.Fprintf(w, "monsters: %s\n", strings.Join(parts, ", "))
	}
	if len(pop.Traps) > 0 {
		var parts []string
		for _, t := range pop.Traps {
			parts = append(parts, fmt.Sprintf("%s (%d,%d)", t.Kind.Info().Name, t.At.X, t.At.Y))
		}
		fmt.Fprintf(w, "traps: %s\n", strings.Join(parts, ", "))
	}
}
