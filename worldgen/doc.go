// Package worldgen builds levels: NetHack's rooms-and-corridors (mklev,
// scaled to 48 x 18), the Oracle level, lava pools, and the population of
// monsters, items and traps (§9–§11, §16, §17 of the spec).
//
// It is pure: (episode seed, depth) in, a [components.Level] and a
// [Population] out. It touches no arche world; the sim turns the
// population into entities.
//
// # Outline
//
//   - [Plan]: which depths hold the Oracle and the Rogue level.
//   - [Generator.Generate], [Generate]: one level and its population.
//   - [AssignComponents]: the room-or-corridor components of §17.
//   - [Reachable]: the validity rule of §17.6.
//   - [ClassifyDoors], [FindRooms]: doorways and rooms of a drawn map
//     (§19 scenarios, §38 level scripts).
//   - [DrawSpecies], [DrawItem], [DrawTrap]: one random monster, item or
//     trap as a level's population is drawn.
//   - [Reveal]: the fully revealed map (`cogsim gen --reveal`).
//
// All draws for a level come from the stream worldgen/<depth>; an invalid
// level is regenerated from worldgen/<depth>/<attempt> (§18).
package worldgen
