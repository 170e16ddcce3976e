package worldgen

import (
	"fmt"

	"github.com/cogsim/cogsim/ecs"
)

// Dungeon is the per-episode plan of special levels: the Oracle level at
// depth 3 + rn2(3) (§16) and the Rogue level at depth 6 + rn2(3) (§17).
type Dungeon struct {
	OracleDepth, RogueDepth int
}

// Plan draws the episode's Dungeon from the stream worldgen/plan.
func Plan(seed uint64) Dungeon {
	s := ecs.NewStream(seed, "worldgen/plan")
	oracle := 3 + s.Rn2(3)
	return Dungeon{OracleDepth: oracle, RogueDepth: 6 + s.Rn2(3)}
}

// StreamName is the name of the stream that generates depth on its
// attempt'th try: worldgen/<depth> first, then worldgen/<depth>/<attempt>
// for each regeneration (§17.6, §18).
func StreamName(depth, attempt int) string {
	if attempt == 0 {
		return fmt.Sprintf("worldgen/%d", depth)
	}
	return fmt.Sprintf("worldgen/%d/%d", depth, attempt)
}
