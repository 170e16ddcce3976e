// Package browser is cogplay in a web page (§31): the shell that runs
// the quick-start screen, a game or the replay viewer in one canvas and
// switches between them as the page asks, the page's query string, and
// the state the page reads. It is plain Go, tested without a browser;
// js.go (GOOS=js) binds it to the page and to render/gfx.
package browser

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/cogsim/cogsim/internal/rulesflag"
)

// Options are what the page's query string asks for:
//
//	?seed=N&rules=NAME&mechanics=a,b&wizard=1&numpad=1   a game
//	?replay=URL&turn=K                                   a replay
//	&touch=1                                             the page's touch controls on any screen
//
// The page's loader fetches the replay; the shell only checks the name.
type Options struct {
	Seed      uint64
	SeedSet   bool
	Rules     string
	Mechanics []string
	Wizard    bool
	NumberPad bool
	Turn      int
	// Touch: the page shows its touch controls (the loader reads it; a
	// touch screen shows them anyway).
	Touch bool
	// Play: the query asks for a game (seed or rules given), which wins
	// over a replay embedded in the page.
	Play bool
}

// queryKeys are the names the query may hold, in the order errors list
// them.
var queryKeys = []string{"seed", "rules", "mechanics", "wizard", "numpad", "replay", "turn", "touch"}

// ParseQuery reads the page's query string ("?seed=3&rules=nethack", the
// leading ? optional). Its errors are one line and name the key.
func ParseQuery(query string) (Options, error) {
	o := Options{Rules: "cog"}
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		return o, fmt.Errorf("the page's address: %v", err)
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(queryKeys, k) {
			return o, fmt.Errorf("the page's address: unknown key %q (known: %s)", k, strings.Join(queryKeys, ", "))
		}
		if len(q[k]) > 1 {
			return o, fmt.Errorf("the page's address: %s is given %d times", k, len(q[k]))
		}
	}
	if v := q.Get("seed"); v != "" {
		if o.Seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return o, fmt.Errorf("seed %q: a seed is a whole number from 0 to %d", v, uint64(1<<64-1))
		}
		o.SeedSet = true
	}
	rules := rulesflag.Flags{Rules: "cog", Mechanics: q.Get("mechanics")}
	if v := q.Get("rules"); v != "" {
		rules.Rules = v
	}
	if o.Mechanics, err = rules.Check(); err != nil {
		return o, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "--"))
	}
	o.Rules = rules.Rules
	for _, b := range []struct {
		key string
		v   *bool
	}{{"wizard", &o.Wizard}, {"numpad", &o.NumberPad}, {"touch", &o.Touch}} {
		if !q.Has(b.key) {
			continue
		}
		// A bare ?wizard means on.
		v := q.Get(b.key)
		if v == "" {
			*b.v = true
			continue
		}
		if *b.v, err = strconv.ParseBool(v); err != nil {
			return o, fmt.Errorf("%s %q: say 1 or 0 (true or false)", b.key, v)
		}
	}
	if v := q.Get("turn"); v != "" {
		if o.Turn, err = strconv.Atoi(v); err != nil || o.Turn < 0 {
			return o, fmt.Errorf("turn %q: a turn is a whole number, 0 or more", v)
		}
	}
	o.Play = q.Has("seed") || q.Has("rules") || q.Has("mechanics")
	if o.Play && q.Has("replay") {
		return o, fmt.Errorf("the page's address: replay cannot be used with seed, rules or mechanics")
	}
	if q.Has("turn") && !q.Has("replay") && o.Play {
		return o, fmt.Errorf("the page's address: turn is for a replay")
	}
	return o, nil
}
