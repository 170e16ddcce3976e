// Package bench holds the scenario benchmarks of cogsim (§23): whole
// ticks of the standard game with the wait and the explore agent, level
// generation, observation rendering, reply parsing and one episode end to
// end. Benchmarks of a single package's internals live beside that
// package.
//
// Engine time is the time spent in sim.Turn: the agents' replies and the
// building of each episode are outside the timer. Besides ns/op the
// benchmarks report, where meaningful:
//
//	ns/tick      engine time per tick (one dungeon turn, §13)
//	allocs/tick  heap allocations per tick, engine only
//	ticks/s      ticks per second of engine time
//	µs/level     time to generate and populate one level
//
// Run them several times on the old version and on the new one, then
// compare with benchstat (go install golang.org/x/perf/cmd/benchstat@latest):
//
//	go test -run '^$' -bench . -count 10 ./bench/ > old.txt
//	# … change the engine …
//	go test -run '^$' -bench . -count 10 ./bench/ > new.txt
//	benchstat old.txt new.txt
//
// benchstat compares every reported unit, the per-tick ones included.
// `cogsim bench` prints the same engine figures split by system.
package bench
