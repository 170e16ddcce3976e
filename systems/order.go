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
	s := &ecs.Scheduler{}
	s.Add(NameInput, &Input{})                   // 1: pop the primitive, moves, descend
	s.Add(NameSearch, &Search{})                 //    search: secret doors and traps
	s.Add(NameItems, &Items{})                   //    pickup, eat, quaff, wield, wear, drop, inventory
	s.Add(NameKick, &Kick{})                     //    kick doors and monsters
	s.Add(NameChat, &Chat{})                     //    chat with the Oracle
	s.Add(NameTraps, &Traps{})                   // 2: fire the trap just stepped on
	s.Add(NameHunger, &Hunger{})                 // 3: nutrition −1, hunger state, starvation
	s.Add(NameMovementPoints, &MovementPoints{}) // 4: monsters' actions this tick
	s.Add(NameAI, &AI{})                         // 5: attack intent, chase or wander
	s.Add(NameCombat, &Combat{})                 // 6: resolve intents, deaths, xp
	s.Add(NameStatus, &Status{})                 // 7: end timed conditions
	s.Add(NameVision, &Vision{})                 // 8: what the cog sees, memory
	s.Add(NameRegeneration, &Regeneration{})     // 9: hp +1 every 12th tick
	s.AddFinal(NameLevel, &Level{Enter: enter})  // 10: descend, deeds
	return s
}
