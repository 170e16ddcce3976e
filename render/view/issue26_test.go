package view_test

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/site"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of issue 26, through the screen grid.

func screen(p view.App) string {
	g := view.NewGrid(p.Size())
	p.Draw(g)
	return g.String()
}

// 1. Auto-explore refuses with a monster in view, and only ever walks.
func TestAutoExploreRefusesWithAMonsterInView(t *testing.T) {
	sc, err := scenario.Load("../../scenarios/ant.json")
	require.NoError(t, err)
	s, err := sim.New(sim.Config{Seed: 1, Scenario: sc})
	require.NoError(t, err)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "x")
	assert.False(t, p.Busy())
	assert.Zero(t, s.State().Clock.Tick, "refused at no tick")
	assert.Contains(t, screen(p), "You can't explore with a giant ant in view.")
}

func TestAutoExploreOnlyWalks(t *testing.T) {
	for _, seed := range []uint64{3, 12} {
		s, sp := exploreGame(t, seed)
		p := view.NewPlay(s, view.PlayOptions{})
		explored := 0
		for i := 0; i < 40 && !s.Done(); i++ {
			n := len(sp.seen)
			press(t, p, "x")
			if !p.Busy() {
				press(t, p, "s") // refused (a monster in view, or done): wait a tick
				continue
			}
			settle(t, p)
			t.Logf("seed %d: %s", seed, p.Activity())
			for _, prim := range sp.seen[n:] {
				require.Contains(t, []c.Op{c.OpMove, c.OpPickup}, prim.Op, "seed %d: auto-explore only walks (and picks up gold): %v", seed, prim)
			}
			explored += len(sp.seen) - n
		}
		assert.Greater(t, explored, 10, "seed %d explored", seed)
		for _, e := range p.Game().Log.Entries() {
			if e.Text == "You can't move there." {
				assert.Less(t, e.Times, 3, "seed %d: %s", seed, e)
			}
		}
	}
}

// 2. Free actions cost no tick: the i menu, a letter of nothing at a
// prompt, ? and * listing the choices.
func TestAPromptListsItsChoicesAndAsksAgain(t *testing.T) {
	s, sp := spied(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "e z")
	assert.Equal(t, "You don't have that object.  What do you want to eat? [b or ?*]", p.Message())
	press(t, p, "?")
	out := screen(p)
	assert.Contains(t, out, "b - a food ration")
	assert.NotContains(t, out, "a - a dagger (weapon in hand)", "? lists only what may be eaten, over the panel")
	press(t, p, "*")
	assert.Contains(t, screen(p), "  e - a long sword [damage 2-9, to-hit +0]\n")
	assert.Empty(t, sp.seen, "no tick so far")
	press(t, p, "b")
	assert.Equal(t, []c.Primitive{{Op: c.OpEat, Letter: 'b'}}, sp.seen)

	rat := hall()
	rat.Monsters = []sim.ScenarioThing{{At: []int{6, 3}, Species: "sewer rat"}}
	s, _ = spied(t, rat)
	p = view.NewPlay(s, view.PlayOptions{})
	press(t, p, "i")
	assert.Contains(t, screen(p), "Inventory")
	press(t, p, "esc i esc")
	e := s.State()
	assert.Zero(t, e.Clock.Tick, "i with a rat adjacent: no bite")
}

// 3. What is underfoot is said.
func TestYouSeeHereAndLookHere(t *testing.T) {
	sc := hall()
	sc.Items = []sim.ScenarioThing{{At: []int{6, 3}, Kind: "gold piece", Count: 12}, {At: []int{8, 3}, Kind: "dagger"}}
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "l")
	assert.Equal(t, "You see here 12 gold pieces.", p.Message())
	assert.Contains(t, screen(p), "T:1 You see here 12 gold pieces.")
	press(t, p, ":")
	assert.Equal(t, "You see here 12 gold pieces.", p.Message(), ": looks here at no tick")
	assert.Equal(t, 1, s.State().Clock.Tick)
	press(t, p, "; .")
	assert.Equal(t, "yourself, on 12 gold pieces", p.Message())
	press(t, p, "L")
	for p.Busy() {
		p.Advance()
	}
	assert.Equal(t, "Stopped: a dagger.", p.Activity())
	press(t, p, "l :")
	assert.Equal(t, "You see no objects here.", p.Message())
}

// 4. Death: the final map and --More--, then the tombstone with the
// possessions (TestDeathRecordsTheScoreAndEndsOnAKey), and the
// end-of-game file with the game's replay.
func TestTheEndWritesItsFileAndReplay(t *testing.T) {
	cfg := sim.Config{Seed: 1, Scenario: ptr(deadly()), Agent: "human"}
	cfg.Scenario.Name = "deadly"
	s, rec, err := view.NewRecorded(cfg)
	require.NoError(t, err)
	var dump string
	var rep []byte
	p := view.NewPlay(s, view.PlayOptions{Title: "deadly", Recording: rec, Hooks: view.PlayHooks{
		End: func(r sim.Result, d string, replayData []byte) ([]string, error) {
			dump, rep = d, replayData
			return []string{"The end of the game: /x.txt"}, nil
		}}})
	waitToDeath(t, p)
	require.True(t, p.Over())
	assert.Contains(t, dump, "REST")
	assert.Contains(t, dump, "Possessions:")
	assert.Contains(t, dump, "T:1 ")
	require.NotEmpty(t, rep)

	// Share your run: the replay verifies and opens as a one-file page.
	r, err := replay.Read(bytes.NewReader(rep))
	require.NoError(t, err)
	require.NotNil(t, r.Result)
	assert.NoError(t, r.Play(nil), "a person's game verifies")
	var page bytes.Buffer
	require.NoError(t, site.WritePage(&page, &site.Program{Wasm: []byte("\x00asm"), WasmExec: []byte("// go")}, rep, "run.jsonl"))
	assert.Contains(t, page.String(), "run.jsonl")
	v, err := view.NewViewer(r, "run.jsonl")
	require.NoError(t, err)
	v.Seek(v.Turns())
	assert.Zero(t, v.Diverged())
	assert.True(t, v.Sim().Done())
}

// 5. The status line is coloured, and the hp never reads below 0.
func TestTheStatusLineIsColoured(t *testing.T) {
	sc := hall()
	sc.Cog.HP = ptr(3)
	sc.Cog.Nutrition = ptr(40)
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	g := view.NewGrid(p.Size())
	p.Draw(g)
	row := 20
	line := g.Row(row)
	i := strings.Index(line, "HP:3(16)")
	require.GreaterOrEqual(t, i, 0, line)
	assert.Equal(t, view.HPLow, g.At(i, row).Fg, "3 of 16 hp: red")
	assert.Equal(t, view.HPColour(16, 16), view.HPGood)
	assert.Equal(t, view.HPColour(8, 16), view.HPHurt)
	if j := strings.Index(line, "Hungry"); j >= 0 {
		assert.Equal(t, view.HungerC, g.At(j, row).Fg)
	}

	s = start(t, deadly())
	p = view.NewPlay(s, view.PlayOptions{})
	waitToDeath(t, p)
	assert.Contains(t, p.StatusLine(), "HP:0(")
	assert.NotContains(t, p.StatusLine(), "HP:-")
}

// 8. The log: ticks, repeats folded, ^P.
func TestTheLogFoldsRepeatsAndShowsTicks(t *testing.T) {
	sc := hall()
	sc.Traps = []sim.ScenarioThing{{At: []int{6, 3}, Kind: "pit", Hidden: ptr(true)}}
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "l l l")
	out := screen(p)
	assert.Contains(t, out, "T:1 You fall into a pit!")
	assert.Contains(t, out, "T:2-3 You are still in a pit. (x2)", "said on ticks 2 and 3: one line")
	press(t, p, "^P")
	out = screen(p)
	assert.Contains(t, out, "Messages (oldest first; T: the tick)")
	assert.Contains(t, out, "T:2-3 You are still in a pit. (x2)")
	assert.Equal(t, 3, s.State().Clock.Tick)
}

// 9. S asks; the seed typed replaces the one offered; options and key
// bindings; the footer never overlaps.
func TestTheSeedTypedReplacesTheOneOffered(t *testing.T) {
	st := view.NewStart(13421850, []string{"cog"}, "cog", nil, false, nil)
	st.Key('4')
	st.Key('2')
	seed, _, _ := st.Choice()
	assert.Equal(t, "42", seed)
}

func TestTheOptionsFileBindsKeys(t *testing.T) {
	o, err := view.ParseOptions(strings.NewReader("# mine\nname = Ada\nnumpad = yes\nbind o = x\nbind g = s  # search\n"))
	require.NoError(t, err)
	assert.Equal(t, "Ada", o.Name)
	assert.True(t, *o.NumberPad)
	s, sp := spied(t, hall())
	p := view.NewPlay(s, view.PlayOptions{Bind: o.Bind})
	press(t, p, "g")
	assert.Equal(t, []c.Primitive{search}, sp.seen, "g does what s does")
	o, err = view.ParseOptions(strings.NewReader("pace = 3\n"))
	require.NoError(t, err)
	assert.Equal(t, 3, *o.Pace)
	for _, bad := range []string{"colour = red", "bind o = F1", "bind o = Z", "numpad = maybe", "just words", "pace = fast", "pace = -1"} {
		_, err := view.ParseOptions(strings.NewReader(bad))
		assert.ErrorContains(t, err, "line 1", bad)
	}
}

func TestTheFooterNeverOverlaps(t *testing.T) {
	sc := hall()
	sc.Name = "a scenario whose name is long enough to run into the keys of the footer"
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{Wizard: true, Title: view.GameTitle(s)})
	g := view.NewGrid(p.Size())
	p.Draw(g)
	row := g.Row(g.H - 1)
	hint, title := p.Footer()
	assert.True(t, strings.HasPrefix(row, hint+" "), row)
	assert.True(t, strings.HasSuffix(row, title), row)
	assert.Contains(t, hint, "[wizard]")
	assert.True(t, strings.HasSuffix(view.GameTitle(s), strings.TrimPrefix(title, "...")))
	assert.Equal(t, len(row), len(hint)+strings.Count(row[len(hint):len(row)-len(title)], " ")+len(title), "hint, spaces, title")
}

// Take over from a replay: T in the viewer goes on as a person's game,
// whose replay verifies.
func TestATakenOverReplayVerifies(t *testing.T) {
	v := newViewer(t, recorded(t, 1, 30))
	v.Seek(12)
	v.Update(view.Input{Keys: []view.Key{'T'}})
	p, ok := v.Next().(*view.Play)
	require.True(t, ok, "T takes over")
	assert.Contains(t, p.Title(), "taken over")
	assert.Contains(t, screen(v), "Dlvl:")
	before := p.Sim.State().CogPos()
	assert.Equal(t, v.Sim().State().CogPos(), before, "the game goes on where the replay stood")
	for _, k := range []view.Key{'s', '.', 's', '.', 's', '.'} {
		v.Update(view.Input{Keys: []view.Key{k}})
	}
	rep, err := replay.ReadUnfinished(bytes.NewReader(p.Game().Replay()))
	require.NoError(t, err)
	assert.Len(t, rep.Turns, 12+6)
	assert.NoError(t, rep.Play(nil), "the new replay verifies")
}

// 8. "Stopped: a newt comes into view." does not outlive the newt.
func TestTheStopRowDoesNotOutliveItsMonster(t *testing.T) {
	sc := hall()
	sc.Lit = ptr(false)
	sc.Monsters = []sim.ScenarioThing{{At: []int{9, 3}, Species: "newt", HP: 1}}
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "9 l")
	settle(t, p)
	require.Equal(t, "Stopped: a newt comes into view.", p.Activity())
	assert.Contains(t, screen(p), "Stopped: a newt comes into view.")
	e := s.State()
	for i := 0; i < 20 && strings.Contains(p.Activity(), "newt"); i++ {
		// Attack the newt wherever it stands next to the cog.
		cog := e.CogPos()
		for _, d := range c.Dirs {
			if q := cog.Add(d); q.In() && e.Level.Creatures.Occupied(q) {
				p.Key(view.DirKeys[dirIndex(d)].Keys[0])
				break
			}
		}
	}
	assert.Empty(t, p.Activity(), "the newt is gone, and its row with it")
	assert.NotContains(t, screen(p), "comes into view")
}

func dirIndex(d c.Dir) int {
	for i, dk := range view.DirKeys {
		if dk.Dir == d {
			return i
		}
	}
	return 0
}

// 6, 7. The grid fills the window or the page, and fits one smaller
// than it: the play screen in a 1920 x 950 page (less the bar), the
// viewer at 1366 x 657, a phone.
func TestTheGridFillsTheScreenAndFits(t *testing.T) {
	const cw, ch = 8, 16
	pc, pr := view.NewPlay(start(t, hall()), view.PlayOptions{}).Size()
	vc, vr := newViewer(t, recorded(t, 1, 2)).Size()
	for _, tc := range []struct {
		w, h, cols, rows int
		fills            bool
	}{
		{1920, 950 - 34, pc, pr, true},
		{1366, 657 - 34, vc, vr, true},
		{1366, 768 - 34, pc, pr, true},
		{390, 844 - 34, pc, pr, false},
		{1536, 992, pc, pr, true},
	} {
		s := view.FitScale(tc.w, tc.h, tc.cols*cw, tc.rows*ch)
		w, h := float64(tc.cols*cw)*s, float64(tc.rows*ch)*s
		assert.LessOrEqual(t, w, float64(tc.w), "%+v fits across", tc)
		assert.LessOrEqual(t, h, float64(tc.h), "%+v fits down", tc)
		if tc.fills {
			assert.True(t, w >= 0.9*float64(tc.w) || h >= 0.9*float64(tc.h), "%+v fills a side: %.2f", tc, s)
		}
	}
	assert.Equal(t, 2.0, view.FitScale(1536, 992, pc*cw, pr*ch), "a whole scale when it fits")
	assert.Greater(t, view.DefaultScale(1920, 1080, pc*cw, pr*ch), 1.0, "the window starts larger than scale 1 on a 1080p screen")
}

// 6. Remembered cells are readable: a dimmed grey floor has a contrast of
// at least 3:1 on the map's background; and the @ is marked.
func TestRememberedCellsAreReadableAndTheCogMarked(t *testing.T) {
	lum := func(c color.RGBA) float64 {
		f := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*f(c.R) + 0.7152*f(c.G) + 0.0722*f(c.B)
	}
	dim := view.Dimmed(view.RGBA(c.Gray))
	ratio := (lum(dim) + 0.05) / (lum(view.MapBack) + 0.05)
	assert.GreaterOrEqual(t, ratio, 3.0, "contrast of a remembered floor")
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	g := view.NewGrid(p.Size())
	p.Draw(g)
	q := s.State().CogPos()
	assert.Equal(t, view.CogBack, g.At(q.X, q.Y+2).Bg, "the @ has its own background")
}

// 10. On a coarse clock (a browser's), F3 shows only the figures over
// many ticks, and says why.
func TestTheProfilerOnACoarseClock(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	p.Profiler().SetResolution(100_000)
	press(t, p, "f3 s s s")
	p.Update(view.Input{})
	out := screen(p)
	assert.Contains(t, out, "the clock steps by 100 us here")
	assert.Regexp(t, `\n[^\n]*systems\s+-\s+-\s+\d+`, out)
	assert.Zero(t, p.Profiler().Overhead(), "no overhead taken off a clock this coarse")
}

// A recorded game plays what the keys say: every primitive of play is
// written as a reply that parses back to it (j is south, not "s",
// which is search).
func TestARecordedGameMovesAsTheKeysSay(t *testing.T) {
	sc := hall()
	s, rec, err := view.NewRecorded(sim.Config{Seed: 1, Scenario: &sc, Agent: "human"})
	require.NoError(t, err)
	p := view.NewPlay(s, view.PlayOptions{Recording: rec})
	from := s.State().CogPos()
	press(t, p, "j l")
	assert.Equal(t, c.Pos{X: from.X + 1, Y: from.Y + 1}, s.State().CogPos(), "j is south")
	for _, prim := range []c.Primitive{
		{Op: c.OpMove, Dir: c.South}, {Op: c.OpMove, Dir: c.SouthEast}, {Op: c.OpSearch}, {Op: c.OpWait},
		{Op: c.OpEat, Letter: 'b'}, {Op: c.OpKick, Dir: c.South}, {Op: c.OpChat, Dir: c.North}, {Op: c.OpDescend}, {Op: c.OpPickup},
	} {
		var q c.Queue
		var rp reply.Parser
		assert.Empty(t, rp.Parse(view.PrimitiveString(prim), &q))
		assert.Equal(t, []c.Primitive{prim}, q.Items[q.Head:q.Len], view.PrimitiveString(prim))
	}
}

// The tombstone always shows this game's line of the record, however
// long the record and the pack.
func TestTheTombstoneKeepsThisGamesLine(t *testing.T) {
	rec := []string{"  rank score"}
	for i := 1; i <= 8; i++ {
		rec = append(rec, fmt.Sprintf("  %4d other game", i))
	}
	rec = append(rec, "  ...", "*   12 this game")
	s := start(t, deadly())
	p := view.NewPlay(s, view.PlayOptions{Hooks: view.PlayHooks{Scores: func() []string { return rec }}})
	waitToDeath(t, p)
	for i := 0; i < view.GuardFrames; i++ {
		p.Update(view.Input{})
	}
	p.Key(' ')
	out := screen(p)
	assert.Contains(t, out, "*   12 this game")
	assert.Contains(t, out, "Possessions:")
	assert.Contains(t, out, "The record (* this game):")
}

// A saved game's replay goes on after the restore, and the whole of it
// verifies.
func TestARestoredGameGoesOnRecording(t *testing.T) {
	sc := hall()
	s, rec, err := view.NewRecorded(sim.Config{Seed: 1, Scenario: &sc, Agent: "human"})
	require.NoError(t, err)
	p := view.NewPlay(s, view.PlayOptions{Recording: rec})
	press(t, p, "l l s j")
	kept := append([]byte(nil), p.Game().Replay()...)
	restored, err := sim.FromSnapshot(s.Snapshot())
	require.NoError(t, err)
	rec2, err := view.ResumeRecording(restored, kept)
	require.NoError(t, err)
	p2 := view.NewPlay(restored, view.PlayOptions{Recording: rec2})
	press(t, p2, "k h .")
	rep, err := replay.ReadUnfinished(bytes.NewReader(p2.Game().Replay()))
	require.NoError(t, err)
	assert.Len(t, rep.Turns, 7)
	assert.NoError(t, rep.Play(nil), "the replay across the save verifies")
	assert.Equal(t, restored.State().CogPos(), s.State().CogPos().Add(c.North).Add(c.West), "and it is the game played")
}
