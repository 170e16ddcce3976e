package systems

import (
	"errors"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Combat constants (§7).
const (
	HitTarget      = 15 // hit iff d20 + attackBonus + defenderAC ≥ 15
	WeakHitPenalty = 2
	GazeTicks      = 12 // paralysis from attacking a floating eye
	StuckTicks     = 3  // a lichen's hit
	LevelUpHPDie   = 8
	KickHitBonus   = 0
	KickDamageDie  = 2
	firstKillDeed  = "first-kill"
	xlevel3Deed    = "xlevel-3"
	xlevel5Deed    = "xlevel-5"
)

// SwingRoll is what a melee to-hit roll is made of.
type SwingRoll struct {
	// Level is the attacker's: a monster's species level; the cog's
	// xlevel less 2 while Weak or Fainting (XLevel is without it).
	Level, XLevel int
	// HitBonus is the cog's weapon's (0 for a kick and for monsters).
	HitBonus int
	// AC is the defender's armour class.
	AC int
	// Weak: the attacker is the cog and Weak or Fainting.
	Weak bool
	// Immobile: the defender cannot move (speed 0).
	Immobile bool
	// Trapped: the attacker is the cog and in a pit.
	Trapped bool
}

// Swing is a melee to-hit roll. [Combat] uses [CogSwing] for both sides
// unless a mechanic sets another (the rules variants do, §25, §28).
type Swing func(rng *ecs.Stream, r SwingRoll) bool

// SetSwings gives the scheduler's combat system other to-hit rolls: the
// cog's, and the monsters' when monster is not nil. A mechanic that
// changes the roll calls it from its Install (§25.4, §28.6).
func SetSwings(s *ecs.Scheduler, cog, monster Swing) error {
	combat, ok := s.Get(NameCombat).(*Combat)
	if !ok {
		return errors.New("no combat system to give the swing to")
	}
	if err := s.Claim("the cog's to-hit roll"); err != nil {
		return err
	}
	combat.CogHits = cog
	if monster != nil {
		if err := s.Claim("the monsters' to-hit roll"); err != nil {
			return err
		}
		combat.MonsterHits = monster
	}
	return nil
}

// CogSwing is the cog rules' roll (§7.1): d20 + level + hit bonus + AC ≥
// 15, the Weak penalty being in the level.
func CogSwing(rng *ecs.Stream, r SwingRoll) bool {
	return Roll(rng, r.Level+r.HitBonus, r.AC)
}

// Combat resolves this tick's attack intents in order — the cog's first,
// then the monsters' in the order they acted (§3, §7): the to-hit roll,
// damage, the floating eye's gaze, the lichen's grip, kills with xp and
// level-ups, and the cog's death, which stops combat at once. Each attack
// is an Attack event. Killed monsters are removed after the last intent.
type Combat struct {
	// CogHits and MonsterHits are the to-hit rolls; nil is [CogSwing].
	CogHits, MonsterHits Swing

	intents    *c.Intents // most ticks read only it
	rng        *ecs.Stream
	clock      *c.Clock
	run        *c.Run
	log        *ecs.Log
	events     *c.Events
	death      *Death
	awards     *Awards
	conditions *Conditions
	monsters   *Monsters
	w          *arche.World
	health     generic.Map[c.Health]
	monster    generic.Map[c.Monster]
	status     generic.Map[c.Status]
	nutrition  generic.Map[c.Nutrition]
	inventory  generic.Map[c.Inventory]
	experience generic.Map[c.Experience]
	killed     []arche.Entity
}

// Init implements ecs.System.
func (s *Combat) Init(w *arche.World) {
	s.rng = Res[ecs.Streams](w).Get(ecs.StreamCombat)
	s.clock, s.run, s.log = Res[c.Clock](w), Res[c.Run](w), Res[ecs.Log](w)
	s.intents, s.events = Res[c.Intents](w), Res[c.Events](w)
	s.death, s.awards, s.conditions, s.monsters, s.w = NewDeath(w), NewAwards(w), NewConditions(w), NewMonsters(w), w
	s.health, s.monster, s.status = generic.NewMap[c.Health](w), generic.NewMap[c.Monster](w), generic.NewMap[c.Status](w)
	s.nutrition, s.inventory, s.experience = generic.NewMap[c.Nutrition](w), generic.NewMap[c.Inventory](w), generic.NewMap[c.Experience](w)
	s.killed = make([]arche.Entity, 0, 16)
	if s.CogHits == nil {
		s.CogHits = CogSwing
	}
	if s.MonsterHits == nil {
		s.MonsterHits = CogSwing
	}
}

// Update implements ecs.System.
func (s *Combat) Update(w *arche.World) {
	for _, in := range s.intents.List {
		if s.run.Ended {
			break
		}
		if in.Attacker == s.run.Cog {
			s.cogAttacks(in)
		} else if s.health.Get(in.Attacker).HP > 0 {
			s.monsterAttacks(in.Attacker)
		}
	}
	s.intents.List = s.intents.List[:0]
	for _, m := range s.killed {
		s.monsters.Remove(m)
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
	m := in.Target
	if !s.w.Alive(m) || s.health.Get(m).HP <= 0 {
		return
	}
	cog := s.run.Cog
	info := s.monster.Get(m).Species.Info()
	die, bonus, plus := s.inventory.Get(cog).Weapon()
	if in.Kick {
		die, bonus, plus = KickDamageDie, KickHitBonus, 0
	}
	roll := SwingRoll{XLevel: s.experience.Get(cog).Level, HitBonus: bonus, AC: info.AC,
		Weak: s.nutrition.Get(cog).Weak(), Immobile: info.Speed == 0, Trapped: s.status.Get(cog).Trapped(s.clock.Tick)}
	roll.Level = roll.XLevel
	if roll.Weak {
		roll.Level -= WeakHitPenalty
	}
	ev := c.Event{Kind: c.Attack, Actor: cog, Target: m, Kick: in.Kick, Species: s.monster.Get(m).Species}
	if s.CogHits(s.rng, roll) {
		h := s.health.Get(m)
		ev.Hit, ev.Damage = true, max(Damage(s.rng, die)+plus, 0)
		h.HP -= ev.Damage
		if h.HP <= 0 {
			ev.Killed = true
			s.log.Say("You kill the ", info.Name, "!")
			s.killed = append(s.killed, m)
			s.award(info.XP)
		} else {
			s.log.Say("You hit the ", info.Name, ".")
		}
	} else {
		s.log.Say("You miss the ", info.Name, ".")
	}
	s.events.Add(ev)
	if info.Has(c.Gaze) {
		s.log.Say("You are frozen by the floating eye's gaze!")
		s.conditions.Set(c.Paralysed, GazeTicks)
	}
}

func (s *Combat) monsterAttacks(m arche.Entity) {
	cog := s.run.Cog
	info := s.monster.Get(m).Species.Info()
	ev := c.Event{Kind: c.Attack, Actor: m, Target: cog, Species: s.monster.Get(m).Species}
	if !s.MonsterHits(s.rng, SwingRoll{Level: info.Level, XLevel: info.Level, AC: s.inventory.Get(cog).AC()}) {
		s.log.Say("The ", info.Name, " misses.")
		s.events.Add(ev)
		return
	}
	s.log.Say("The ", info.Name, " ", info.Verb)
	ev.Hit = true
	if info.Has(c.Sticky) {
		s.conditions.Set(c.Stuck, StuckTicks)
		s.status.Get(cog).StuckTo = m
	}
	ev.Damage = Damage(s.rng, info.Die)
	ev.Killed = ev.Damage > 0 && s.health.Get(cog).HP <= ev.Damage
	s.events.Add(ev)
	if ev.Damage > 0 {
		s.death.Hurt(ev.Damage, "killed by a ", info.Name)
	}
}

// award gives the cog xp points and the levels they reach, each with
// 1 + rnd(8) more maximum and current hp (§6), drawn from combat's stream.
func (s *Combat) award(xp int) { s.awards.Give(s.rng, xp) }
