package systems

import "github.com/cogsim/cogsim/ecs"

// The names of the standard systems, as the scheduler knows them.
const (
	NameInput          = "input"
	NameSearch         = "search"
	NameItems          = "items"
	NameKick           = "kick"
	NameChat           = "chat"
	NameTraps          = "traps"
	NameHunger         = "hunger"
	NameMovementPoints = "movement-points"
	NameAI             = "ai"
	NameCombat         = "combat"
	NameStatus         = "status"
	NameVision         = "vision"
	NameRegeneration   = "regeneration"
	NameLevel          = "level"
)

// Standard returns the scheduler of the cog rules (§3): the tick order is
// this table. The primitives' own systems (search, items, kick, chat)
// follow input directly. enter builds a level for the level system.
func Standard(enter func(depth int)) *ecs.Scheduler {
	// The systems live in one block, in tick order: a tick reads it front
	// to back, which the hardware prefetches, where 256 episodes' systems
	// scattered over the heap would each be a cache miss.
	all := new(struct {
		input          Input
		search         Search
		items          Items
		kick           Kick
		chat           Chat
		traps          Traps
		hunger         Hunger
		movementPoints MovementPoints
		ai             AI
		combat         Combat
		status         Status
		vision         Vision
		regeneration   Regeneration
		level          Level
	})
	all.level.Enter = enter
	s := &ecs.Scheduler{}
	s.Add(NameInput, &all.input)                   // 1: pop the primitive, moves, descend
	s.Add(NameSearch, &all.search)                 //    search: secret doors and traps
	s.Add(NameItems, &all.items)                   //    pickup, eat, quaff, wield, wear, drop, inventory
	s.Add(NameKick, &all.kick)                     //    kick doors and monsters
	s.Add(NameChat, &all.chat)                     //    chat with the Oracle
	s.Add(NameTraps, &all.traps)                   // 2: fire the trap just stepped on
	s.Add(NameHunger, &all.hunger)                 // 3: nutrition −1, hunger state, starvation
	s.Add(NameMovementPoints, &all.movementPoints) // 4: monsters' actions this tick
	s.Add(NameAI, &all.ai)                         // 5: attack intent, chase or wander
	s.Add(NameCombat, &all.combat)                 // 6: resolve intents, deaths, xp
	s.Add(NameStatus, &all.status)                 // 7: end timed conditions
	s.Add(NameVision, &all.vision)                 // 8: what the cog sees, memory
	s.Add(NameRegeneration, &all.regeneration)     // 9: hp +1 every 12th tick
	s.AddFinal(NameLevel, &all.level)              // 10: descend, deeds
	return s
}
