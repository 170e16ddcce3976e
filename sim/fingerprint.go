package sim

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"reflect"
	"strings"
	"sync"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim/result"
	"github.com/cogsim/cogsim/worldgen"
)

// EngineVersion names the rules and engine behaviour by hand; the
// Fingerprint beside it names them by what they do.
const EngineVersion = "0.3.0"

// Fingerprint names this build's engine: EngineVersion, "+" and the first
// 12 hex digits of a SHA-256 over the core tables (species, item classes
// and kinds, traps, experience levels) and over what the rules variants
// the binary links do (all of them, by name: the commands link
// systems/builtin's, cog, nethack and rogue) — the levels the generator
// makes at many depths and short episodes played with fixed replies, so
// that every system those touch counts. Results, replays and saves
// carry it (issue 34): a change to the level generator or a rule changes
// it even when nobody bumps EngineVersion, and files of another engine
// are refused or warned about instead of merged.
//
// Mechanics are not in it (each result names its mechanics and their
// versions), so linking a mechanic does not change it; linking a rules
// variant does.
func Fingerprint() string {
	fingerprint.once.Do(func() { fingerprint.value = computeFingerprint() })
	return fingerprint.value
}

var fingerprint struct {
	once  sync.Once
	value string
}

// fingerprintReplies are the replies of the fingerprint's episodes,
// played in turn: moves, fights, searches, stairs, pick-ups and waits,
// enough to meet monsters, items and traps.
var fingerprintReplies = []string{
	"l l l l", "j j j", "h h h h h", "k k k", "s*5", ",", "y u b n", ">", "L", "J", "H", "K", "search*3", "i",
}

const (
	fingerprintSeeds = 3
	fingerprintDepth = 12
	fingerprintTurns = 40
)

func computeFingerprint() string {
	h := sha256.New()
	put := func(v uint64) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		h.Write(b[:])
	}
	for _, table := range []any{c.Species, c.Classes, c.ItemKinds, c.TrapKinds, c.XPThresholds, c.Appearances} {
		hashValue(h, reflect.ValueOf(table))
	}
	for _, v := range ecs.VariantNames() {
		h.Write([]byte(v))
		for seed := uint64(1); seed <= fingerprintSeeds; seed++ {
			s, err := New(Config{Seed: seed, Rules: v, Setup: WithoutInvariants})
			if err != nil {
				h.Write([]byte(err.Error()))
				continue
			}
			h.Write(s.Observe())
			for turn := 0; turn < fingerprintTurns && !s.Done(); turn++ {
				s.Turn(fingerprintReplies[turn%len(fingerprintReplies)])
				h.Write(s.Observe())
			}
			e := s.env
			put(uint64(s.State().Score()))
			h.Write([]byte(e.Run.Cause))
			put(uint64(e.Clock.Tick))
			// The variant's own generator (the Oracle's level, Rogue's
			// tribute level, …) at every depth, over the episode's
			// level, which is no longer needed.
			put(uint64(s.env.Dungeon.OracleDepth))
			put(uint64(s.env.Dungeon.RogueDepth))
			for depth := 1; depth <= fingerprintDepth; depth++ {
				pop := s.gen.Generate(seed, depth, e.Level)
				h.Write([]byte(worldgen.Reveal(e.Level, pop, true)))
			}
		}
	}
	return EngineVersion + "+" + hex.EncodeToString(h.Sum(nil))[:12]
}

// hashValue writes v's data to h: numbers, strings and the elements of
// structs, slices and arrays, in order. A function is only nil or not
// (its address differs between builds), and a table row a mechanic added
// (a struct whose Mechanic field is set) is left out, so that linking a
// mechanic does not change the fingerprint.
func hashValue(h hash.Hash, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if m := v.FieldByName("Mechanic"); m.IsValid() && m.Kind() == reflect.String && m.String() != "" {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			h.Write([]byte(v.Type().Field(i).Name))
			hashValue(h, v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		// No length: the rows a mechanic added are left out.
		h.Write([]byte("["))
		for i := 0; i < v.Len(); i++ {
			hashValue(h, v.Index(i))
		}
		h.Write([]byte("]"))
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			h.Write([]byte("nil"))
			return
		}
		hashValue(h, v.Elem())
	case reflect.Func, reflect.Map, reflect.Chan, reflect.UnsafePointer:
		fmt.Fprintf(h, "%s:%t", v.Kind(), v.IsNil())
	case reflect.String:
		fmt.Fprintf(h, "%q", v.String())
	case reflect.Bool:
		fmt.Fprintf(h, "%t;", v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprintf(h, "%d;", v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprintf(h, "%d;", v.Uint())
	case reflect.Float32, reflect.Float64:
		fmt.Fprintf(h, "%v;", v.Float())
	default:
		fmt.Fprintf(h, "%s;", v.Kind())
	}
}

// EngineDiff says how a file's engine differs from this build's, for the
// readers that check it (§21, issue 34), or "" when it is this build's.
// A file written before fingerprints names no engine, or only the bare
// version.
func EngineDiff(engine string) string {
	this := Fingerprint()
	switch {
	case engine == this:
		return ""
	case engine == "":
		return fmt.Sprintf("written by an engine that did not record itself (before %s); this is engine %s", EngineVersion, this)
	case !strings.Contains(engine, "+"):
		return fmt.Sprintf("written by engine %s, without a fingerprint; this is engine %s", result.Printable(engine), this)
	}
	return fmt.Sprintf("written by engine %s; this is engine %s", result.Printable(engine), this)
}
