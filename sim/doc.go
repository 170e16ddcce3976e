// Package sim is the episode: it builds a world for a seed (or a scenario),
// runs command turns — a reply parsed into primitives, up to forty ticks of
// the scheduler (§13) — and renders the observation the cog receives (§15).
//
//	s, err := sim.New(sim.Config{Seed: 7})
//	fmt.Println(string(s.Observe()))
//	s.Turn("e e e search*3")
//	if s.Done() { fmt.Println(s.Result().Score) }
package sim
