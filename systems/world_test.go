package systems_test

import (
	"fmt"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEverySystemAsksForWhatItUses: a system's Init asks the world for
// each resource it uses (§27.4). On a world that lacks them, every
// standard system's Init names the first one missing; given them one by
// one, it needs only a few — no catch-all environment.
func TestEverySystemAsksForWhatItUses(t *testing.T) {
	all := map[string]func(w *arche.World){
		"level": func(w *arche.World) { arche.AddResource(w, &c.Level{}) }, "clock": func(w *arche.World) { arche.AddResource(w, &c.Clock{}) },
		"run": func(w *arche.World) { arche.AddResource(w, &c.Run{}) }, "log": func(w *arche.World) { arche.AddResource(w, ecs.NewLog()) },
		"streams": func(w *arche.World) { arche.AddResource(w, ecs.NewStreams(1)) }, "vision": func(w *arche.World) { arche.AddResource(w, &c.Vision{}) },
		"action": func(w *arche.World) { arche.AddResource(w, &c.Action{}) }, "intents": func(w *arche.World) { arche.AddResource(w, &c.Intents{}) },
		"roster": func(w *arche.World) { arche.AddResource(w, &c.Roster{}) }, "knowledge": func(w *arche.World) { arche.AddResource(w, &c.Knowledge{}) },
		"queue": func(w *arche.World) { arche.AddResource(w, &c.Queue{}) }, "events": func(w *arche.World) { arche.AddResource(w, &c.Events{}) },
		"control": func(w *arche.World) { arche.AddResource(w, &ecs.Control{}) },
	}
	sch := systems.Standard(func(int) {})
	for _, e := range sch.Entries() {
		w := arche.NewWorld()
		var asked []string
		for range all {
			msg := initPanic(e.System, &w)
			if msg == "" {
				break
			}
			require.Contains(t, msg, "the world has no", "%s", e.Name)
			missing := strings.TrimSuffix(strings.TrimPrefix(msg[strings.Index(msg, "no ")+3:], "components."), " resource")
			missing = strings.ToLower(strings.TrimPrefix(missing, "ecs."))
			add, ok := all[missing]
			require.True(t, ok, "%s asks for %q", e.Name, missing)
			add(&w)
			asked = append(asked, missing)
		}
		assert.Empty(t, initPanic(e.System, &w), "%s initialises once given what it asked for", e.Name)
		assert.Less(t, len(asked), len(all), "%s asks for a few resources, not all: %v", e.Name, asked)
		t.Logf("%-16s %v", e.Name, asked)
	}
}

func initPanic(s ecs.System, w *arche.World) (msg string) {
	defer func() {
		if v := recover(); v != nil {
			msg = fmt.Sprint(v)
		}
	}()
	s.Init(w)
	return ""
}
