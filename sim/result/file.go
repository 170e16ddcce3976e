package result

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLine bounds a line of a results file, which --resume and
// summarize read (issue 25: summarize held a whole 1 GB line). A result
// line is a few hundred bytes; a longer one is refused unread.
const MaxLine = 1 << 20

// ReadLines reads the result lines of r, the file name, a line at a
// time and never more than MaxLine of one: each complete line
// must pass Parse and is handed to fn with its number. A last
// line without a newline is returned as torn, unchecked, with the
// length of what precedes it. Errors name the file, line and field.
func ReadLines(r io.Reader, name string, fn func(n int, res Result) error) (kept int64, torn []byte, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	for n := 1; ; n++ {
		line = line[:0]
		for {
			chunk, err := br.ReadSlice('\n')
			if len(line)+len(chunk) > MaxLine {
				return kept, nil, fmt.Errorf("%s line %d: longer than %d bytes (1 MiB): not a result line", name, n, MaxLine)
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
		res, err := Parse(line)
		if err != nil {
			return kept, nil, fmt.Errorf("%s line %d: not a result line: %v", name, n, err)
		}
		if err := fn(n, res); err != nil {
			return kept, nil, err
		}
		kept += int64(len(line))
	}
}

// LooksTorn reports whether b could be the start of a result line cut
// off by a kill: what cogsim writes begins with {"seed":.
func LooksTorn(b []byte) bool {
	const head = `{"seed":`
	return bytes.HasPrefix(b, []byte(head)) || (len(b) < len(head) && strings.HasPrefix(head, string(b)))
}

// SettingDiff names the first setting in which result got differs from
// want — rules with mechanics, agent, scenario, maxTurns, strict, an
// LLM's settings, the engine (issue 34) — with
// both values, or returns "" when they are played alike.
func SettingDiff(got, want *Result) (setting, g, w string) {
	rules := func(r *Result) string {
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
	case scriptsText(got) != scriptsText(want):
		return "scripts", scriptsText(got), scriptsText(want)
	case got.Engine != want.Engine:
		return "engine", EngineText(got.Engine), EngineText(want.Engine)
	}
	return "", "", ""
}

// scriptsText shows a result's scripts: none, or each name and the
// first 12 digits of its sha256.
func scriptsText(r *Result) string {
	if len(r.Scripts) == 0 {
		return "none"
	}
	parts := make([]string, len(r.Scripts))
	for i, sc := range r.Scripts {
		parts[i] = fmt.Sprintf("%q (%.12s)", sc.Name, sc.SHA256)
	}
	return strings.Join(parts, ", ")
}

// scenarioText shows a result's scenario: none, or its name (if any)
// and digest.
func scenarioText(r *Result) string {
	switch {
	case r.ScenarioDigest == "":
		return "none"
	case r.Scenario == "":
		return "unnamed (" + r.ScenarioDigest + ")"
	}
	return fmt.Sprintf("%q (%s)", r.Scenario, r.ScenarioDigest)
}

// EngineText shows a result's engine (issue 34), "none recorded" for a
// result written before engines were.
func EngineText(engine string) string {
	if engine == "" {
		return "none recorded"
	}
	return Printable(engine)
}

// LineWriter writes result lines to W, each with one Write, so that
// lines from one process are never interleaved or split by the writer.
// When a write fails (a full disk) and the file can be truncated
// (Truncate not nil), it is cut back to its last complete line, Size
// bytes, so no half line is left at the end.
type LineWriter struct {
	W        io.Writer
	Truncate func(size int64) error
	Size     int64
}

// Write writes r's line.
func (l *LineWriter) Write(r *Result) error {
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	n, err := l.W.Write(append(line, '\n'))
	if err == nil && n < len(line)+1 {
		err = io.ErrShortWrite
	}
	if err != nil {
		if l.Truncate != nil && n > 0 {
			if terr := l.Truncate(l.Size); terr != nil {
				return fmt.Errorf("%w (and cutting off the half-written line: %v)", err, terr)
			}
		}
		return err
	}
	l.Size += int64(n)
	return nil
}
