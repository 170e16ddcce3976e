package eval

import (
	"errors"
	"fmt"
	"io"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

// Merged are the results of several files, checked as they are read:
// no seed twice, one setting (rules, agent, …, engine), token sums that
// fit. Summaries, comparisons and the board read their files so.
type Merged struct {
	Results []result.Result
	// where is each seed's file and line, for duplicates.
	where map[uint64]string
	// first is the first result and where it was, the reference for
	// mixed rules.
	first      *result.Result
	firstWhere string
	// tokens totals the results' token counts (§36) as they are read,
	// so that a sum beyond an int is refused at its line.
	tokens TokenTotals
	// warnings say which files were written by another engine than
	// this build's, or before engines were recorded (issue 34).
	Warnings []string
}

// Read adds the results of the file path, read from f.
func (m *Merged) Read(f io.Reader, path string) error {
	if m.where == nil {
		m.where = map[uint64]string{}
	}
	lines := 0
	_, torn, err := result.ReadLines(f, path, func(n int, r result.Result) error {
		lines = n
		at := fmt.Sprintf("%s line %d", path, n)
		if prev, dup := m.where[r.Seed]; dup {
			return fmt.Errorf("%s: seed %d again (first at %s)", at, r.Seed, prev)
		}
		m.where[r.Seed] = at
		if lines == 1 {
			if d := sim.EngineDiff(r.Engine); d != "" {
				m.Warnings = append(m.Warnings, fmt.Sprintf("%s: results %s", path, d))
			}
		}
		if m.first == nil {
			m.first, m.firstWhere = &r, at
		} else if setting, got, want := result.SettingDiff(&r, m.first); setting != "" {
			msg := fmt.Sprintf("%s: %s %s, but %s has %s", at, setting, got, m.firstWhere, want)
			switch setting {
			case "rules":
				msg += ": results of different rules do not merge"
			case "agent":
				msg += ": summarize one agent at a time"
			case "engine":
				msg += ": results of different engines do not merge"
			default:
				msg += ": results of different settings do not merge"
			}
			return errors.New(msg)
		}
		if err := m.tokens.Add(&r); err != nil {
			return fmt.Errorf("%s: %v", at, err)
		}
		m.Results = append(m.Results, r)
		return nil
	})
	if err != nil {
		return err
	}
	if torn != nil {
		return fmt.Errorf("%s line %d: torn (no newline at the end): a run was cut off; finish it with run --resume", path, lines+1)
	}
	return nil
}

// Absorb adds the results of o, read from another file of the same
// setting; a seed both have is refused, naming both places.
func (m *Merged) Absorb(o *Merged) error {
	for _, r := range o.Results {
		if prev, dup := m.where[r.Seed]; dup {
			return fmt.Errorf("%s: seed %d again (first at %s)", o.where[r.Seed], r.Seed, prev)
		}
		if err := m.tokens.Add(&r); err != nil {
			return fmt.Errorf("%s: %v", o.where[r.Seed], err)
		}
		m.where[r.Seed] = o.where[r.Seed]
		m.Results = append(m.Results, r)
	}
	return nil
}

// Where is the file and line a seed's result was read at.
func (m *Merged) Where(seed uint64) string { return m.where[seed] }

// First is the first result read (nil: none).
func (m *Merged) First() *result.Result { return m.first }
