package view_test

import (
	"errors"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pack is a scenario inventory with something of every class.
var pack = []sim.ScenarioStack{
	{Kind: "dagger", Wielded: true},
	{Kind: "food ration"},
	{Kind: "leather armour", Worn: true},
	{Kind: "potion of healing", Count: 2},
	{Kind: "long sword"},
	{Kind: "ring mail"},
}

// hall: the cog in the middle of the west room of twoRooms.
func hall() sim.Scenario {
	return sim.Scenario{Map: put(twoRooms, 5, 3, '@'), Cog: &sim.ScenarioCog{Inventory: pack}}
}

// press feeds keys (by name) to p.
func press(t *testing.T, p *view.Play, names string) (quit bool) {
	t.Helper()
	keys, err := view.ParseKeys(names)
	require.NoError(t, err)
	for _, k := range keys {
		quit = p.Key(k)
	}
	return quit
}

// TestEveryKeyOfSection22 is the key table of §22: each key, with the
// answer to its prompt, performs exactly one primitive, in one tick.
func TestEveryKeyOfSection22(t *testing.T) {
	move := func(d c.Dir) c.Primitive { return c.Primitive{Op: c.OpMove, Dir: d} }
	cases := []struct {
		keys string
		want c.Primitive
	}{
		{"h", move(c.West)}, {"j", move(c.South)}, {"k", move(c.North)}, {"l", move(c.East)},
		{"y", move(c.NorthWest)}, {"u", move(c.NorthEast)}, {"b", move(c.SouthWest)}, {"n", move(c.SouthEast)},
		{"left", move(c.West)}, {"down", move(c.South)}, {"up", move(c.North)}, {"right", move(c.East)},
		{"kp4", move(c.West)}, {"kp2", move(c.South)}, {"kp8", move(c.North)}, {"kp6", move(c.East)},
		{"kp7", move(c.NorthWest)}, {"kp9", move(c.NorthEast)}, {"kp1", move(c.SouthWest)}, {"kp3", move(c.SouthEast)},
		{"s", c.Primitive{Op: c.OpSearch}},
		{",", c.Primitive{Op: c.OpPickup}},
		{">", c.Primitive{Op: c.OpDescend}},
		{".", c.Primitive{Op: c.OpWait}},
		{"e b", c.Primitive{Op: c.OpEat, Letter: 'b'}},
		{"q d", c.Primitive{Op: c.OpQuaff, Letter: 'd'}},
		{"w e", c.Primitive{Op: c.OpWield, Letter: 'e'}},
		{"W f", c.Primitive{Op: c.OpWear, Letter: 'f'}},
		{"d e", c.Primitive{Op: c.OpDrop, Letter: 'e'}},
		{"C l", c.Primitive{Op: c.OpChat, Dir: c.East}},
		{"^D h", c.Primitive{Op: c.OpKick, Dir: c.West}},
		{"C-d kp9", c.Primitive{Op: c.OpKick, Dir: c.NorthEast}},
	}
	for _, tc := range cases {
		t.Run(tc.keys, func(t *testing.T) {
			s, sp := spied(t, hall())
			p := view.NewPlay(s, view.PlayOptions{})
			keys := strings.Fields(tc.keys)
			if len(keys) > 1 {
				press(t, p, keys[0])
				assert.NotEmpty(t, p.Prompt(), "the first key asks")
				assert.Zero(t, s.State().Clock.Tick, "asking costs no tick")
				keys = keys[1:]
			}
			press(t, p, strings.Join(keys, " "))
			require.Equal(t, []c.Primitive{tc.want}, sp.seen)
			assert.Equal(t, 1, s.State().Clock.Tick, "one key, one primitive, one tick")
			assert.Empty(t, p.Prompt())
		})
	}
}

func TestKeysThatCostNoTick(t *testing.T) {
	for _, keys := range []string{"?", "? x", "e esc", "^D x", "C esc", "w 1", "Z", "F1", "i", "i x", "e z", "e ? esc", "e * esc", ":", "^P", "^P esc", "S"} {
		t.Run(keys, func(t *testing.T) {
			s, sp := spied(t, hall())
			p := view.NewPlay(s, view.PlayOptions{})
			ks, err := view.ParseKeys(keys)
			if err != nil {
				assert.Contains(t, keys, "F1", "only F1 is no key name")
				return
			}
			for _, k := range ks {
				p.Key(k)
			}
			assert.Empty(t, sp.seen)
			assert.Zero(t, s.State().Clock.Tick)
		})
	}
}

func TestPromptsSpeakNetHack(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "e")
	assert.Equal(t, "What do you want to eat? [b or ?*]", p.Prompt())
	assert.Equal(t, p.Prompt(), p.Message(), "the prompt is on the message line")
	press(t, p, "esc")
	assert.Equal(t, "Never mind.", p.Message())
	press(t, p, "W")
	assert.Equal(t, "What do you want to wear? [cf or ?*]", p.Prompt())
	press(t, p, "esc ^D")
	assert.Equal(t, "In what direction?", p.Prompt())
	press(t, p, "x")
	assert.Equal(t, "What a strange direction!  Never mind.", p.Message())
	press(t, p, "Z")
	assert.Equal(t, "Unknown command 'Z'.  Press ? for help.", p.Message())

	bare := start(t, sim.Scenario{Map: put(twoRooms, 5, 3, '@'), Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "dagger", Wielded: true}}}})
	p = view.NewPlay(bare, view.PlayOptions{})
	press(t, p, "q")
	assert.Equal(t, "You don't have anything to drink.", p.Message())
	assert.Empty(t, p.Prompt())
}

func TestTheMessageLineAndTheLog(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{Log: []string{"Restored."}})
	press(t, p, "e b")
	assert.Equal(t, "This food ration is delicious!", p.Message())
	press(t, p, "s")
	assert.Empty(t, p.Message(), "a tick without messages clears the line")
	press(t, p, "k k k")
	assert.Equal(t, []string{"Restored.", "This food ration is delicious!", "You can't move there.", "You can't move there."}, p.Log())
}

func TestTheMessageLogScrolls(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{Log: []string{"The oldest message.", "2", "3", "4", "5", "6", "7", "8"}})
	press(t, p, "k k")
	g := view.NewGrid(p.Size())
	p.Draw(g)
	assert.NotContains(t, g.String(), "The oldest message.")
	press(t, p, "pgup pgup")
	p.Draw(g)
	assert.Contains(t, g.String(), "The oldest message.")
	assert.Contains(t, g.String(), "Messages (2 lines back; PgDn for newer, ^P all)")
	assert.Zero(t, s.State().Clock.Tick-2, "scrolling costs no tick")
	press(t, p, "pgdn")
	p.Draw(g)
	assert.Contains(t, g.String(), "Messages (^P: all)\n")
}

func TestTheStatusLineCountsTicks(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "s s s")
	assert.Equal(t, "Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:3/2200", p.StatusLine())
}

func TestTheInventoryPanel(t *testing.T) {
	sc := hall()
	sc.Cog.Gold = ptr(12)
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	lines := p.InventoryLines()
	require.Len(t, lines, 7)
	assert.Equal(t, "$ - 12 gold pieces", lines[0])
	assert.Equal(t, "a - a dagger (weapon in hand)", lines[1])
	assert.Equal(t, "c - leather armour (being worn)", lines[3])
	assert.Regexp(t, `^d - 2 (pink|ruby|milky|smoky|cloudy|dark) potions$`, lines[4])
	g := view.NewGrid(p.Size())
	p.Draw(g)
	assert.Contains(t, g.String(), "a - a dagger (weapon in hand)")
	assert.Contains(t, g.String(), p.StatusLine())
}

// TestThePanelAndTheInventoryCommandAgree: the panel's lines are the
// stacks of the inventory line the 'i' command says (§15), one home
// formatting both.
func TestThePanelAndTheInventoryCommandAgree(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "i")
	e := s.State()
	line := string(c.AppendInventory(nil, e.Inventory.Get(e.Run.Cog), e.Knowledge))
	g := view.NewGrid(p.Size())
	p.Draw(g)
	for _, l := range p.InventoryLines() {
		assert.Contains(t, g.String(), "  "+l+"\n", "the i menu lists the pack")
	}
	assert.Equal(t, strings.Join(p.InventoryLines(), "; "), line, "the pack holds no gold")
	assert.True(t, strings.HasPrefix(line, "a - a dagger (weapon in hand); b - a food ration; c - leather armour (being worn); d - 2 "), line)
}

// deadly: the cog at 1 hp next to a giant ant (level 2, AC 3 cog has 7):
// it dies within a few ticks of waiting.
func deadly() sim.Scenario {
	return sim.Scenario{Map: put(put(twoRooms, 5, 3, '@'), 6, 3, 'a'), Cog: &sim.ScenarioCog{HP: ptr(1)}}
}

// waitToDeath presses '.' until the game asks or ends.
func waitToDeath(t *testing.T, p *view.Play) {
	t.Helper()
	for i := 0; i < 200 && p.Prompt() == "" && !p.Over(); i++ {
		p.Key('.')
	}
	require.True(t, p.Prompt() != "" || p.Over(), "the cog should have died")
}

func TestDeathRecordsTheScoreAndEndsOnAKey(t *testing.T) {
	var records []sim.Result
	s := start(t, deadly())
	p := view.NewPlay(s, view.PlayOptions{Hooks: view.PlayHooks{Record: func(r sim.Result) (string, error) {
		records = append(records, r)
		return "/tmp/record.jsonl", nil
	}}})
	waitToDeath(t, p)
	require.True(t, p.Over())
	require.Len(t, records, 1)
	assert.Equal(t, "killed by a giant ant", records[0].Cause)
	end := strings.Join(p.EndLines(), "\n")
	assert.Contains(t, end, "You die... (killed by a giant ant)")
	assert.Contains(t, end, "Score ")
	assert.Contains(t, end, "Score recorded in /tmp/record.jsonl")
	g := view.NewGrid(p.Size())
	p.Draw(g)
	assert.Contains(t, g.Row(0), "You die...--More--", "first the final map and --More--")
	assert.Contains(t, g.String(), "|...@a")
	assert.False(t, p.Update(view.Input{Keys: []view.Key{'x', ' '}}), "keys typed ahead pass the --More-- by")
	for i := 0; i < view.GuardFrames; i++ {
		p.Update(view.Input{})
	}
	assert.False(t, p.Key('x'), "only space, Enter or Esc go on from --More--")
	p.Key(' ')
	require.True(t, p.Tomb().Stone())
	p.Draw(g)
	assert.Contains(t, g.String(), "REST")
	assert.Contains(t, g.String(), "Possessions:")
	assert.Contains(t, g.String(), "a - a dagger (weapon in hand)")
	assert.NotContains(t, g.String(), "Press any key to exit.", "not before the guard")
	assert.False(t, p.Update(view.Input{Keys: []view.Key{'x'}}), "a key typed ahead does not quit")
	for i := 0; i < view.GuardFrames; i++ {
		p.Update(view.Input{})
	}
	p.Draw(g)
	assert.Contains(t, g.String(), "Press any key to exit.")
	assert.True(t, p.Key('x'), "any key ends the program")
	assert.Len(t, records, 1)
}

func TestWizardModeAsksDieAndNoRecordIsWritten(t *testing.T) {
	recorded := false
	s := start(t, deadly())
	p := view.NewPlay(s, view.PlayOptions{Wizard: true, Hooks: view.PlayHooks{Record: func(sim.Result) (string, error) {
		recorded = true
		return "", nil
	}}})
	waitToDeath(t, p)
	assert.Equal(t, "Die? [yn] (n)", p.Prompt())
	assert.False(t, p.Over())
	press(t, p, "n")
	assert.Equal(t, "OK, so you don't die.", p.Message())
	assert.False(t, s.Done(), "play goes on")
	e := s.State()
	assert.Equal(t, e.Health.Get(e.Run.Cog).MaxHP, e.Health.Get(e.Run.Cog).HP)

	waitToDeath(t, p)
	assert.Equal(t, "Die? [yn] (n)", p.Prompt())
	press(t, p, "y")
	assert.True(t, p.Over())
	assert.False(t, recorded, "wizard games write no record")
	assert.Contains(t, p.EndLines(), "Wizard mode: no record written.")
}

func TestTheClockEndsAPersonsGameInTicks(t *testing.T) {
	sc := hall()
	sc.Clock = &sim.ScenarioClock{MaxTurns: 1, TurnTicks: 3}
	var cause string
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{Wizard: false, Hooks: view.PlayHooks{Record: func(r sim.Result) (string, error) {
		cause = r.Cause
		return "x", nil
	}}})
	press(t, p, "s s")
	assert.False(t, p.Over())
	press(t, p, "s")
	assert.True(t, p.Over())
	assert.Equal(t, "clock", cause)
	assert.Contains(t, p.EndLines()[0], "clock ran out")
}

func TestSaveAndQuit(t *testing.T) {
	var saved *sim.Sim
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{Wizard: true, Hooks: view.PlayHooks{Save: func(s *sim.Sim, wizard bool, log []string, _ []byte) (string, error) {
		assert.True(t, wizard)
		saved = s
		return "/saves/me.json", nil
	}}})
	press(t, p, "l")
	assert.False(t, press(t, p, "S"), "S asks first")
	assert.Equal(t, "Really save and quit? [yn] (n)", p.Prompt())
	assert.True(t, press(t, p, "y"), "S y quits")
	assert.Same(t, s, saved)
	assert.Equal(t, "/saves/me.json", p.Saved())
	assert.Equal(t, 1, s.State().Clock.Tick, "saving costs no tick")
}

func TestAFailedSaveKeepsPlaying(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{Hooks: view.PlayHooks{Save: func(*sim.Sim, bool, []string, []byte) (string, error) {
		return "", errors.New("disk full")
	}}})
	assert.False(t, press(t, p, "S y"))
	assert.Equal(t, "Save failed: disk full", p.Message())
}

func TestClosingTheWindowSavesAGameInProgress(t *testing.T) {
	n := 0
	hooks := view.PlayHooks{Save: func(*sim.Sim, bool, []string, []byte) (string, error) { n++; return "x", nil }}
	p := view.NewPlay(start(t, hall()), view.PlayOptions{Hooks: hooks})
	p.Close()
	assert.Equal(t, 1, n)

	over := view.NewPlay(start(t, deadly()), view.PlayOptions{Hooks: hooks})
	waitToDeath(t, over)
	over.Close()
	assert.Equal(t, 1, n, "a finished game is not saved")
}

func TestTheWizardIsAskedWhetherToKeepTheSaveFile(t *testing.T) {
	for _, tc := range []struct {
		key  string
		keep bool
	}{{"y", true}, {"n", false}, {"esc", false}} {
		var answers []bool
		s := start(t, hall())
		p := view.NewPlay(s, view.PlayOptions{Wizard: true, AskKeep: true, Hooks: view.PlayHooks{KeepSave: func(keep bool) error {
			answers = append(answers, keep)
			return nil
		}}})
		assert.Equal(t, "Do you want to keep the save file? [yn] (n)", p.Prompt())
		press(t, p, "l")
		assert.Zero(t, s.State().Clock.Tick, "no play before the answer")
		press(t, p, tc.key)
		assert.Equal(t, []bool{tc.keep}, answers, tc.key)
		press(t, p, "l")
		assert.Equal(t, 1, s.State().Clock.Tick)
	}
}

func TestTheHelpOverlayListsEveryCommand(t *testing.T) {
	p := view.NewPlay(start(t, hall()), view.PlayOptions{})
	press(t, p, "?")
	g := view.NewGrid(p.Size())
	p.Draw(g)
	screen := g.String()
	for _, b := range view.PlayKeys {
		assert.Contains(t, screen, b.Help)
	}
	assert.Contains(t, screen, "h left kp4")
	press(t, p, "x")
	p.Draw(g)
	assert.NotContains(t, g.String(), "cogplay keys")
}

func TestKeyNames(t *testing.T) {
	keys, err := view.ParseKeys("l space ^D C-d up kp7 esc , >")
	require.NoError(t, err)
	assert.Equal(t, []view.Key{'l', ' ', view.Ctrl('d'), view.Ctrl('d'), view.KeyUp, view.KeyKP7, view.KeyEscape, ',', '>'}, keys)
	var names []string
	for _, k := range keys {
		names = append(names, k.String())
	}
	assert.Equal(t, "l space ^D ^D up kp7 esc , >", strings.Join(names, " "))
	_, err = view.ParseKeys("l bogus")
	assert.EqualError(t, err, `unknown key "bogus"`)
}
