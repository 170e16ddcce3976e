package bench

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
)

// StandardAgent plays the standard game of the benchmarks (§23).
const StandardAgent = "explore"

// Game is a recorded standard game: episodes of seeds 1, 2, … as an agent
// played them, kept as the agent's replies. The engine is deterministic,
// so replaying the replies runs the very same ticks again, as often as a
// measurement needs, without the agent's own time in the way.
type Game struct {
	Agent string
	// Selection is the rules variant and mechanics the episodes were
	// played under; the zero value is the standard game.
	Selection
	Episodes []Episode
	// Ticks is the sum of the episodes' ticks.
	Ticks int
}

// Episode is one recorded episode: its seed, the replies of its command
// turns, and the ticks they ran (the last episode of a game may be cut
// short).
type Episode struct {
	Seed    uint64
	Replies []string
	Ticks   int
}

// Selection is a rules variant (§25) and extra mechanics (§27.1), as
// --rules and --mechanics name them (§34.2). The zero value is the
// standard game: rules cog, no extra mechanics.
type Selection struct {
	Rules     string
	Mechanics []string
}

// Label names the selection as a replay's header does: the variant, and
// any extra mechanics after a "+" ("nethack + wands").
func (s Selection) Label() string {
	label := s.Rules
	if label == "" {
		label = "cog"
	}
	if len(s.Mechanics) > 0 {
		label += " + " + strings.Join(s.Mechanics, ", ")
	}
	return label
}

// Config is the configuration of the game's episode of seed seed: the
// game's agent and selection, the invariant checker off.
func (g *Game) Config(seed uint64) sim.Config {
	return sim.Config{Seed: seed, Rules: g.Rules, Mechanics: g.Mechanics, Agent: g.Agent, Setup: sim.WithoutInvariants}
}

// Record plays episodes of seeds 1, 2, … of the standard game with the
// built-in agent called agent until ticks ticks have run; the turn that
// reaches the count is the last. It stops early, with ctx's error, when
// ctx is cancelled.
func Record(ctx context.Context, agent string, ticks int) (*Game, error) {
	return RecordUnder(ctx, agent, ticks, Selection{})
}

// RecordUnder is [Record] under the rules and mechanics of sel: the
// episodes install them, so their systems run in every tick.
func RecordUnder(ctx context.Context, agent string, ticks int, sel Selection) (*Game, error) {
	a, err := agents.New(agent)
	if err != nil {
		return nil, err
	}
	g := &Game{Agent: agent, Selection: sel}
	// The agent is not told the mechanics (agents.Agent hides Know): the
	// game stays the one recorded before (issue 35).
	pl := &budgeted{Agent: play.Builtin(struct{ agents.Agent }{a}), g: g, ticks: ticks}
	for seed := uint64(1); g.Ticks < ticks; seed++ {
		s, err := sim.New(g.Config(seed))
		if err != nil {
			return nil, err
		}
		var replies play.Replies
		if _, err := play.Run(ctx, s, pl, 0, &replies); err != nil && err != errSpent {
			return nil, err
		}
		ep := Episode{Seed: seed, Replies: replies.List, Ticks: s.State().Clock.Tick}
		g.Ticks += ep.Ticks
		g.Episodes = append(g.Episodes, ep)
	}
	return g, nil
}

// errSpent stops the last episode of a recording at its tick budget.
var errSpent = errors.New("bench: the ticks are recorded")

// budgeted plays its agent until the game being recorded has its ticks,
// and stops when ctx is cancelled.
type budgeted struct {
	play.Agent
	g     *Game
	ticks int
}

func (b *budgeted) Reply(ctx context.Context, s *sim.Sim) (play.Reply, error) {
	if err := ctx.Err(); err != nil {
		return play.Reply{}, err
	}
	if b.g.Ticks+s.State().Clock.Tick >= b.ticks {
		return play.Reply{}, errSpent
	}
	return b.Agent.Reply(ctx, s)
}

// Replay runs the game's episodes again, from the first, round and round,
// until at least ticks ticks have run, and returns how many ran. It calls
// start on each new episode before its first turn (to turn on timing or
// profile labels) and turn for each command turn, which must run it with
// s.Turn(reply) (and may time it). An episode that does not run the ticks
// it was recorded with is an error: the engine was not deterministic.
func (g *Game) Replay(ctx context.Context, ticks int, start func(s *sim.Sim), turn func(s *sim.Sim, reply string)) (int, error) {
	if g.Ticks == 0 {
		return 0, errors.New("bench: the game has no ticks")
	}
	done := 0
	for done < ticks {
		for _, ep := range g.Episodes {
			if done >= ticks {
				break
			}
			if err := ctx.Err(); err != nil {
				return done, err
			}
			s, err := sim.New(g.Config(ep.Seed))
			if err != nil {
				return done, err
			}
			if start != nil {
				start(s)
			}
			for _, r := range ep.Replies {
				turn(s, r)
			}
			if got := s.State().Clock.Tick; got != ep.Ticks {
				return done, fmt.Errorf("bench: replaying seed %d ran %d ticks, recorded %d", ep.Seed, got, ep.Ticks)
			}
			done += ep.Ticks
		}
	}
	return done, nil
}
