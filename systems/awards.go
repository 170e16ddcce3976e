package systems

import (
	"strconv"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Awards gives the cog the experience of a kill (§6): the xp points, the
// first-kill deed, and each level they reach with 1 + rnd(8) more maximum
// and current hp ("Welcome to experience level N."). Combat awards its
// kills through it; a mechanic's kill (a wand's bolt) does too, drawing
// the level-up hp from its own stream.
type Awards struct {
	clock      *c.Clock
	run        *c.Run
	log        *ecs.Log
	health     generic.Map[c.Health]
	experience generic.Map[c.Experience]
	msg        []byte
}

// NewAwards makes the Awards of world w.
func NewAwards(w *arche.World) *Awards {
	return &Awards{clock: Res[c.Clock](w), run: Res[c.Run](w), log: Res[ecs.Log](w),
		health: generic.NewMap[c.Health](w), experience: generic.NewMap[c.Experience](w),
		msg: make([]byte, 0, 64)}
}

// Give awards the cog xp points and the levels they reach, the level-up
// hp drawn from rng.
func (a *Awards) Give(rng *ecs.Stream, xp int) {
	cog, t := a.run.Cog, a.clock.Tick
	a.run.Deeds.Earn(firstKillDeed, t)
	ex := a.experience.Get(cog)
	ex.Points += xp
	for target := c.XLevelFor(ex.Points); ex.Level < target; {
		ex.Level++
		gain := 1 + rng.Rnd(LevelUpHPDie)
		h := a.health.Get(cog)
		h.MaxHP += gain
		h.HP += gain
		a.msg = strconv.AppendInt(append(a.msg[:0], "Welcome to experience level "...), int64(ex.Level), 10)
		a.msg = append(a.msg, '.')
		a.log.SayBytes(a.msg)
		switch ex.Level {
		case 3:
			a.run.Deeds.Earn(xlevel3Deed, t)
		case 5:
			a.run.Deeds.Earn(xlevel5Deed, t)
		}
	}
}

// Slayer kills monsters by the cog's hand other than in melee (a wand's
// bolt, §33): "You kill the jackal!" ("You kill it!" for a monster the
// cog does not see), the species' experience through [Awards], and the
// monster leaves the board at once. Melee kills stay combat's, which
// removes its dead after its last intent.
type Slayer struct {
	awards   *Awards
	monsters *Monsters
	log      *ecs.Log
	monster  generic.Map[c.Monster]
}

// NewSlayer makes the Slayer of world w.
func NewSlayer(w *arche.World) *Slayer {
	return &Slayer{awards: NewAwards(w), monsters: NewMonsters(w), log: Res[ecs.Log](w),
		monster: generic.NewMap[c.Monster](w)}
}

// Slay kills monster m: the message, the experience (level-up hp from
// rng) and its removal. seen says whether the cog sees it.
func (s *Slayer) Slay(rng *ecs.Stream, m arche.Entity, seen bool) {
	info := s.monster.Get(m).Species.Info()
	if seen {
		s.log.Say("You kill the ", info.Name, "!")
	} else {
		s.log.Say("You kill it!")
	}
	s.monsters.Remove(m)
	s.awards.Give(rng, info.XP)
}
