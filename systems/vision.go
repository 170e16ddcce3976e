package systems

import (
	arche "github.com/mlange-42/arche/ecs"
)

// Vision recomputes what the cog sees and updates its memory (§12): on
// the floor of a lit room it sees the room with its walls and doors, else
// its own cell and the 8 around it ([ViewOf]). Seen terrain is
// remembered forever; items are remembered where last seen; monsters
// never.
type Vision struct {
	sight Sight
}

// Init implements ecs.System.
func (s *Vision) Init(w *arche.World) { s.sight.init(w) }

// Update implements ecs.System.
func (s *Vision) Update(w *arche.World) { s.sight.Look() }
