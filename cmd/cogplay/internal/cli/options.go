// Package cli is cogplay's command line (§22): the flags, the session they
// ask for (a new or restored game, or a replay), and the run around the
// window. It does not import ebiten: the window is passed in, so all of
// it is tested without a display.
package cli

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cogsim/cogsim/internal/levelflag"
	"github.com/cogsim/cogsim/internal/rulesflag"
	"github.com/cogsim/cogsim/render/view"
)

const usage = `cogplay plays cogsim in a window (§22).

  cogplay [--seed N] [--scenario FILE] [--level FILE.star] [--dungeon FILE.star] [--rules NAME] [--mechanics a,b] [--wizard] [--save FILE]
  cogplay --replay FILE [--turn K]
  cogplay --scores

A saved game (S) is restored on the next start, and its save file deleted
(wizard mode asks whether to keep it). Scores of finished games go to
$XDG_DATA_HOME/cogsim/record.jsonl (--scores prints it). Without --seed,
--scenario or a saved game, a quick-start screen asks for the seed, the
rules and wizard mode. For tests and docs:
  --screenshot FILE.png [--frames N] [--keys "l l j"] [--size WxH]  save the window after N frames and exit

Flags:
`

// Options are cogplay's flags.
type Options struct {
	seed     uint64
	seedSet  bool
	scenario string
	levels   levelflag.Flags
	rules    rulesflag.Flags
	// mechanics are the extra mechanics' names, checked.
	mechanics []string
	wizard    bool
	savePath  string
	replay    string
	turn      int

	screenshot string
	frames     int
	keys       []view.Key
	scale      int
	// width and height are --size's window (0: none).
	width, height int
	// pace is --pace, or the options file's (-1: neither; 0 is as fast
	// as the engine).
	pace int
	// scores: print the record and exit; numberPad: NetHack's
	// number_pad (digits move, n starts a count).
	scores     bool
	numberPad  bool
	fullScreen bool
	// name is the player's name (--name, the options file, $USER);
	// file is the options file read (--options, or the default one).
	name string
	file view.FileOptions
}

// ErrHelp is -h: the usage was printed.
var ErrHelp = errors.New("help")

// Parse reads the command line. Its errors are one line each.
func Parse(args []string, helpOut io.Writer) (Options, error) {
	var o Options
	fs := flag.NewFlagSet("cogplay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Uint64Var(&o.seed, "seed", 0, "episode seed (default: a random one)")
	fs.StringVar(&o.scenario, "scenario", "", "start from a scenario file (§19)")
	o.levels.Add(fs)
	o.rules.Add(fs)
	fs.BoolVar(&o.wizard, "wizard", false, `wizard mode: "Die?" on death, no record written`)
	fs.StringVar(&o.savePath, "save", "", "save file (default $XDG_DATA_HOME/cogsim/save/$USER.json)")
	fs.StringVar(&o.replay, "replay", "", "view a replay file (§21)")
	fs.IntVar(&o.turn, "turn", 0, "replay: start at the end of turn K")
	fs.StringVar(&o.screenshot, "screenshot", "", "save the window as PNG after --frames frames, then exit")
	fs.IntVar(&o.frames, "frames", 30, "frames to render before the screenshot")
	keys := fs.String("keys", "", `keys fed one per frame, e.g. "l l j ^D h" (names: space up down left right home end pgup pgdn enter esc kp1-kp9; none: a frame without a key)`)
	fs.IntVar(&o.scale, "scale", 0, "window scale (default: the largest that fits)")
	size := fs.String("size", "", "the window's starting size in pixels, WxH (e.g. 1366x768)")
	fs.IntVar(&o.pace, "pace", -1, "ticks a count, run, travel or auto-explore plays a frame (0: as fast as the engine, the default)")
	fs.BoolVar(&o.scores, "scores", false, "print the record of finished games, best first, and exit")
	fs.BoolVar(&o.fullScreen, "fullscreen", false, "start full screen (F11 toggles it)")
	fs.BoolVar(&o.numberPad, "numpad", false, "number pad on: the digits move and n starts a count (NetHack's number_pad)")
	fs.StringVar(&o.name, "name", "", "the player's name in the record (default: the options file's, else $USER)")
	optionsFile := fs.String("options", "", "the options file (default $XDG_CONFIG_HOME/cogsim/cogplay.conf when it exists)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(helpOut, usage)
			fs.SetOutput(helpOut)
			fs.PrintDefaults()
			return o, ErrHelp
		}
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	o.seedSet = set["seed"]
	var err error
	if o.keys, err = view.ParseKeys(*keys); err != nil {
		return o, fmt.Errorf("--keys: %v", err)
	}
	if o.mechanics, err = o.rules.Check(); err != nil {
		return o, err
	}
	if err := o.readOptions(*optionsFile); err != nil {
		return o, err
	}
	if !set["numpad"] && o.file.NumberPad != nil {
		o.numberPad = *o.file.NumberPad
	}
	if !set["pace"] && o.file.Pace != nil {
		o.pace = *o.file.Pace
	}
	if *size != "" {
		w, h, ok := strings.Cut(*size, "x")
		var err1, err2 error
		o.width, err1 = strconv.Atoi(w)
		o.height, err2 = strconv.Atoi(h)
		if !ok || err1 != nil || err2 != nil || o.width < 100 || o.height < 100 || o.width > 16384 || o.height > 16384 {
			return o, fmt.Errorf("--size %q: WIDTHxHEIGHT in pixels, each 100 to 16384", *size)
		}
	}
	if o.name == "" {
		o.name = cmp.Or(o.file.Name, os.Getenv("USER"), "player")
	}
	switch {
	case o.frames < 1:
		return o, errors.New("--frames must be at least 1")
	case o.scale < 0 || o.scale > 8:
		return o, errors.New("--scale must be 0 (fit) to 8")
	case o.pace < -1 || o.pace > 10000:
		return o, errors.New("--pace must be 0 (as fast as the engine) to 10000 ticks a frame")
	case o.turn < 0:
		return o, errors.New("--turn must not be negative")
	case set["turn"] && o.replay == "":
		return o, errors.New("--turn needs --replay")
	case o.screenshot != "" && !strings.EqualFold(filepath.Ext(o.screenshot), ".png"):
		return o, fmt.Errorf("--screenshot %s: the file must end in .png", o.screenshot)
	}
	if o.replay != "" {
		for _, name := range []string{"seed", "scenario", "level", "dungeon", "rules", "mechanics", "wizard", "save"} {
			if set[name] {
				return o, fmt.Errorf("--%s cannot be used with --replay", name)
			}
		}
	}
	return o, nil
}

// readOptions reads the options file: path, or the default one when it
// exists. A bad line is an error naming the file and the line.
func (o *Options) readOptions(path string) error {
	if path == "" {
		dir := os.Getenv("XDG_CONFIG_HOME")
		if dir == "" || !filepath.IsAbs(dir) {
			home, err := os.UserHomeDir()
			if err != nil {
				return nil
			}
			dir = filepath.Join(home, ".config")
		}
		path = filepath.Join(dir, "cogsim", "cogplay.conf")
		if _, err := os.Stat(path); err != nil {
			return nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("--options: %v", err)
	}
	defer f.Close()
	if o.file, err = view.ParseOptions(f); err != nil {
		return fmt.Errorf("options file %s: %v", path, err)
	}
	return nil
}
