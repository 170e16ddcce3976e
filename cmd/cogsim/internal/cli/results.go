package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cogsim/cogsim/eval"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

// maxResultLine bounds a line of a results file, which --resume and
// summarize read (issue 25: summarize held a whole 1 GB line). A result
// line is a few hundred bytes; a longer one is refused unread.
const maxResultLine = 1 << 20

// readResults reads the result lines of r, the file name, a line at a
// time and never more than maxResultLine of one: each complete line
// must pass sim.ParseResult and is handed to fn with its number. A last
// line without a newline is returned as torn, unchecked, with the
// length of what precedes it. Errors name the file, line and field.
func readResults(r io.Reader, name string, fn func(n int, res sim.Result) error) (kept int64, torn []byte, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	for n := 1; ; n++ {
		line = line[:0]
		for {
			chunk, err := br.ReadSlice('\n')
			if len(line)+len(chunk) > maxResultLine {
				return kept, nil, fmt.Errorf("%s line %d: longer than %d bytes (1 MiB): not a result line", name, n, maxResultLine)
			}
			line = append(line, chunk...)
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if err == io.EOF {
				if len(line) > 0 {
					return kept, line, nil
				}
				return kept, nil, nil
			}
			if err != nil {
				return kept, nil, fmt.Errorf("%s: %w", name, err)
			}
			break
		}
		res, err := result.Parse(line)
		if err != nil {
			return kept, nil, fmt.Errorf("%s line %d: not a result line: %v", name, n, err)
		}
		if err := fn(n, res); err != nil {
			return kept, nil, err
		}
		kept += int64(len(line))
	}
}

// looksTorn reports whether b could be the start of a result line cut
// off by a kill: what cogsim writes begins with {"seed":.
func looksTorn(b []byte) bool {
	const head = `{"seed":`
	return bytes.HasPrefix(b, []byte(head)) || (len(b) < len(head) && strings.HasPrefix(head, string(b)))
}

// settingDiff names the first setting in which result got differs from
// want — rules with mechanics, agent, scenario, maxTurns, strict, an
// LLM's settings, the engine (issue 34) — with
// both values, or returns "" when they are played alike.
func settingDiff(got, want *sim.Result) (setting, g, w string) {
	rules := func(r *sim.Result) string {
		s := r.Rules
		for _, m := range r.Mechanics {
			s += " " + m.Name + "@" + m.Version
		}
		return fmt.Sprintf("%q", s)
	}
	switch {
	case rules(got) != rules(want):
		return "rules", rules(got), rules(want)
	case got.Agent != want.Agent:
		return "agent", fmt.Sprintf("%q", got.Agent), fmt.Sprintf("%q", want.Agent)
	case got.Scenario != want.Scenario || got.ScenarioDigest != want.ScenarioDigest:
		return "scenario", scenarioText(got), scenarioText(want)
	case got.MaxTurns != want.MaxTurns:
		return "maxTurns", fmt.Sprint(got.MaxTurns), fmt.Sprint(want.MaxTurns)
	case got.Strict != want.Strict:
		return "strict", fmt.Sprint(got.Strict), fmt.Sprint(want.Strict)
	case got.LLM.String() != want.LLM.String():
		return "llm", got.LLM.String(), want.LLM.String()
	case got.Engine != want.Engine:
		return "engine", eval.EngineText(got.Engine), eval.EngineText(want.Engine)
	}
	return "", "", ""
}

// scenarioText shows a result's scenario: none, or its name (if any)
// and digest.
func scenarioText(r *sim.Result) string {
	switch {
	case r.ScenarioDigest == "":
		return "none"
	case r.Scenario == "":
		return "unnamed (" + r.ScenarioDigest + ")"
	}
	return fmt.Sprintf("%q (%s)", r.Scenario, r.ScenarioDigest)
}
