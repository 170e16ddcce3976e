package sim

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/worldgen"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// State is an episode's state as the driver, tests, tools and front ends
// read it: the world's resources and component maps, and the entity
// helpers. Systems never use it: each asks its Init for what it uses
// (§27.4).
type State struct {
	W       *arche.World
	Level   *c.Level
	Clock   *c.Clock
	Run     *c.Run
	Log     *ecs.Log
	Streams *ecs.Streams
	Vision  *c.Vision
	Action  *c.Action
	Intents *c.Intents
	Roster  *c.Roster
	// Knowledge is what the cog knows of appearances (§10, §32.4).
	Knowledge *c.Knowledge
	Queue     *c.Queue
	Events    *c.Events
	// Hunger reads nutrition as a hunger state by the rules in play.
	Hunger *c.HungerScale

	// Mechanics names the installed mechanics, the variant's first: what
	// an agent that knows the rules is told (play.Knower).
	Mechanics []string
	// Dungeon is the episode's plan (which depth holds the Oracle).
	Dungeon worldgen.Dungeon
	// Reply is how the last turn's reply was read (§14, §20, §29).
	Reply ReplyRead

	Pos        generic.Map[c.Position]
	Health     generic.Map[c.Health]
	Nutrition  generic.Map[c.Nutrition]
	Experience generic.Map[c.Experience]
	Purse      generic.Map[c.Purse]
	Status     generic.Map[c.Status]
	Inventory  generic.Map[c.Inventory]
	Monster    generic.Map[c.Monster]
	Movement   generic.Map[c.MovementPoints]
	Item       generic.Map[c.Item]
	Trap       generic.Map[c.Trap]

	cogBuilder generic.Map8[c.Position, c.Health, c.Nutrition, c.Experience, c.Purse, c.Status, c.Inventory, c.CogTag]
	monsters   *systems.Monsters
	floor      *systems.Floor
	traps      *systems.TrapMap
	everything *generic.Filter0
	// epoch is [State.Epoch].
	epoch uint64
}

// ReplyRead is how a turn's reply was read.
type ReplyRead struct {
	// Ignored is the tokens the reply skipped (§14), "" if none.
	Ignored string
	// Unusable says the reply could not be read at all (§20), or was
	// refused whole under Strict (§30).
	Unusable bool
}

// newState reads the resources of w (added by [ecs.AddResources]) and
// makes the maps.
func newState(w *arche.World) *State {
	e := &State{
		W:         w,
		Level:     arche.GetResource[c.Level](w),
		Clock:     arche.GetResource[c.Clock](w),
		Run:       arche.GetResource[c.Run](w),
		Log:       arche.GetResource[ecs.Log](w),
		Streams:   arche.GetResource[ecs.Streams](w),
		Vision:    arche.GetResource[c.Vision](w),
		Action:    arche.GetResource[c.Action](w),
		Intents:   arche.GetResource[c.Intents](w),
		Roster:    arche.GetResource[c.Roster](w),
		Knowledge: arche.GetResource[c.Knowledge](w),
		Queue:     arche.GetResource[c.Queue](w),
		Events:    arche.GetResource[c.Events](w),
		Hunger:    arche.GetResource[c.HungerScale](w),

		Pos:        generic.NewMap[c.Position](w),
		Health:     generic.NewMap[c.Health](w),
		Nutrition:  generic.NewMap[c.Nutrition](w),
		Experience: generic.NewMap[c.Experience](w),
		Purse:      generic.NewMap[c.Purse](w),
		Status:     generic.NewMap[c.Status](w),
		Inventory:  generic.NewMap[c.Inventory](w),
		Monster:    generic.NewMap[c.Monster](w),
		Movement:   generic.NewMap[c.MovementPoints](w),
		Item:       generic.NewMap[c.Item](w),
		Trap:       generic.NewMap[c.Trap](w),
		cogBuilder: generic.NewMap8[c.Position, c.Health, c.Nutrition, c.Experience, c.Purse, c.Status, c.Inventory, c.CogTag](w),
	}
	e.monsters, e.floor, e.traps = systems.NewMonsters(w), systems.NewFloor(w), systems.NewTrapMap(w)
	return e
}

// Cog is the cog entity.
func (e *State) Cog() arche.Entity { return e.Run.Cog }

// Epoch changes whenever the state is replaced as a whole: a new
// episode begins (New, Reset) or a snapshot is restored. What caches
// an episode's observation between turns (sim/obs's Encoder) starts
// anew when it does.
func (e *State) Epoch() uint64 { return e.epoch }

// CogPos is the cog's position.
func (e *State) CogPos() c.Pos { return *e.Pos.GetUnchecked(e.Run.Cog) }

// CogAC is the cog's armour class (§5).
func (e *State) CogAC() int { return e.Inventory.GetUnchecked(e.Run.Cog).AC() }

// NewCog creates the cog with the episode-start state (§5) at p.
func (e *State) NewCog(p c.Pos) arche.Entity {
	inv := c.Inventory{Wielded: 0, Worn: 2}
	inv.Slots[0] = c.Stack{Kind: c.Dagger, Count: 1}
	inv.Slots[1] = c.Stack{Kind: c.FoodRation, Count: 1}
	inv.Slots[2] = c.Stack{Kind: c.LeatherArmour, Count: 1}
	cog := e.cogBuilder.NewWith(&p, &c.Health{HP: 16, MaxHP: 16}, &c.Nutrition{Value: 900, State: c.NotHungry},
		&c.Experience{Level: 1}, &c.Purse{}, &c.Status{}, &inv, &c.CogTag{})
	e.Run.Cog = cog
	e.Level.Creatures.Put(p, cog, '@')
	return cog
}

// SpawnMonster creates a monster of species s with hp at p, last in the
// acting order.
func (e *State) SpawnMonster(s c.SpeciesID, p c.Pos, hp int) arche.Entity {
	return e.monsters.Spawn(s, p, hp)
}

// RemoveMonster removes a monster from the board, the roster and the world.
func (e *State) RemoveMonster(m arche.Entity) { e.monsters.Remove(m) }

// PlaceItem puts count items of kind k on the floor at p, on top of the
// pile.
func (e *State) PlaceItem(k c.ItemKind, count int, p c.Pos) arche.Entity {
	return e.floor.Place(k, count, p)
}

// PlaceStack puts the items of st, their Spe kept, on the floor at p, on
// top of the pile.
func (e *State) PlaceStack(st c.Stack, p c.Pos) arche.Entity { return e.floor.PlaceStack(st, p) }

// PlaceTrap puts a hidden trap of kind k at p.
func (e *State) PlaceTrap(k c.TrapKind, p c.Pos) arche.Entity { return e.traps.Place(k, p) }

// ItemsAt appends the floor items on p to dst, bottom of the pile first.
func (e *State) ItemsAt(dst []arche.Entity, p c.Pos) []arche.Entity { return e.floor.At(dst, p) }

// FloorItems appends every floor item of the level to dst.
func (e *State) FloorItems(dst []arche.Entity) []arche.Entity { return e.floor.All(dst) }

// Traps appends every trap of the level to dst.
func (e *State) Traps(dst []arche.Entity) []arche.Entity { return e.traps.All(dst) }

// TrapAt returns the trap on p, if any.
func (e *State) TrapAt(p c.Pos) (arche.Entity, bool) { return e.traps.At(p) }

// ClearLevelEntities removes every entity but the cog: the level is being
// replaced. Entities a mechanic made (anything without the cog tag) go
// with the level.
func (e *State) ClearLevelEntities() {
	if e.everything == nil {
		f := generic.NewFilter0().Without(generic.T[c.CogTag]())
		f.Register(e.W)
		e.everything = f
	}
	e.W.Batch().RemoveEntities(e.everything.Filter(e.W))
	e.Level.ClearTraps()
	e.Roster.List = e.Roster.List[:0]
	e.Intents.List = e.Intents.List[:0]
}
