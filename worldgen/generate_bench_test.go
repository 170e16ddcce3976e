package worldgen

import (
	"testing"

	"github.com/cogsim/cogsim/components"
)

// BenchmarkGenerate measures one generated and populated level, depths
// 1…12 in turn, reusing the Generator and the Level.
func BenchmarkGenerate(b *testing.B) {
	var g Generator
	var lvl components.Level
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g.Generate(uint64(i/12), 1+i%12, &lvl)
	}
}
