package components

import (
	"encoding/json"
	"slices"

	"github.com/cogsim/cogsim/ecs"
)

// The core game's state types, registered once (§27.2): snapshots, saves
// and seeking capture exactly these (and any a mechanic registers).
var (
	PositionState   = ecs.RegisterComponent[Pos]("position")
	HealthState     = ecs.RegisterComponent[Health]("health")
	CogTagState     = ecs.RegisterComponent[CogTag]("cog")
	NutritionState  = ecs.RegisterComponent[Nutrition]("nutrition")
	ExperienceState = ecs.RegisterComponent[Experience]("experience")
	PurseState      = ecs.RegisterComponent[Purse]("purse")
	StatusState     = ecs.RegisterComponent[Status]("status")
	InventoryState  = ecs.RegisterComponent[Inventory]("inventory")
	MonsterState    = ecs.RegisterComponent[Monster]("monster")
	MovementState   = ecs.RegisterComponent[MovementPoints]("movement-points")
	ItemState       = ecs.RegisterComponent[Item]("item")
	TrapState       = ecs.RegisterComponent[Trap]("trap")

	LevelState     = ecs.RegisterResource[Level]("level")
	ClockState     = ecs.RegisterResource[Clock]("clock")
	RunState       = ecs.RegisterResource[Run]("run")
	VisionState    = ecs.RegisterResource[Vision]("vision")
	RosterState    = ecs.RegisterResource[Roster]("roster", ecs.Transient)
	KnowledgeState = ecs.RegisterResource[Knowledge]("knowledge")
	ActionState    = ecs.RegisterResource[Action]("action", ecs.Transient)
	IntentsState   = ecs.RegisterResource[Intents]("intents", ecs.Transient)
	QueueState     = ecs.RegisterResource[Queue]("queue", ecs.Transient)
	EventsState    = ecs.RegisterResource[Events]("events", ecs.Transient)
	// Derived or configuration, not saved: the roster is rebuilt from
	// the monsters' serials on restore; the hunger scale is set by the
	// rules as an episode begins.
	HungerScaleState = ecs.RegisterResource[HungerScale]("hunger-scale", ecs.Transient)
	// InstalledState is configuration, set as the episode is built.
	InstalledState = ecs.RegisterResource[Installed]("installed", ecs.Transient)
)

// Clone copies the level, its rooms included.
func (l *Level) Clone() Level {
	c := *l
	c.Rooms = slices.Clone(l.Rooms)
	return c
}

// Assign copies from into l in place, reusing l's room buffer.
func (l *Level) Assign(from *Level) {
	rooms := append(l.Rooms[:0], from.Rooms...)
	*l = *from
	l.Rooms = rooms
}

// levelJSON is Level without its methods: the exported fields. The
// indices (occupancy, floor items, traps) and the drawing caches are not
// written; they are derived from the entities and rebuilt after a
// restore.
type levelJSON Level

// MarshalJSON writes the terrain, the rooms and the cog's memory.
func (l Level) MarshalJSON() ([]byte, error) { return json.Marshal((*levelJSON)(&l)) }

// UnmarshalJSON reads what MarshalJSON wrote; the indices start empty.
func (l *Level) UnmarshalJSON(b []byte) error {
	var v levelJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*l = Level(v)
	l.Creatures, l.FloorItems, l.traps = Occupancy{}, ItemIndex{}, [N]bool{}
	l.seen = seenView{}
	return nil
}

// Clone copies the run, its deeds included.
func (r *Run) Clone() Run {
	c := *r
	c.Deeds.List = slices.Clone(r.Deeds.List)
	return c
}

// Assign copies from into r in place, reusing r's deed buffer.
func (r *Run) Assign(from *Run) {
	deeds := append(r.Deeds.List[:0], from.Deeds.List...)
	*r = *from
	r.Deeds.List = deeds
}

// Weak reports whether the state is Weak or Fainting: no regeneration,
// −2 to hit, no kicking (§6).
func (n *Nutrition) Weak() bool { return n.State >= Weak }

// AC is the armour class of a cog with this pack: 9 − the worn armour's
// bonus (§5) and its enchantment, its Spe (NetHack's; 0 but for a
// scroll of enchant armour, §39.7).
func (inv *Inventory) AC() int {
	if inv.Worn == NoSlot {
		return 9
	}
	st := &inv.Slots[inv.Worn]
	return 9 - st.Kind.Info().ArmourBonus - int(st.Spe)
}

// Weapon is the die, the hit bonus and the damage bonus of the wielded
// weapon (unarmed: die 2, no bonus, §7.2). Its enchantment, its Spe
// (0 but for a scroll of enchant weapon, §39.7), adds to both bonuses,
// as NetHack's does.
func (inv *Inventory) Weapon() (die, hitBonus, damageBonus int) {
	if inv.Wielded == NoSlot {
		return UnarmedDie, 0, 0
	}
	st := &inv.Slots[inv.Wielded]
	info := st.Kind.Info()
	return info.Die, info.HitBonus + int(st.Spe), int(st.Spe)
}

// UnarmedDie is the damage die of a cog with no weapon in hand (§7.2).
const UnarmedDie = 2
