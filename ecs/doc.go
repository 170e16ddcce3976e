// Package ecs is cogsim's engine layer over arche: the system scheduler
// (ordered, named systems; insert before or after a name; enable and
// disable; per-system timing and pprof labels), the named RNG streams
// derived from the episode seed, and the message log. It knows nothing
// about dungeons.
package ecs
