package yellowmold_test

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/systems/yellowmold"
	"github.com/cogsim/cogsim/worldgen"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// moldDuel is a lit room with the cog beside a yellow mold of hp hit
// points, the mechanic installed (and regeneration off, to count the
// stings' damage).
func moldDuel(t *testing.T, seed uint64, hp int) *sim.Sim {
	t.Helper()
	sc := sim.Scenario{Name: "mold", Depth: 6,
		Map:      []string{"", " -------", " |.@...|", " |.....|", " -------"},
		Cog:      &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100)},
		Monsters: []sim.ScenarioThing{{At: []int{4, 2}, Species: "yellow mold", HP: hp}}}
	s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc, Mechanics: []string{yellowmold.Name},
		Setup: func(sch *ecs.Scheduler) error { return sch.Enable(systems.NameRegeneration, false) }})
	require.NoError(t, err)
	return s
}

func ptr[T any](v T) *T { return &v }

func hp(s *sim.Sim) int { e := s.State(); return e.Health.Get(e.Run.Cog).HP }

func message(s *sim.Sim) string { return strings.Split(string(s.Observe()), "\n")[18] }

func stings(s *sim.Sim) int { return arche.GetResource[yellowmold.Stings](s.State().W).Count }

var east = c.Primitive{Op: c.OpMove, Dir: c.East}

// TestAHitOnAYellowMoldStingsTheAttacker: each hit stings for 1…4; a miss
// does not; a mold has three stings in it; the mold never moves or
// attacks.
func TestAHitOnAYellowMoldStingsTheAttacker(t *testing.T) {
	damage := map[int]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		s := moldDuel(t, seed, 1000)
		hits := 0
		for range 12 {
			before := hp(s)
			s.Step(east)
			switch {
			case strings.HasPrefix(message(s), "You hit the yellow mold."):
				hits++
				if hits <= yellowmold.Spores {
					require.Equal(t, "You hit the yellow mold.  You are stung by the yellow mold!", message(s), "seed %d", seed)
					damage[before-hp(s)]++
				} else {
					require.Equal(t, "You hit the yellow mold.", message(s), "spent after three stings")
					require.Equal(t, before, hp(s))
				}
			case message(s) == "You miss the yellow mold.":
				require.Equal(t, before, hp(s), "a miss is not stung")
			default:
				t.Fatalf("seed %d: %q", seed, message(s))
			}
		}
		assert.Equal(t, min(hits, yellowmold.Spores), stings(s), "the resource counts the stings")
	}
	for d := 1; d <= 4; d++ {
		assert.Positive(t, damage[d], "a sting of %d", d)
	}
	assert.Len(t, damage, 4, "stings do 1…4")
}

func TestTheKillingBlowStingsToo(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		s := moldDuel(t, seed, 1)
		s.Step(east)
		if message(s) == "You kill the yellow mold!  You are stung by the yellow mold!" {
			assert.Equal(t, 8, s.State().Experience.Get(s.State().Run.Cog).Points)
			return
		}
	}
	t.Fatal("no seed killed the mold in one blow")
}

func TestAStingCanKill(t *testing.T) {
	s := moldDuel(t, 1, 1000)
	e := s.State()
	for !s.Done() {
		e.Health.Get(e.Run.Cog).HP = 1
		s.Step(east)
	}
	assert.Equal(t, "killed by a yellow mold", s.Result().Cause)
	assert.True(t, strings.HasSuffix(message(s), "You are stung by the yellow mold!  You die..."))
}

// TestTheMoldIsOneRowOfTheTables: generated at its depths only when the
// mechanic is installed, coloured yellow in the window, known to the
// explore agent.
func TestTheMoldIsOneRowOfTheTables(t *testing.T) {
	count := func(mechanics []string, depth int) int {
		var g worldgen.Generator
		g.Mechanics = mechanics
		n := 0
		for seed := uint64(1); seed <= 300; seed++ {
			var lvl c.Level
			for _, m := range g.Generate(seed, depth, &lvl).Monsters {
				if m.Species == yellowmold.YellowMold {
					n++
				}
			}
		}
		return n
	}
	with := []string{yellowmold.Name}
	assert.Zero(t, count(nil, 6), "not without the mechanic")
	assert.Zero(t, count(with, 4), "not above depth 5")
	assert.Positive(t, count(with, 6), "at depth 6 with the mechanic")
	assert.Positive(t, count(with, 23))
	assert.Zero(t, count(with, 24))

	assert.Equal(t, c.Yellow, view.SpeciesColour(yellowmold.YellowMold))

	obs := strings.Join(append([]string{"", " -----", " |.@F|", " |...|", " -----"}, make([]string, 13)...), "\n") +
		"\n\nDlvl:6 $:0 HP:16(16) AC:7 Xp:1/0 T:0 Turn:0/55"
	x := agents.NewExplore()
	x.Reset(1)
	assert.True(t, strings.HasPrefix(x.Reply([]byte(obs)), "e"), "without the mechanic the F is a lichen to fight")
	x = agents.NewExplore()
	x.Know(with)
	x.Reset(1)
	assert.False(t, strings.HasPrefix(x.Reply([]byte(obs)), "e"), "told of the mold, the explorer leaves the F alone")
	_, ok := ecs.LookupMechanic(yellowmold.Name)
	assert.True(t, ok)
}
