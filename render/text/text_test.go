package text_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/require"
)

// reference draws the map cell by cell straight from §4's priority: the
// cog, a monster on a visible cell, the remembered item, a discovered
// trap, the remembered terrain, else a space. AppendMap, which copies the
// level's cached drawn memory, must give the same bytes.
func reference(f *text.Frame) []byte {
	l := f.Level
	var b []byte
	for y := 0; y < c.H; y++ {
		for x := 0; x < c.W; x++ {
			p := c.Pos{X: x, Y: y}
			i := p.Index()
			g := byte(' ')
			switch {
			case p == f.Cog:
				g = '@'
			case f.Vision.Contains(p) && l.Creatures.Glyph(p) != 0:
				g = l.Creatures.Glyph(p)
			case l.MemItem[i] != 0:
				g = l.MemItem[i]
			case l.TrapShown[i]:
				g = '^'
			case l.MemTerrain[i] != 0:
				g = l.MemTerrain[i]
			}
			b = append(b, g)
		}
		b = append(b, '\n')
	}
	return b
}

func checkMap(t *testing.T, s *sim.Sim, what string, args ...any) {
	t.Helper()
	f := s.Frame()
	want := reference(&f)
	require.Equal(t, string(want), string(text.AppendMap(nil, &f)), append([]any{what}, args...)...)
	require.True(t, bytes.HasPrefix(s.Observe(), want), append([]any{what + ": the observation"}, args...)...)
}

// TestAppendMapEqualsTheCellByCellRule plays whole episodes with the
// built-in agents (the random one kicks, searches, quaffs and descends
// blindly) and compares every observation's map with the reference, and
// again after a snapshot round trip through its encoding, which drops the
// cached drawn memory.
func TestAppendMapEqualsTheCellByCellRule(t *testing.T) {
	for _, name := range []string{"explore", "random"} {
		a, err := agents.New(name)
		require.NoError(t, err)
		for seed := uint64(1); seed <= 12; seed++ {
			s, err := sim.New(sim.Config{Seed: seed})
			require.NoError(t, err)
			a.Reset(seed)
			for turn := 0; !s.Done(); turn++ {
				checkMap(t, s, "%s seed %d turn %d", name, seed, turn)
				s.Turn(a.Reply(s.Observe()))
				if turn%9 == 4 {
					b, err := s.Snapshot().MarshalBinary()
					require.NoError(t, err)
					var snap sim.Snapshot
					require.NoError(t, snap.UnmarshalBinary(b))
					fresh, err := sim.FromSnapshot(&snap)
					require.NoError(t, err)
					require.Equal(t, string(s.Observe()), string(fresh.Observe()), "%s seed %d turn %d: restored", name, seed, turn)
				}
			}
			checkMap(t, s, "%s seed %d: the end", name, seed)
		}
	}
}

// TestDrawnMemoryShowsEveryWrite: memory written through the Level's
// setters, or directly and said so (MemoryChanged), or in a level
// forgotten, shows in the next map, drawn with a kept Memory or without
// one.
func TestDrawnMemoryShowsEveryWrite(t *testing.T) {
	var l c.Level
	var mem text.Memory
	kept := text.Frame{Level: &l, Memory: &mem, Cog: c.Pos{X: -1, Y: -1}}
	fresh := text.Frame{Level: &l, Cog: c.Pos{X: -1, Y: -1}}
	check := func(what string) {
		t.Helper()
		want := string(reference(&fresh))
		require.Equal(t, want, string(text.AppendMap(nil, &kept)), what+": kept")
		require.Equal(t, want, string(text.AppendMap(nil, &fresh)), what+": fresh")
	}
	check("nothing remembered")
	l.MemTerrain[50], l.MemItem[51], l.TrapShown[52] = '#', '$', true
	l.MemoryChanged()
	check("direct writes")
	changes := mem.Changes()
	check("again")
	require.Equal(t, changes, mem.Changes(), "the same memory is no change")
	l.Terrain[53] = c.Floor
	l.See(c.Rect{X0: 5, Y0: 1, X1: 6, Y1: 1})
	l.ShowTrap(54)
	l.RememberTerrain(55, '+')
	check("the setters")
	require.Less(t, changes, mem.Changes())
	l.MemTerrain[56] = '|'
	l.MemoryChanged()
	check("a direct write after the setters")
	l.ClearDynamic()
	l.MemTerrain[57] = '-'
	l.MemoryChanged()
	check("a cleared level")
	l.MemTerrain[58] = '#'
	mem.Forget()
	check("a level replaced whole, forgotten")
}

// TestDrawnMemoryRedrawsJustTheChangedCells: random writes of single
// cells — terrain, an item remembered and forgotten, a trap shown — in
// random words, a few at a time, always draw as the whole map drawn
// afresh.
func TestDrawnMemoryRedrawsJustTheChangedCells(t *testing.T) {
	var l c.Level
	var mem text.Memory
	kept := text.Frame{Level: &l, Memory: &mem, Cog: c.Pos{X: -1, Y: -1}}
	fresh := text.Frame{Level: &l, Cog: c.Pos{X: -1, Y: -1}}
	rng := rand.New(rand.NewPCG(7, 35))
	glyphs := []byte{0, '.', '#', '|', '-', '+'}
	items := []byte{0, 0, '$', '%', '!'}
	for step := range 3000 {
		for range 1 + rng.IntN(4) {
			i := rng.IntN(c.N)
			switch rng.IntN(3) {
			case 0:
				l.MemTerrain[i] = glyphs[rng.IntN(len(glyphs))]
			case 1:
				l.MemItem[i] = items[rng.IntN(len(items))]
			default:
				l.TrapShown[i] = !l.TrapShown[i]
			}
		}
		l.MemoryChanged()
		require.Equal(t, string(reference(&fresh)), string(text.AppendMap(nil, &kept)), "step %d", step)
	}
}

func TestTheStatusLineCountsTurnsOrTicks(t *testing.T) {
	st := text.Status{Depth: 2, Gold: 37, HP: 11, MaxHP: 16, AC: 7, XLevel: 1, XP: 9,
		Tick: 341, Turn: 10, MaxTurns: 55, Hunger: c.Hungry, Confused: true}
	require.Equal(t, "Dlvl:2 $:37 HP:11(16) AC:7 Xp:1/9 T:341 Turn:10/55 Hungry Conf",
		string(text.AppendStatus(nil, &st)), "the cog's clock (§15)")
	st.MaxTicks, st.Hunger, st.Confused, st.Stuck, st.Trapped = 2200, c.NotHungry, false, true, true
	require.Equal(t, "Dlvl:2 $:37 HP:11(16) AC:7 Xp:1/9 T:341/2200 Stuck Trap",
		string(text.AppendStatus(nil, &st)), "a person's clock (§22)")
	b := make([]byte, 0, 128)
	require.Zero(t, testing.AllocsPerRun(100, func() { b = text.AppendStatus(b[:0], &st) }))
}

func BenchmarkAppendMap(b *testing.B) {
	s, err := sim.New(sim.Config{Seed: 1})
	require.NoError(b, err)
	s.Turn("e*10 s*5 w*10")
	f := s.Frame()
	buf := make([]byte, 0, text.Size)
	b.ReportAllocs()
	for range b.N {
		buf = text.AppendMap(buf[:0], &f)
	}
}

func TestMechanicsWordsFollowTheCoreWordsInOrder(t *testing.T) {
	st := text.Status{Depth: 1, HP: 5, MaxHP: 9, AC: 7, XLevel: 1, MaxTurns: 55, Hunger: c.Hungry, Confused: true,
		Words: []string{"Thirsty", "Parched", "Cursed"}, Mechanic: 0b101}
	require.Equal(t, "Dlvl:1 $:0 HP:5(9) AC:7 Xp:1/0 T:0 Turn:0/55 Hungry Conf Thirsty Cursed", string(text.AppendStatus(nil, &st)))
	b := make([]byte, 0, 256)
	require.Zero(t, testing.AllocsPerRun(100, func() { b = text.AppendStatus(b[:0], &st) }))
}
