package save

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
}

// AppendRecord appends the result r as one JSON line to the record file
// at path, creating its directories. The file is opened for appending
// and the line written with one write, so earlier lines are never lost.
func AppendRecord(path string, r sim.Result) error {
	line, err := json.Marshal(Entry{Result: r, Date: time.Now().UTC().Format(time.RFC3339)})
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
