package agents

import (
	"sync"

	"github.com/cogsim/cogsim/components"
)

// The board as the observation draws it (§4, §15).
const (
	boardW = 48
	boardH = 18
	cells  = boardW * boardH
)

// dir is one of the eight directions, in the AI's tie order of §9: e, se,
// s, sw, w, nw, n, ne.
type dir int8

var (
	dirDX = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
	dirDY = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	// moveWord is how a step is spelled in a reply: south is the vi key
	// "j", because "s" alone means search (§14).
	moveWord = [8]string{"e", "se", "j", "sw", "w", "nw", "n", "ne"}
	// argWord is how a direction is spelled after kick and chat.
	argWord = [8]string{"e", "se", "s", "sw", "w", "nw", "n", "ne"}
	// octantWords are the Oracle's compass words (§16), indexed by dir.
	octantWords = [8]string{"east", "southeast", "south", "southwest", "west", "northwest", "north", "northeast"}
)

func (d dir) diagonal() bool { return d&1 == 1 }

func (d dir) opposite() dir { return (d + 4) & 7 }

// step is the cell next to i in direction d, or -1 off the board.
func step(i int, d dir) int {
	x, y := i%boardW+dirDX[d], i/boardW+dirDY[d]
	if x < 0 || y < 0 || x >= boardW || y >= boardH {
		return -1
	}
	return y*boardW + x
}

// interior reports whether i is inside the border ring of rock.
func interior(i int) bool {
	x, y := i%boardW, i/boardW
	return x > 0 && y > 0 && x < boardW-1 && y < boardH-1
}

// cheb is the Chebyshev distance between cells a and b.
func cheb(a, b int) int {
	dx, dy := a%boardW-b%boardW, a/boardW-b/boardW
	return max(abs(dx), abs(dy))
}

// dirTo is the direction from a to its neighbour b, or -1.
func dirTo(a, b int) dir {
	dx, dy := b%boardW-a%boardW, b/boardW-a/boardW
	for d := dir(0); d < 8; d++ {
		if dirDX[d] == dx && dirDY[d] == dy {
			return d
		}
	}
	return -1
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// isMonster reports whether g draws a monster: a letter, or ':' for the
// newt and the gecko (§9).
func isMonster(g byte) bool { return g >= 'a' && g <= 'z' || g >= 'A' && g <= 'Z' || g == ':' }

// isItem reports whether g draws an item: the glyph of an item class
// of the table (§32.4), a mechanic's too — its glyph is on the map only
// in an episode that installs it.
func isItem(g byte) bool { return itemGlyphs()[g] }

// itemGlyphs marks the item classes' glyphs. Classes are added at
// package initialisation only, so the table is built once, at first use.
var itemGlyphs = sync.OnceValue(func() *[256]bool {
	var t [256]bool
	for _, ci := range components.Classes {
		t[ci.Glyph] = true
	}
	return &t
})
