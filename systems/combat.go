package systems

import (
	"strconv"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// Combat constants (§7).
const (
	HitTarget      = 15 // hit iff d20 + attackBonus + defenderAC ≥ 15
	WeakHitPenalty = 2
	GazeTicks      = 12 // paralysis from attacking a floating eye
	StuckTicks     = 3  // a lichen's hit
	UnarmedDie     = 2
	LevelUpHPDie   = 8
	KickHitBonus   = 0
	KickDamageDie  = 2
	firstKillDeed  = "first-kill"
	xlevel3Deed    = "xlevel-3"
	xlevel5Deed    = "xlevel-5"
)

// Combat resolves this tick's attack intents in order — the cog's first,
// then the monsters' in the order they acted (§3, §7): the d20 to-hit,
// damage, the floating eye's gaze, the lichen's grip, kills with xp and
// level-ups, and the cog's death, which stops combat at once. Killed
// monsters are removed after the last intent.
type Combat struct {
	env    *Env
	rng    *ecs.Stream
	killed []arche.Entity
	msg    []byte
}

// Init implements ecs.System.
func (s *Combat) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.killed, s.msg = make([]arche.Entity, 0, 16), make([]byte, 0, 64)
	s.rng = s.env.Streams.Get(ecs.StreamCombat)
}

// Update implements ecs.System.
func (s *Combat) Update(w *arche.World) {
	e := s.env
	for _, in := range e.Intents.List {
		if e.Run.Ended {
			break
		}
		if in.Attacker == e.Run.Cog {
			s.cogAttacks(in)
		} else if e.Health.Get(in.Attacker).HP > 0 {
			s.monsterAttacks(in.Attacker)
		}
	}
	e.Intents.List = e.Intents.List[:0]
	for _, m := range s.killed {
		e.RemoveMonster(m)
	}
	s.killed = s.killed[:0]
}

// Roll reports whether an attack hits: d20 + bonus + defenderAC ≥ 15.
func Roll(rng *ecs.Stream, bonus, defenderAC int) bool {
	return rng.Rnd(20)+bonus+defenderAC >= HitTarget
}

// Damage is 1 + rnd(die), or 0 for a die of 0 (§7.2).
func Damage(rng *ecs.Stream, die int) int {
	if die <= 0 {
		return 0
	}
	return 1 + rng.Rnd(die)
}

func (s *Combat) cogAttacks(in c.Intent) {
	e := s.env
	m := in.Target
	if !e.W.Alive(m) || e.Health.Get(m).HP <= 0 {
		return
	}
	info := e.Monster.Get(m).Species.Info()
	die, bonus := e.CogWeapon()
	if in.Kick {
		die, bonus = KickDamageDie, KickHitBonus
	}
	bonus += e.Experience.Get(e.Run.Cog).Level
	if e.Weak() {
		bonus -= WeakHitPenalty
	}
	if Roll(s.rng, bonus, info.AC) {
		h := e.Health.Get(m)
		h.HP -= Damage(s.rng, die)
		if h.HP <= 0 {
			e.Log.Say("You kill the ", info.Name, "!")
			s.killed = append(s.killed, m)
			s.award(info.XP)
		} else {
			e.Log.Say("You hit the ", info.Name, ".")
		}
	} else {
		e.Log.Say("You miss the ", info.Name, ".")
	}
	if info.Has(c.Gaze) {
		e.Log.Say("You are frozen by the floating eye's gaze!")
		c.Extend(&e.Status.Get(e.Run.Cog).ParalysedUntil, e.Clock.Tick, GazeTicks)
	}
}

func (s *Combat) monsterAttacks(m arche.Entity) {
	e := s.env
	info := e.Monster.Get(m).Species.Info()
	if !Roll(s.rng, info.Level, e.CogAC()) {
		e.Log.Say("The ", info.Name, " misses.")
		return
	}
	e.Log.Say("The ", info.Name, " ", info.Verb)
	if info.Has(c.Sticky) {
		st := e.Status.Get(e.Run.Cog)
		c.Extend(&st.StuckUntil, e.Clock.Tick, StuckTicks)
		st.StuckTo = m
	}
	if dmg := Damage(s.rng, info.Die); dmg > 0 {
		e.HurtCog(dmg, "killed by a ", info.Name)
	}
}

// award gives the cog xp points and the levels they reach, each with
// 1 + rnd(8) more maximum and current hp (§6).
func (s *Combat) award(xp int) {
	e := s.env
	e.Run.Deeds.Earn(firstKillDeed, e.Clock.Tick)
	ex := e.Experience.Get(e.Run.Cog)
	ex.Points += xp
	for target := c.XLevelFor(ex.Points); ex.Level < target; {
		ex.Level++
		gain := 1 + s.rng.Rnd(LevelUpHPDie)
		h := e.Health.Get(e.Run.Cog)
		h.MaxHP += gain
		h.HP += gain
		s.msg = strconv.AppendInt(append(s.msg[:0], "Welcome to experience level "...), int64(ex.Level), 10)
		s.msg = append(s.msg, '.')
		e.Log.SayBytes(s.msg)
		switch ex.Level {
		case 3:
			e.Run.Deeds.Earn(xlevel3Deed, e.Clock.Tick)
		case 5:
			e.Run.Deeds.Earn(xlevel5Deed, e.Clock.Tick)
		}
	}
}
