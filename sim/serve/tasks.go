package serve

import (
	"slices"
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
)

// Task is what an episode's rewards count (§35.3), computed here in the
// server so that every client gets the same numbers.
type Task struct {
	// Name is the task's name in requests and flags ("descend").
	Name string
	// Help says what a reward counts, for docs and errors.
	Help string
	// Goal is the deed whose earning ends the episode, if any.
	Goal string
	// count is the running total the rewards are the changes of; xp and
	// gold, when known (not −1), are the cog's, read already (the
	// observation's stats: a value, not a pointer, which a call through
	// count would make the encoder allocate).
	count func(t *taskCount, s *sim.Sim, xp, gold int) int
	// tick, when set, sees each tick of the slot's turns as it ends,
	// with its events (c.Events): what a turn's end does not show.
	tick func(t *taskCount, s *sim.Sim)
}

// taskCount is a slot's running total of its task, with what it needs
// to carry across levels.
type taskCount struct {
	// total is the task's count at the previous observation.
	total int
	// gold and gained: the purse at the previous observation and the
	// gold gained so far (the Gold task counts gains only).
	gold, gained int
	// depth, levels: the level of the previous observation and the cells
	// seen on the levels left before it (the Scout task).
	depth, levels, seen int
	// meals counts the meals eaten while Hungry or worse (the Eat task).
	meals int
	// deeds and deedPoints: the run's deeds counted so far and their
	// points (the score task's, read again only when a deed is earned).
	deeds, deedPoints int
}

// points is what the run's deeds are worth (§39.1).
func (t *taskCount) points(s *sim.Sim) int {
	if len(s.State().Run.Deeds.List) != t.deeds {
		t.recount(s)
	}
	return t.deedPoints
}

// recount counts the run's deeds and their points again.
func (t *taskCount) recount(s *sim.Sim) {
	d := &s.State().Run.Deeds
	t.deeds, t.deedPoints = len(d.List), d.Points()
}

// Tasks are the tasks, the default first.
var Tasks = []Task{
	{Name: "score", Help: "the change of the §16 score", count: func(t *taskCount, s *sim.Sim, xp, gold int) int {
		if xp >= 0 {
			return s.State().ScoreOf(xp, gold, t.points(s))
		}
		return s.State().Score()
	}},
	{Name: "descend", Help: "+1 per new depth reached", count: func(_ *taskCount, s *sim.Sim, _, _ int) int { return s.State().Run.MaxDepth - 1 }},
	{Name: "gold", Help: "the gold gained", count: func(t *taskCount, s *sim.Sim, _, _ int) int {
		g := s.State().Purse.Get(s.State().Run.Cog).Gold
		t.gained += max(0, g-t.gold)
		t.gold = g
		return t.gained
	}},
	{Name: "eat", Help: "+1 per meal eaten while Hungry or worse", count: func(t *taskCount, _ *sim.Sim, _, _ int) int { return t.meals },
		tick: func(t *taskCount, s *sim.Sim) {
			// A meal event says what state the cog ate in; a turn may
			// hold several meals, each of its own tick.
			e := s.State()
			for i := range e.Events.List {
				if ev := &e.Events.List[i]; ev.Kind == c.Meal && ev.Actor == e.Run.Cog && ev.Hunger >= c.Hungry {
					t.meals++
				}
			}
		}},
	{Name: "oracle", Help: "+1 for the Oracle's deed, which ends the episode", Goal: "oracle", count: func(_ *taskCount, s *sim.Sim, _, _ int) int {
		if s.State().Run.Deeds.Has("oracle") {
			return 1
		}
		return 0
	}},
	{Name: "scout", Help: "+1 per map cell seen for the first time", count: func(t *taskCount, s *sim.Sim, _, _ int) int {
		if d := s.State().Level.Depth; d != t.depth {
			t.levels += t.seen
			t.depth = d
		}
		t.seen = obs.SeenCells(s)
		return t.levels + t.seen
	}},
	// The level tasks' (§38.5): the goal is the level script's
	// (des.flags(goal=…), the stairs by default), so the task sets none.
	{Name: "goal", Help: "+1 when the episode reaches its goal (a level script's: the stairs unless it says otherwise), which ends it", count: func(_ *taskCount, s *sim.Sim, _, _ int) int {
		if r := s.State().Run; r.Ended && r.Cause == "goal" {
			return 1
		}
		return 0
	}},
}

// TaskNames lists the tasks' names.
func TaskNames() []string {
	out := make([]string, len(Tasks))
	for i, t := range Tasks {
		out[i] = t.Name
	}
	return out
}

// taskOf finds a task by name; "" is the default.
func taskOf(name string) (*Task, error) {
	if name == "" {
		return &Tasks[0], nil
	}
	i := slices.IndexFunc(Tasks, func(t Task) bool { return t.Name == name })
	if i < 0 {
		return nil, bad("task: unknown %q (%s)", name, strings.Join(TaskNames(), ", "))
	}
	return &Tasks[i], nil
}

// taskWithGoal is current if its goal is goal, else the first task
// whose goal is goal.
func taskWithGoal(goal string, current *Task) *Task {
	if current != nil && current.Goal == goal {
		return current
	}
	for i := range Tasks {
		if Tasks[i].Goal == goal {
			return &Tasks[i]
		}
	}
	return &Tasks[0]
}

// start begins counting for the episode s at its first observation (or
// the restored point): its first reward is 0.
// A new episode's score counts from 0, so that its first reward is a
// scenario's starting gold and experience (docs/serve.md).
func (t *taskCount) start(task *Task, s *sim.Sim, fresh bool) {
	*t = taskCount{depth: s.State().Level.Depth, gold: s.State().Purse.Get(s.State().Run.Cog).Gold}
	t.total = task.count(t, s, -1, -1)
	if fresh && task == &Tasks[0] {
		t.total = 0
	}
}

// reward is the change of the task's count since the previous
// observation; xp and gold, when not −1, are the cog's (Task.count).
func (t *taskCount) reward(task *Task, s *sim.Sim, xp, gold int) (r int) {
	now := task.count(t, s, xp, gold)
	r, t.total = now-t.total, now
	return r
}
