package systems

import (
	"strconv"

	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// DescendDeeds are the depths whose first arrival is a deed (§16).
var DescendDeeds = [...]int{2, 3, 5, 8, 12}

// descendDeedNames are the deeds' names, made once: "descend-2", ….
var descendDeedNames = func() (names [len(DescendDeeds)]string) {
	for i, d := range DescendDeeds {
		names[i] = "descend-" + strconv.Itoa(d)
	}
	return names
}()

// Level takes the cog down when it asked to: Enter builds the next level
// (generation is not the systems' business; the episode driver supplies
// it), and the first arrival at a deed depth is recorded. A descent is a
// Descend event. It is a final system: it runs even on a tick halted by
// the cog's death, and then only clears the request.
type Level struct {
	// Enter replaces the current level with level depth and puts the cog
	// on its arrival cell.
	Enter  func(depth int)
	level  *c.Level
	clock  *c.Clock
	run    *c.Run
	events *c.Events
}

// Init implements ecs.System.
func (s *Level) Init(w *arche.World) {
	s.level, s.clock, s.run, s.events = Res[c.Level](w), Res[c.Clock](w), Res[c.Run](w), Res[c.Events](w)
}

// Update implements ecs.System.
func (s *Level) Update(w *arche.World) {
	r := s.run
	if !r.Descend || r.Ended {
		r.Descend = false
		return
	}
	r.Descend = false
	from := s.level.Depth
	depth := from + 1
	s.Enter(depth)
	s.events.Add(c.Event{Kind: c.Descend, Actor: r.Cog, Before: from, After: depth})
	if depth > r.MaxDepth {
		r.MaxDepth = depth
		for i, d := range DescendDeeds {
			if d == depth {
				r.Deeds.Earn(descendDeedNames[i], s.clock.Tick)
			}
		}
	}
}
