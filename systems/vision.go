package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Vision recomputes what the cog sees and updates its memory (§12): on
// the floor of a lit room it sees the room with its walls and doors, else
// its own cell and the 8 around it. Seen terrain is remembered forever;
// items are remembered where last seen; monsters never.
type Vision struct {
	level  *c.Level
	run    *c.Run
	vision *c.Vision
	pos    generic.Map[c.Position]
}

// Init implements ecs.System.
func (s *Vision) Init(w *arche.World) {
	s.level, s.run, s.vision = Res[c.Level](w), Res[c.Run](w), Res[c.Vision](w)
	s.pos = generic.NewMap[c.Position](w)
}

// Update implements ecs.System.
func (s *Vision) Update(w *arche.World) {
	lvl := s.level
	cog := *s.pos.GetUnchecked(s.run.Cog)
	r := c.Rect{X0: cog.X - 1, Y0: cog.Y - 1, X1: cog.X + 1, Y1: cog.Y + 1}
	if room := lvl.RoomAt(cog); room >= 0 && lvl.Rooms[room].Lit {
		r = lvl.Rooms[room].Walls()
	}
	r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
	r.X1, r.Y1 = min(r.X1, c.W-1), min(r.Y1, c.H-1)
	s.vision.Rect = r
	lvl.See(r)
}
