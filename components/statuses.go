package components

import arche "github.com/mlange-42/arche/ecs"

// StatusInfo is a status word a mechanic adds for the cog (§32.6): Word
// is shown on the status line while Holds reports true, in episodes that
// install Mechanic.
type StatusInfo struct {
	Word     string
	Mechanic string
	// Holds binds the status to an episode's world, once, as the
	// episode is built: it looks up what it reads (its resources, its
	// maps) and returns the test, which reports whether the status holds
	// now. The test runs as the observation is drawn (after a tick, or
	// as a front end draws); it must not change the world nor allocate.
	Holds func(w *arche.World) func() bool
}

// CoreStatusWords are §15's condition words, in the order the status line
// shows them (after the hunger word) and the bits of the stats'
// conditions (bit 0 Conf … bit 3 Trap).
var CoreStatusWords = [...]string{"Conf", "Para", "Stuck", "Trap"}

// MaxStatuses bounds the statuses mechanics may add: the conditions
// bitmask of §29's stats is an int32, its low bits the core's.
const MaxStatuses = 31 - len(CoreStatusWords)

var statuses []StatusInfo

// AddStatus adds a mechanic's status word and returns its index in
// [Statuses]. The documented order (§32.6) is [ActiveStatuses]': the
// status line shows the installed mechanics' words after the core's,
// and the i-th of them is bit 4+i of the stats' conditions
// (docs/serve.md). A mechanic calls it from its package init. It panics
// on a word that is empty, has a space or is taken, on a status without
// a mechanic or Holds, and past [MaxStatuses].
func AddStatus(s StatusInfo) int {
	switch {
	case s.Word == "" || s.Mechanic == "" || s.Holds == nil:
		panic("components: status " + s.Word + " needs a word, a mechanic and Holds")
	case len(statuses) >= MaxStatuses:
		panic("components: too many statuses at " + s.Word)
	}
	for i := 0; i < len(s.Word); i++ {
		if s.Word[i] <= ' ' {
			panic("components: status word " + s.Word + " has a space")
		}
	}
	for _, w := range CoreStatusWords {
		if w == s.Word {
			panic("components: status word " + s.Word + " is taken")
		}
	}
	for _, o := range statuses {
		if o.Word == s.Word {
			panic("components: status word " + s.Word + " is taken")
		}
	}
	statuses = append(statuses, s)
	return len(statuses) - 1
}

// Statuses lists the mechanics' statuses in the order they were added.
// The list is the registry's own: callers must not change it.
func Statuses() []StatusInfo { return statuses }

// ActiveStatuses are the indices into [Statuses] of the status words of
// an episode that installs the mechanics active, in the order it shows
// them and numbers their bits (§32.6): by mechanic in the order
// installed, each mechanic's words in the order it added them. So the
// bits depend on the episode's mechanics alone, not on which others the
// program links.
func ActiveStatuses(active []string) []int {
	var out []int
	for _, m := range active {
		for j, st := range statuses {
			if st.Mechanic == m {
				out = append(out, j)
			}
		}
	}
	return out
}
