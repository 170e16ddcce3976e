// Package components holds cogsim's plain data: the board geometry, the
// terrain grid of a level with the cog's memory and the spatial indices,
// the component types stored on entities, the resources systems share, and
// the game's tables (species, items, traps), each defined once.
//
// # Outline
//
//   - Geometry: [Pos], [Dir], [Rect], [W] x [H].
//   - Terrain: [Terrain], [Level].
//   - Tables: [Species], [ItemKinds], [TrapKinds], each row a whole kind
//     (glyph, [Colour], generation, effect). A mechanic adds rows at init
//     with [AddSpecies], [AddItem], [AddTrap]; [ActiveIn] says whether a
//     row is in play in an episode.
//   - Entity components: [Position], [Health], [Nutrition], [Experience],
//     [Purse], [Status], [Inventory], [Monster], [MovementPoints], [Item],
//     [Trap], [CogTag].
//   - Resources: [Clock], [Run], [Queue], [Action], [Intents], [Roster],
//     [Knowledge], [Vision].
//
// Nothing here draws random numbers or touches a world; logic beyond tiny
// helpers lives in systems.
package components
