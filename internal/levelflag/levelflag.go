// Package levelflag is the --level and --dungeon flags (§38.4) of every
// command that builds levels, cogsim's and cogplay's.
package levelflag

import (
	"flag"
	"fmt"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen/script"
)

// Flags are the two flags' values: file names, "" for none.
type Flags struct{ Level, Dungeon string }

// Add defines the two flags on fs.
func (f *Flags) Add(fs *flag.FlagSet) {
	fs.StringVar(&f.Level, "level", "", "build the first level with this level script (a .star file, §38; docs/levels.md)")
	fs.StringVar(&f.Dungeon, "dungeon", "", "build the depths a dungeon script names with its level scripts (§38.4), the rest generated")
}

// Load reads and compiles the scripts the flags name, refusing a bad
// one with the flag and the script's file, line and column.
func (f *Flags) Load() (*script.Script, *script.Dungeon, error) {
	var (
		lvl *script.Script
		dg  *script.Dungeon
		err error
	)
	if f.Level != "" {
		if lvl, err = script.Load(f.Level); err != nil {
			return nil, nil, fmt.Errorf("--level: %w", err)
		}
	}
	if f.Dungeon != "" {
		if dg, err = script.LoadDungeon(f.Dungeon); err != nil {
			return nil, nil, fmt.Errorf("--dungeon: %w", err)
		}
	}
	return lvl, dg, nil
}

// Set puts the flags' scripts in cfg.
func (f *Flags) Set(cfg *sim.Config) error {
	lvl, dg, err := f.Load()
	if err != nil {
		return err
	}
	cfg.Level, cfg.Dungeon = lvl, dg
	return nil
}

// Check builds the episode of cfg once, so that a script that fails on
// it is refused before a run starts (with the flag named), not once per
// episode.
func Check(cfg sim.Config) error {
	if cfg.Level == nil {
		return nil
	}
	if _, err := sim.New(cfg); err != nil {
		return fmt.Errorf("--level: %w", err)
	}
	return nil
}
