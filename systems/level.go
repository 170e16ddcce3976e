package systems

import (
	"strconv"

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
// it), and the first arrival at a deed depth is recorded. It is a final
// system: it runs even on a tick halted by the cog's death.
type Level struct {
	// Enter replaces the current level with level depth and puts the cog
	// on its arrival cell.
	Enter func(depth int)
	env   *Env
}

// Init implements ecs.System.
func (s *Level) Init(w *arche.World) { s.env = EnvOf(w) }

// Update implements ecs.System.
func (s *Level) Update(w *arche.World) {
	e := s.env
	if !e.Run.Descend || e.Run.Ended {
		e.Run.Descend = false
		return
	}
	e.Run.Descend = false
	depth := e.Level.Depth + 1
	s.Enter(depth)
	if depth > e.Run.MaxDepth {
		e.Run.MaxDepth = depth
		for i, d := range DescendDeeds {
			if d == depth {
				e.Run.Deeds.Earn(descendDeedNames[i], e.Clock.Tick)
			}
		}
	}
}
