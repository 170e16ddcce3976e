// Package components holds cogsim's plain data: the board geometry, the
// terrain grid of a level with the cog's memory and the spatial indices,
// the component types stored on entities, the resources systems share, and
// the game's tables (species, items, traps), each defined once.
//
// # Outline
//
//   - Geometry: [Pos], [Dir], [Rect], [W] x [H].
//   - Terrain: [Terrain], [Level].
//   - Tables: [Species], [ItemKinds], [TrapKinds].
//   - Entity components: [Position], [Health], [Nutrition], [Experience],
//     [Purse], [Status], [Inventory], [Monster], [MovementPoints], [Item],
//     [Trap], [CogTag].
//   - Resources: [Clock], [Run], [Queue], [Action], [Intents], [Roster],
//     [Potions], [Vision].
//
// Nothing here draws random numbers or touches a world; logic beyond tiny
// helpers lives in systems.
package components
