package script

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// scriptJSON is a script as replays and snapshots carry it: whole, so
// that they replay without the file, and with its digest, so that an
// edit is told apart.
type scriptJSON struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
	Source string `json:"source"`
}

// MarshalJSON encodes the script with its source.
func (s *Script) MarshalJSON() ([]byte, error) {
	return json.Marshal(scriptJSON{Name: s.Name, SHA256: s.SHA256, Source: string(s.Source)})
}

// UnmarshalJSON decodes and compiles a script MarshalJSON encoded,
// refusing one whose source is not the one its digest names.
func (s *Script) UnmarshalJSON(b []byte) error {
	var in scriptJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	if err := checkDigest("level script", in.Name, in.Source, in.SHA256); err != nil {
		return err
	}
	got, err := Compile(in.Name, []byte(in.Source))
	if err != nil {
		return err
	}
	*s = *got
	return nil
}

// checkDigest refuses a source whose sha256 is not digest.
func checkDigest(what, name, source, digest string) error {
	h := sha256.Sum256([]byte(source))
	if got := hex.EncodeToString(h[:]); got != digest {
		return fmt.Errorf("%s %s: its source's sha256 is %.12s…, not the %.12s… recorded (edited?)", what, name, got, digest)
	}
	return nil
}

type dungeonJSON struct {
	Name   string             `json:"name"`
	SHA256 string             `json:"sha256"`
	Source string             `json:"source"`
	Levels []dungeonLevelJSON `json:"levels"`
}

type dungeonLevelJSON struct {
	MinDepth int     `json:"minDepth"`
	MaxDepth int     `json:"maxDepth"`
	Chance   int     `json:"chance"`
	Script   *Script `json:"script"`
}

// MarshalJSON encodes the dungeon with its source and its level
// scripts.
func (d *Dungeon) MarshalJSON() ([]byte, error) {
	out := dungeonJSON{Name: d.Name, SHA256: d.SHA256, Source: string(d.Source), Levels: []dungeonLevelJSON{}}
	for _, l := range d.Levels {
		out.Levels = append(out.Levels, dungeonLevelJSON{MinDepth: l.MinDepth, MaxDepth: l.MaxDepth, Chance: l.Chance, Script: l.Script})
	}
	return json.Marshal(out)
}

// UnmarshalJSON decodes a dungeon MarshalJSON encoded: its entries as
// recorded (the dungeon script is not run again), each level script
// compiled and checked against its digest.
func (d *Dungeon) UnmarshalJSON(b []byte) error {
	var in dungeonJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	if err := checkDigest("dungeon script", in.Name, in.Source, in.SHA256); err != nil {
		return err
	}
	out := Dungeon{Name: in.Name, Source: []byte(in.Source), SHA256: in.SHA256}
	for i, l := range in.Levels {
		if l.Script == nil {
			return fmt.Errorf("dungeon script %s: levels[%d]: no script", in.Name, i)
		}
		if l.MinDepth < 1 || l.MaxDepth < l.MinDepth || l.Chance < 0 || l.Chance > 100 {
			return fmt.Errorf("dungeon script %s: levels[%d]: depths %d…%d, chance %d: out of range", in.Name, i, l.MinDepth, l.MaxDepth, l.Chance)
		}
		out.Levels = append(out.Levels, DungeonLevel{MinDepth: l.MinDepth, MaxDepth: l.MaxDepth, Chance: l.Chance, Script: l.Script})
	}
	*d = out
	return nil
}
