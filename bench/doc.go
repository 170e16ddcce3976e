// Package bench holds the scenario benchmarks of cogsim and the standard
// game they and `cogsim bench` measure (§23).
//
// # The standard game
//
// The explore agent plays episodes of seeds 1, 2, … (they stay at depths
// 1–5 nearly always). [Record] plays them once and keeps the agent's
// replies; [Game.Replay] runs the same ticks again — the engine is
// deterministic — without the agent's own time in the measurement.
//
// # The report
//
// [Measure] replays a recorded game and reports, in a [Report], each
// system's ns and allocations per tick, the engine's ticks per second
// and, if asked, a CPU profile whose samples carry system=<name> labels;
// [Report.WriteText], [Report.WriteJSON] and [Report.WriteSVG] write it
// as `cogsim bench` prints it (its table, --json and --svg).
//
// # Benchmarks
//
//	BenchmarkTickWait       whole ticks, the cog waiting: the engine alone
//	BenchmarkTickExplore    whole ticks of the standard game, agent between turns
//	BenchmarkSystem/<name>  each system alone: its own ns per tick (one op is a tick)
//	BenchmarkGenerateLevel  generating and populating a level
//	BenchmarkObservation    rendering the observation text
//	BenchmarkParse          parsing a reply
//	BenchmarkEpisodeExplore one episode end to end
//	BenchmarkNewEpisode     building an episode (world, systems, first level)
//	BenchmarkReset          Sim.Reset: the next episode in the same world (autoreset)
//	BenchmarkRandomAction   a session slot's step: a random action by index, its
//	                        record and mask, resets included (§35.6)
//	BenchmarkSnapshot/…     taking, restoring, encoding and decoding a snapshot
//
// and, in bench/scaling, the scaling family: N monsters on a 1024 x 1024
// board, on arche and on plain slices, in ns per monster-action.
//
// Engine time is the time spent in sim.Turn: the agents' replies and the
// building of each episode are outside the timer. Besides ns/op the
// benchmarks report, where meaningful:
//
//	ns/tick      engine time per tick (one dungeon turn, §13)
//	allocs/tick  heap allocations per tick, engine only
//	ticks/s      ticks per second of engine time
//	µs/level     time to generate and populate one level
//	ns/action    time per monster-action (scaling)
//
// Run them several times on the old version and on the new one, then
// compare with benchstat (go install golang.org/x/perf/cmd/benchstat@latest):
//
//	go test -run '^$' -bench . -count 10 ./bench/... > old.txt
//	# … change the engine …
//	go test -run '^$' -bench . -count 10 ./bench/... > new.txt
//	benchstat old.txt new.txt
//
// benchstat compares every reported unit, the per-tick ones included.
// `cogsim bench` prints the engine's figures split by system, with their
// allocations, and writes a CPU profile labelled by system.
package bench
