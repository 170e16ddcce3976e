package view_test

import (
	"errors"
	"fmt"
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
	// Picking up and going down do something only on an item and on
	// the stairs (else they are refused at no tick: TestNoOpsCostNoTick).
	onItem := hall()
	onItem.Items = []sim.ScenarioThing{{At: []int{5, 3}, Kind: "apple"}}
	stairs := hall()
	stairs.Map = put(stairs.Map, 6, 3, '>')
	cases := []struct {
		keys string
		want c.Primitive
		sc   *sim.Scenario
		pre  string
	}{
		{keys: "h", want: move(c.West)}, {keys: "j", want: move(c.South)}, {keys: "k", want: move(c.North)}, {keys: "l", want: move(c.East)},
		{keys: "y", want: move(c.NorthWest)}, {keys: "u", want: move(c.NorthEast)}, {keys: "b", want: move(c.SouthWest)}, {keys: "n", want: move(c.SouthEast)},
		{keys: "left", want: move(c.West)}, {keys: "down", want: move(c.South)}, {keys: "up", want: move(c.North)}, {keys: "right", want: move(c.East)},
		{keys: "kp4", want: move(c.West)}, {keys: "kp2", want: move(c.South)}, {keys: "kp8", want: move(c.North)}, {keys: "kp6", want: move(c.East)},
		{keys: "kp7", want: move(c.NorthWest)}, {keys: "kp9", want: move(c.NorthEast)}, {keys: "kp1", want: move(c.SouthWest)}, {keys: "kp3", want: move(c.SouthEast)},
		{keys: "s", want: c.Primitive{Op: c.OpSearch}},
		{keys: ",", want: c.Primitive{Op: c.OpPickup}, sc: &onItem},
		{keys: ">", want: c.Primitive{Op: c.OpDescend}, sc: &stairs, pre: "l"},
		{keys: ".", want: c.Primitive{Op: c.OpWait}},
		{keys: "e b", want: c.Primitive{Op: c.OpEat, Letter: 'b'}},
		{keys: "q d", want: c.Primitive{Op: c.OpQuaff, Letter: 'd'}},
		{keys: "w e", want: c.Primitive{Op: c.OpWield, Letter: 'e'}},
		{keys: "W f", want: c.Primitive{Op: c.OpWear, Letter: 'f'}},
		{keys: "d e", want: c.Primitive{Op: c.OpDrop, Letter: 'e'}},
		{keys: "C l", want: c.Primitive{Op: c.OpChat, Dir: c.East}},
		{keys: "^D h", want: c.Primitive{Op: c.OpKick, Dir: c.West}},
		{keys: "C-d kp9", want: c.Primitive{Op: c.OpKick, Dir: c.NorthEast}},
	}
	for _, tc := range cases {
		t.Run(tc.keys, func(t *testing.T) {
			sc := hall()
			if tc.sc != nil {
				sc = *tc.sc
			}
			s, sp := spied(t, sc)
			p := view.NewPlay(s, view.PlayOptions{})
			if tc.pre != "" {
				press(t, p, tc.pre)
				sp.seen = nil
			}
			base := s.State().Clock.Tick
			keys := strings.Fields(tc.keys)
			if len(keys) > 1 {
				press(t, p, keys[0])
				assert.NotEmpty(t, p.Prompt(), "the first key asks")
				assert.Equal(t, base, s.State().Clock.Tick, "asking costs no tick")
				keys = keys[1:]
			}
			press(t, p, strings.Join(keys, " "))
			require.Equal(t, []c.Primitive{tc.want}, sp.seen)
			assert.Equal(t, base+1, s.State().Clock.Tick, "one key, one primitive, one tick")
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
	assert.Equal(t, "What do you want to wear? [f or ?*]", p.Prompt(), "not the armour worn")
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
	texts, ticks := p.Log()
	assert.Equal(t, []string{"Restored.", "This food ration is delicious!", "It's a wall.", "It's a wall."}, texts,
		"the first k steps north; the wall is bumped at no tick")
	assert.Equal(t, []int{0, 1, 3, 3}, ticks, "eaten at tick 1, a step at 3 (the search between says nothing)")
}

func TestTheMessageLogScrolls(t *testing.T) {
	s := start(t, hall())
	log := []string{"The oldest message."}
	for i := 2; i <= 60; i++ {
		log = append(log, fmt.Sprint(i))
	}
	p := view.NewPlay(s, view.PlayOptions{Log: log})
	press(t, p, "k k")
	g := view.NewGrid(p.Size())
	p.Draw(g)
	assert.NotContains(t, g.String(), "The oldest message.")
	press(t, p, "pgup")
	p.Draw(g)
	assert.Contains(t, g.String(), "Messages (7 lines back; PgDn: newer)")
	press(t, p, "pgup pgup pgup pgup pgup pgup pgup pgup pgup")
	p.Draw(g)
	assert.Contains(t, g.String(), "The oldest message.", "scrolled back to the start, and no further")
	assert.Equal(t, 1, s.State().Clock.Tick, "a step, a bump at no tick; scrolling costs no tick")
	press(t, p, "pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn")
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
	for i, l := range p.Game().InventoryDetails() {
		assert.Contains(t, g.String(), "  "+l+"\n", "the i menu lists the pack")
		assert.True(t, strings.HasPrefix(l, p.InventoryLines()[i]), "with the figures after the stack: %s", l)
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
	p := view.NewPlay(s, view.PlayOptions{Wizard: true, Hooks: view.PlayHooks{Save: func(s *sim.Sim, wizard bool, log []string, _ []int, _ []byte) (string, error) {
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
	p := view.NewPlay(s, view.PlayOptions{Hooks: view.PlayHooks{Save: func(*sim.Sim, bool, []string, []int, []byte) (string, error) {
		return "", errors.New("disk full")
	}}})
	assert.False(t, press(t, p, "S y"))
	assert.Equal(t, "Save failed: disk full", p.Message())
}

func TestClosingTheWindowSavesAGameInProgress(t *testing.T) {
	n := 0
	hooks := view.PlayHooks{Save: func(*sim.Sim, bool, []string, []int, []byte) (string, error) { n++; return "x", nil }}
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
	assert.NotContains(t, g.String(), "cogplay: the goal")
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
