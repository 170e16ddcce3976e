// Package ecs is cogsim's engine layer over arche: the system scheduler
// (ordered, named systems; insert before or after a name; enable and
// disable; per-system timing and pprof labels; the tick's halt), the named
// RNG streams derived from the episode seed, the message log, and the two
// registries of the extension contract (§27): mechanics and rules
// variants ([Register], [RegisterVariant], [Select]), and state types
// ([RegisterComponent], [RegisterResource]) that snapshots capture. It
// knows nothing about dungeons.
package ecs
