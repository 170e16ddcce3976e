package sim_test

import (
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/cogsim/cogsim/systems"
	"github.com/stretchr/testify/require"
)

// hall is a lit 10 x 4 room with the cog in it; x runs 2…11, y 2…5.
var hall = []string{
	"",
	" ------------",
	" |..........|",
	" |..........|",
	" |..........|",
	" |..........|",
	" ------------",
}

// withCog returns m with the cog drawn at (x, y).
func withCog(m []string, x, y int) []string {
	return put(m, x, y, '@')
}

// put returns a copy of m with glyph g at (x, y).
func put(m []string, x, y int, g byte) []string { return scenario.MapWith(m, x, y, g) }

func ptr[T any](v T) *T { return &v }

// start builds an episode from sc with seed.
func start(t testing.TB, seed uint64, sc sim.Scenario) *sim.Sim {
	t.Helper()
	if sc.Name == "" {
		sc.Name = t.Name()
	}
	s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc})
	require.NoError(t, err)
	return s
}

// Small accessors that read the episode like a test of the rules would.

func cog(s *sim.Sim) c.Pos { return s.State().CogPos() }

func hp(s *sim.Sim) int { e := s.State(); return e.Health.Get(e.Run.Cog).HP }

func maxHP(s *sim.Sim) int { e := s.State(); return e.Health.Get(e.Run.Cog).MaxHP }

func nutrition(s *sim.Sim) *c.Nutrition { e := s.State(); return e.Nutrition.Get(e.Run.Cog) }

func status(s *sim.Sim) *c.Status { e := s.State(); return e.Status.Get(e.Run.Cog) }

func inventory(s *sim.Sim) *c.Inventory { e := s.State(); return e.Inventory.Get(e.Run.Cog) }

func gold(s *sim.Sim) int { e := s.State(); return e.Purse.Get(e.Run.Cog).Gold }

func tick(s *sim.Sim) int { return s.State().Clock.Tick }

// message is the observation's message line.
func message(s *sim.Sim) string { return line(s, 18) }

// statusLine is the observation's status line.
func statusLine(s *sim.Sim) string { return line(s, 19) }

func line(s *sim.Sim, i int) string { return strings.Split(string(s.Observe()), "\n")[i] }

// glyphAt is what the observation shows at (x, y).
func glyphAt(s *sim.Sim, x, y int) byte { return strings.Split(string(s.Observe()), "\n")[y][x] }

// step performs one primitive in one tick.
func step(s *sim.Sim, p c.Primitive) { s.Step(p) }

func move(d c.Dir) c.Primitive { return c.Primitive{Op: c.OpMove, Dir: d} }

var wait = c.Primitive{Op: c.OpWait}

func waitN(s *sim.Sim, n int) {
	for i := 0; i < n; i++ {
		s.Step(wait)
	}
}

// monsterAt returns the species at p, if a monster stands there.
func monsterAt(s *sim.Sim, p c.Pos) (c.SpeciesID, bool) {
	e := s.State()
	m, ok := e.Level.Creatures.At(p)
	if !ok || m == e.Run.Cog {
		return 0, false
	}
	return e.Monster.Get(m).Species, true
}

// monsters lists the monsters' positions in acting order.
func monsters(s *sim.Sim) []c.Pos {
	e := s.State()
	var out []c.Pos
	for _, m := range e.Roster.List {
		out = append(out, *e.Pos.Get(m))
	}
	return out
}

// monsterHP is the hit points of the first monster in acting order.
func monsterHP(s *sim.Sim) int {
	e := s.State()
	return e.Health.Get(e.Roster.List[0]).HP
}

// disable turns systems off, to test one rule alone.
func disable(names ...string) func(*sim.Config) {
	return func(cfg *sim.Config) {
		prev := cfg.Setup
		cfg.Setup = func(sch *ecs.Scheduler) error {
			if prev != nil {
				if err := prev(sch); err != nil {
					return err
				}
			}
			for _, n := range names {
				if err := sch.Enable(n, false); err != nil {
					return err
				}
			}
			return nil
		}
	}
}

// startWith builds an episode with config options.
func startWith(t testing.TB, seed uint64, sc sim.Scenario, opts ...func(*sim.Config)) *sim.Sim {
	t.Helper()
	if sc.Name == "" {
		sc.Name = t.Name()
	}
	cfg := sim.Config{Seed: seed, Scenario: &sc}
	for _, o := range opts {
		o(&cfg)
	}
	s, err := sim.New(cfg)
	require.NoError(t, err)
	return s
}

var _ = systems.NameAI

// whereIs finds the only monster of the named species.
func whereIs(t *testing.T, s *sim.Sim, species string) c.Pos {
	t.Helper()
	e := s.State()
	want := c.SpeciesByName(species)
	for _, m := range e.Roster.List {
		if e.Monster.Get(m).Species == want {
			return *e.Pos.Get(m)
		}
	}
	t.Fatalf("no %s on the level", species)
	return c.Pos{}
}
