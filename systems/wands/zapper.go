package wands

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/worldgen"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Create monster's count (N: create_critters(rn2(23) ? 1 : rn1(7,2))).
const (
	ManyChance = 23 // 1 in 23 zaps make several
	ManyMin    = 2  // several is 2…8
	ManySpread = 7
)

// Striking's roll and damage (N: bhitm): a hit iff rnd(20) < 10 + AC;
// d(2,12) damage, said with "!" when above 4.
const (
	StrikeBase   = 10
	StrikeDice   = 2
	StrikeDie    = 12
	StrikeQuiet  = 4
	strikeRollOf = 20
)

// Outcome is what a zap did: [Zap] publishes it as the Zap event and
// identifies the kind when Known.
type Outcome struct {
	Kind Kind
	// Aim and Dir are as zapped; Aim is AimNone for create monster,
	// which ignores a direction.
	Aim Aim
	Dir c.Dir
	// Asked: a directional wand zapped without a direction ("In what
	// direction?"): no charge used, nothing done.
	Asked bool
	// Fired: a charge was used (or wrested) and the effect ran.
	Fired bool
	// Dust: the wand is left below 0 charges and turns to dust.
	Dust bool
	// Known: the zap made the kind known (§33).
	Known bool
	// Met is how many monsters the bolt met, or create monster made.
	Met int
}

// Zapper performs zaps for the cog on a world (§33): the charges, then
// the kind's effect. Everything it draws comes from the "wands" stream.
type Zapper struct {
	// mechanics names the installed mechanics, whose species rows create
	// monster may draw (§27.5).
	mechanics []string
	w         *arche.World
	rng       *ecs.Stream
	level     *c.Level
	run       *c.Run
	log       *ecs.Log
	sight     *systems.Sight
	monsters  *systems.Monsters
	slayer    *systems.Slayer
	pos       generic.Map[c.Position]
	monster   generic.Map[c.Monster]
	health    generic.Map[c.Health]
	slow      generic.Map[Slowed]
	slowing   generic.Map1[Slowed]
	strikeFn  func(arche.Entity)
	slowFn    func(arche.Entity)
	cells     [8]c.Pos
	out       *Outcome
}

// NewZapper makes the Zapper of world w.
func NewZapper(w *arche.World) *Zapper {
	z := &Zapper{mechanics: installed(w), w: w, rng: systems.Res[ecs.Streams](w).Get(Stream),
		level: systems.Res[c.Level](w), run: systems.Res[c.Run](w), log: systems.Res[ecs.Log](w),
		sight: systems.NewSight(w), monsters: systems.NewMonsters(w), slayer: systems.NewSlayer(w),
		pos: generic.NewMap[c.Position](w), monster: generic.NewMap[c.Monster](w),
		health: generic.NewMap[c.Health](w), slow: generic.NewMap[Slowed](w), slowing: generic.NewMap1[Slowed](w)}
	// Made once, so that a zap allocates no closure.
	z.strikeFn, z.slowFn = z.strike, z.slowDown
	return z
}

// Zap zaps a wand of kind k holding *spe charges, aimed aim (in direction
// d when aim is AimDir): "In what direction?" for a directional wand
// without one (no charge used); else the charge ([UseCharge]) and, when
// it fires, the effect. The caller turns a wand to dust when the
// outcome says so.
func (z *Zapper) Zap(k Kind, spe *int32, aim Aim, d c.Dir) Outcome {
	out := Outcome{Kind: k, Aim: aim, Dir: d}
	if !k.Directional() {
		out.Aim, out.Dir = AimNone, 0
	} else if aim == AimNone {
		z.log.Say(MsgDirection)
		out.Asked = true
		return out
	}
	fire, dust, msg := UseCharge(spe, z.rng)
	if msg != "" {
		z.log.Say(msg)
	}
	out.Fired, out.Dust = fire, dust
	if !fire {
		return out
	}
	z.out = &out
	cog := *z.pos.Get(z.run.Cog)
	switch k {
	case Striking, SlowMonster:
		if aim == AimDown {
			z.log.Say(MsgDownward)
			break
		}
		hit := z.strikeFn
		if k == SlowMonster {
			hit = z.slowFn
		}
		out.Met = Bolt(z.level, cog, d, z.rng, hit)
	case Digging:
		out.Known = true
		if aim == AimDown {
			z.digDown(cog)
			break
		}
		Dig(z.level, cog, d, z.rng)
	case CreateMonster:
		out.Met = z.create(cog)
		out.Known = out.Met > 0
	}
	z.out = nil
	return out
}

// sees reports whether the cog sees monster m (§12: monsters are seen
// only on visible cells).
func (z *Zapper) sees(m arche.Entity) bool { return z.sight.Sees(*z.pos.Get(m)) }

// strike is striking's effect on monster m (N: bhitm WAN_STRIKING, no
// resistance roll): a hit iff rnd(20) < 10 + AC, for d(2,12); a kill is
// the cog's. A monster the cog does not see is "it". The Oracle cannot
// be attacked (§9): the bolt passes it by.
func (z *Zapper) strike(m arche.Entity) {
	info := z.monster.Get(m).Species.Info()
	if info.Has(c.Peaceful) {
		return
	}
	seen := z.sees(m)
	if seen {
		z.out.Known = true
	}
	the, name := "the ", info.Name
	if !seen {
		the, name = "", "it"
	}
	if z.rng.Rnd(strikeRollOf) >= StrikeBase+info.AC {
		z.log.Say("The wand misses ", the, name, ".")
		return
	}
	dmg := z.rng.D(StrikeDice, StrikeDie)
	mark := "."
	if dmg > StrikeQuiet {
		mark = "!"
	}
	z.log.Say("The wand hits ", the, name, mark)
	h := z.health.Get(m)
	h.HP -= dmg
	if h.HP <= 0 {
		z.slayer.Slay(z.rng, m, seen)
	}
}

// slowDown is slow monster's effect on monster m (N: mon_adjust_speed):
// slow for the rest of its life; said, and the kind known, when the cog
// sees it; nothing when it is slow already.
func (z *Zapper) slowDown(m arche.Entity) {
	if z.slow.Has(m) {
		return
	}
	z.slowing.Add(m)
	if z.sees(m) {
		z.out.Known = true
		z.log.Say("The ", z.monster.Get(m).Species.Info().Name, " seems to be moving slower.")
	}
}

// digDown digs a hole under the cog, who falls to the next level as by
// the stairs (the level system takes it down at the end of the tick: a
// Descend event, §16's depths); on the stairs the beam bounces off.
func (z *Zapper) digDown(cog c.Pos) {
	if z.level.At(cog) == c.Stairs {
		z.log.Say(MsgBounce)
		return
	}
	z.log.Say(MsgHole)
	z.log.Say(MsgFall)
	z.run.Descend = true
}

// create makes one monster, or with chance 1/23 2…8, each of a species
// the level's population may draw, on a random free cell 8-adjacent to
// the cog, as many as fit. It returns how many it made.
func (z *Zapper) create(cog c.Pos) int {
	n := 1
	if z.rng.Rn2(ManyChance) == 0 {
		n = z.rng.Rn2(ManySpread) + ManyMin
	}
	made := 0
	for range n {
		free := z.cells[:0]
		for _, d := range c.Dirs {
			if p := cog.Add(d); p.In() && z.level.At(p).Walkable() && !z.level.Creatures.Occupied(p) {
				free = append(free, p)
			}
		}
		if len(free) == 0 {
			break
		}
		at := free[z.rng.Rn2(len(free))]
		sp, ok := worldgen.DrawSpecies(z.rng, z.mechanics, z.level.Depth)
		if !ok {
			break
		}
		z.monsters.Spawn(sp, at, worldgen.HitPoints(z.rng, sp))
		made++
	}
	return made
}
