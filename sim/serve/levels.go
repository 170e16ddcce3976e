package serve

import (
	"crypto/sha256"
	"fmt"
	"os"
	"strings"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen/script"
)

// SourceName is the name of a level script a reset gives as its source
// (§38.4): results, replays and errors call it so.
const SourceName = "<reset>"

// IsLevelSource says whether a reset's "level" is a script's source
// rather than the path of a .star file: it holds a newline, or it does
// not end in ".star" (docs/serve.md).
func IsLevelSource(level string) bool {
	return strings.Contains(level, "\n") || !strings.HasSuffix(level, ".star")
}

// maxCachedScripts bounds a session's compiled scripts; past it the
// cache starts again (a client that sends a new source each reset).
const maxCachedScripts = 64

// scriptCache keeps the level and dungeon scripts a session's resets
// named, compiled, so that a reset_all of many slots, or an Env's next
// reset, compiles nothing: a file by its path, modification time and
// size (an edited file is read again), a source by its sha256.
type scriptCache struct {
	levels   map[string]*script.Script
	dungeons map[string]*script.Dungeon
}

// fileKey names the file at path as it is now, or "" when it cannot be
// read (the loader then says why).
func fileKey(path string) string {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return fmt.Sprintf("file\x00%s\x00%d\x00%d", path, fi.ModTime().UnixNano(), fi.Size())
}

// level is the compiled script of a reset's "level": a path or a
// source (IsLevelSource).
func (c *scriptCache) level(level string) (*script.Script, error) {
	var key string
	if IsLevelSource(level) {
		key = fmt.Sprintf("source\x00%x", sha256.Sum256([]byte(level)))
	} else {
		key = fileKey(level)
	}
	if sc, ok := c.levels[key]; ok && key != "" {
		return sc, nil
	}
	var sc *script.Script
	var err error
	if IsLevelSource(level) {
		sc, err = script.Compile(SourceName, []byte(level))
	} else {
		sc, err = script.Load(level)
	}
	if err != nil {
		return nil, err
	}
	if key != "" {
		if c.levels == nil || len(c.levels) >= maxCachedScripts {
			c.levels = map[string]*script.Script{}
		}
		c.levels[key] = sc
	}
	return sc, nil
}

// dungeon is the dungeon script at path, compiled with its level
// scripts. It is cached by its own file: an edit of one of its level
// scripts alone is read on the session's next start.
func (c *scriptCache) dungeon(path string) (*script.Dungeon, error) {
	key := fileKey(path)
	if d, ok := c.dungeons[key]; ok && key != "" {
		return d, nil
	}
	d, err := script.LoadDungeon(path)
	if err != nil {
		return nil, err
	}
	if key != "" {
		if c.dungeons == nil || len(c.dungeons) >= maxCachedScripts {
			c.dungeons = map[string]*script.Dungeon{}
		}
		c.dungeons[key] = d
	}
	return d, nil
}

// configureScripts puts a reset's "level" and "dungeon" into cfg, and
// returns what the slot's key says of them.
func (sv *Server) configureScripts(cfg *sim.Config, req *request) (string, error) {
	key := ""
	if req.Level != nil && *req.Level != "" {
		sc, err := sv.scripts.level(*req.Level)
		if err != nil {
			return "", bad("level: %v", err)
		}
		cfg.Level = sc
		key += "|level:" + sc.Name + "@" + sc.SHA256
	}
	if req.Dungeon != nil && *req.Dungeon != "" {
		d, err := sv.scripts.dungeon(*req.Dungeon)
		if err != nil {
			return "", bad("dungeon: %v", err)
		}
		cfg.Dungeon = d
		key += "|dungeon:" + d.Name + "@" + d.SHA256
		for _, r := range d.Refs() {
			key += "," + r.SHA256
		}
	}
	return key, nil
}

// startError is what a reset answers when the episode of cfg could not
// start: a level script's failure to build names the field.
func startError(cfg *sim.Config, err error) error {
	if cfg.Level != nil && strings.Contains(err.Error(), cfg.Level.Name) {
		return bad("level: %v", err)
	}
	return bad("%v", err)
}
