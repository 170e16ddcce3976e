package play

import (
	"fmt"
	"io"

	"github.com/cogsim/cogsim/sim/result"
)

// Resume reads the results already in r, the results file name, of a
// batch of seeds whose episodes are played as want says (rules and
// mechanics, agent, scenario, maxTurns, strict, an LLM agent's
// settings, the engine): every complete line must be such a result, and
// the lines must be the first seeds of the list, in order — what a
// batch writes, even when interrupted — so that the file, finished, is
// an uninterrupted batch's byte for byte. Each result is handed to add.
// A torn last line (the start of a result line without its newline: the
// process was killed while writing it) is not counted in kept, the
// length of the lines to keep; done is how many seeds they hold.
func Resume(r io.Reader, name string, seeds Seeds, want *result.Result, add func(result.Result)) (kept int64, done int, err error) {
	in := seeds.Member()
	lines := map[uint64]int{}
	kept, torn, err := result.ReadLines(r, name, func(n int, res result.Result) error {
		if !in(res.Seed) {
			return fmt.Errorf("%s line %d: seed %d is not in this run's seed list", name, n, res.Seed)
		}
		if lines[res.Seed] != 0 {
			return fmt.Errorf("%s line %d: seed %d again (first on line %d)", name, n, res.Seed, lines[res.Seed])
		}
		if setting, got, w := result.SettingDiff(&res, want); setting == "engine" {
			return fmt.Errorf("%s line %d: engine %s, this build is engine %s: a results file is finished by the build that began it (--force starts it afresh)", name, n, got, w)
		} else if setting != "" {
			return fmt.Errorf("%s line %d: %s %s, this run plays %s", name, n, setting, got, w)
		}
		if at := seeds.At(n - 1); res.Seed != at {
			return fmt.Errorf("%s line %d: seed %d, but this run's seed list has seed %d there: a results file is a prefix of its seed list, in order (--force starts it afresh)", name, n, res.Seed, at)
		}
		lines[res.Seed] = n
		add(res)
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	if torn != nil && !result.LooksTorn(torn) {
		return 0, 0, fmt.Errorf("%s line %d: no newline at the end and not the start of a result line: not a results file?", name, len(lines)+1)
	}
	return kept, len(lines), nil
}
