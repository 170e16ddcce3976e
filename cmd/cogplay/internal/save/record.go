package save

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cogsim/cogsim/sim"
)

// RecordPath is the record file: <data dir>/record.jsonl (§22).
func RecordPath() (string, error) {
	dir, err := DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "record.jsonl"), nil
}

// Entry is one line of the record file: the result of a finished game
// (§16) and when it ended.
type Entry struct {
	sim.Result
	Date string `json:"date"`
	// Player is the person's name (--name, the options file, $USER);
	// older lines have none and show the agent.
	Player string `json:"player,omitempty"`
}

// Table is the ranking the entry belongs to: games of a scenario rank
// only with games of the same scenario, normal games among themselves
// ("" for them).
func (e *Entry) Table() string {
	switch {
	case e.ScenarioDigest != "":
		return e.ScenarioDigest
	case e.Scenario != "":
		return "scenario " + e.Scenario
	}
	return ""
}

// Tables splits the record into its rankings: the normal games first,
// then each scenario's in the order first met.
func Tables(entries []Entry) [][]Entry {
	var keys []string
	by := map[string][]Entry{}
	for _, e := range entries {
		k := e.Table()
		if _, ok := by[k]; !ok {
			keys = append(keys, k)
		}
		by[k] = append(by[k], e)
	}
	slices.SortStableFunc(keys, func(a, b string) int {
		switch {
		case a == "" && b != "":
			return -1
		case b == "" && a != "":
			return 1
		}
		return 0
	})
	var out [][]Entry
	for _, k := range keys {
		out = append(out, by[k])
	}
	return out
}

// AppendRecord appends the result r as one JSON line to the record file
// at path, creating its directories. The file is opened for appending
// and the line written with one write, so earlier lines are never lost.
func AppendRecord(path string, r sim.Result) error {
	return AppendEntry(path, NewEntry(r))
}

// NewEntry is the record line of the result r, dated now.
func NewEntry(r sim.Result) Entry {
	return Entry{Result: r, Date: time.Now().UTC().Format(time.RFC3339)}
}

// AppendEntry appends e as one JSON line to the record file at path, as
// AppendRecord does.
func AppendEntry(path string, e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}

// ReadRecord reads the record file at path, in file order. A missing
// file is an empty record; a line that is not an entry (a torn write) is
// skipped.
func ReadRecord(path string) ([]Entry, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	defer f.Close()
	out, err := readRecord(f)
	if err != nil {
		return out, fmt.Errorf("record %s: %w", path, err)
	}
	return out, nil
}

// ParseRecord reads a record held in memory (the browser keeps its own
// in the page's local storage), as ReadRecord reads the file.
func ParseRecord(data []byte) []Entry {
	out, _ := readRecord(bytes.NewReader(data))
	return out
}

// readRecord reads record lines from r, skipping those that are not
// entries.
func readRecord(r io.Reader) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for sc.Scan() {
		var e Entry
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Date != "" {
			out = append(out, e)
		}
	}
	return out, sc.Err()
}

// Ranked is the record best first: the higher score, then the earlier
// game.
func Ranked(entries []Entry) []Entry {
	out := slices.Clone(entries)
	slices.SortStableFunc(out, func(a, b Entry) int { return b.Score - a.Score })
	return out
}

// Same reports whether a and b are the same game's line.
func (e *Entry) Same(b *Entry) bool {
	return e.Date == b.Date && e.Seed == b.Seed && e.Score == b.Score && e.Ticks == b.Ticks &&
		e.Cause == b.Cause && e.Agent == b.Agent && e.Rules == b.Rules && e.Scenario == b.Scenario && e.Player == b.Player
}

// FormatRecord lays out the top n entries of the record, best first (n ≤
// 0: all), under a heading; the line of mine, when given, is marked with
// a '*' (of lines alike, the latest), and shown after the top when it is
// not in it.
func FormatRecord(entries []Entry, n int, mine *Entry) []string {
	if mine != nil {
		var same []Entry
		for _, e := range entries {
			if e.Table() == mine.Table() {
				same = append(same, e)
			}
		}
		entries = same
	}
	ranked := Ranked(entries)
	marked := -1
	for i := range ranked {
		if mine != nil && ranked[i].Same(mine) {
			marked = i
		}
	}
	out := []string{fmt.Sprintf("  %4s %6s %4s %5s %10s %-7s %-8s %-28s %s", "rank", "score", "dlvl", "ticks", "seed", "rules", "player", "cause", "date")}
	line := func(i int) string {
		e := &ranked[i]
		mark := ' '
		if i == marked {
			mark = '*'
		}
		date, _, _ := strings.Cut(e.Date, "T")
		cause := e.Cause
		if len(cause) > 28 {
			cause = cause[:28]
		}
		player := e.Player
		if player == "" {
			player = e.Agent
		}
		if len(player) > 8 {
			player = player[:8]
		}
		return fmt.Sprintf("%c %4d %6d %4d %5d %10d %-7s %-8s %-28s %s", mark, i+1, e.Score, e.MaxDepth, e.Ticks, e.Seed, e.Rules, player, cause, date)
	}
	top := len(ranked)
	if n > 0 {
		top = min(top, n)
	}
	for i := 0; i < top; i++ {
		out = append(out, line(i))
	}
	if marked >= top {
		out = append(out, "  ...", line(marked))
	}
	return out
}

// EndDir is where the end-of-game files go: <data dir>/games, beside the
// record.
func EndDir() (string, error) {
	dir, err := DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "games"), nil
}

// WriteEnd writes a finished game's files beside the record (NetHack's
// dumplog): <player>-<date>-seed<N>.txt, the end of the game as text,
// and with replay the game's replay as .jsonl, which `cogsim replay
// FILE --verify` checks and `cogsim replay FILE --html OUT.html` turns
// into a one-file page. It returns a line for each file written.
func WriteEnd(player string, r sim.Result, dump string, replay []byte) ([]string, error) {
	dir, err := EndDir()
	if err != nil {
		return nil, err
	}
	name := unsafeName.ReplaceAllString(player, "_")
	if name == "" || name[0] == '.' {
		name = "player"
	}
	base := filepath.Join(dir, fmt.Sprintf("%s-%s-seed%d", name, time.Now().UTC().Format("20060102-150405"), r.Seed))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("end of game: %w", err)
	}
	if err := writeAtomic(base+".txt", []byte(dump), 0o644); err != nil {
		return nil, err
	}
	out := []string{"The end of the game: " + base + ".txt"}
	if len(replay) > 0 {
		if err := writeAtomic(base+".jsonl", replay, 0o644); err != nil {
			return out, err
		}
		out = append(out, "Your replay: "+base+".jsonl",
			"  share it as one page: cogsim replay "+filepath.Base(base)+".jsonl --html run.html")
	}
	return out, nil
}
