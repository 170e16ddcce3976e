package layers

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is the module's path; rules name its packages relative to it.
const module = "github.com/cogsim/cogsim"

// ebiten is the window's graphics library.
const ebiten = "github.com/hajimehoshi/ebiten/..."

// A rule says what the packages From reach through their imports (not
// their tests'): none of Not, and, when Only is given, no package of the
// module outside Only. Patterns name packages relative to the module,
// or by their full path when they start with a domain: "x" is x alone,
// "x/..." is x and every package below it, "x/*" every package strictly
// below x, and "..." every package of the module. Except exempts
// packages that From matches.
type rule struct {
	Name   string
	From   []string
	Except []string
	Not    []string
	Only   []string
}

// rules are SPEC §2's layers, one arrow each.
var rules = []rule{
	{Name: "components and ecs are the bottom",
		From: []string{"components/...", "ecs/..."},
		Only: []string{"components/...", "ecs/..."}},
	{Name: "worldgen stands on components and ecs",
		From: []string{"worldgen/..."},
		Only: []string{"components/...", "ecs/...", "worldgen/..."}},
	{Name: "systems stand on components and ecs",
		From: []string{"systems"},
		Only: []string{"components/...", "ecs/...", "systems"}},
	// A mechanic (§27) brings systems on the engine's; wands spawns
	// monsters as the generator does.
	{Name: "a mechanic stands on the engine",
		From: []string{"systems/*"}, Except: []string{"systems/builtin"},
		Only: []string{"components/...", "ecs/...", "systems", "worldgen/..."}},
	{Name: "render/text stands on components",
		From: []string{"render/text/..."},
		Only: []string{"components/...", "ecs/...", "render/text/..."}},
	{Name: "sim stands on the engine and render/text",
		From: []string{"sim"},
		Only: []string{"components/...", "ecs/...", "worldgen/...", "systems", "render/text/...", "sim/..."}},
	// The programs link the mechanics they offer (systems/builtin); a
	// library never does.
	{Name: "sim links no mechanic",
		From: []string{"sim/..."},
		Not:  []string{"systems/*"}},
	{Name: "only the commands link the built-in mechanics",
		From: []string{"..."}, Except: []string{"cmd/...", "systems/builtin"},
		Not: []string{"systems/builtin"}},
	{Name: "sim stands below agents",
		From: []string{"sim/..."},
		Not:  []string{"agents/..."}},
	{Name: "sim stands below the window",
		From: []string{"sim/..."},
		Not:  []string{"render/view/...", "render/gfx/...", "cmd/...", ebiten}},
	{Name: "the headless cogsim has no window",
		From: []string{"cmd/cogsim/..."},
		Not:  []string{"render/view/...", "render/gfx/...", "cmd/cogplay/...", ebiten}},
	{Name: "pictures draw without the window's models",
		From: []string{"render/grid/...", "render/picture/..."},
		Not:  []string{"render/view/...", "render/gfx/...", ebiten}},
	{Name: "nothing below the window imports ebiten",
		From: []string{"components/...", "ecs/...", "systems/...", "worldgen/...", "sim/...", "agents/...", "render/text/...", "cmd/cogsim/..."},
		Not:  []string{ebiten}},
}

// graph is each package's imports, by import path.
type graph map[string][]string

// listGraph runs go list over the module: every package it builds on
// this platform and every package those import, with their imports.
func listGraph(t *testing.T) graph {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command: %v", err)
	}
	cmd := exec.Command(gobin, "list", "-e", "-deps", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	g := graph{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) > 0 {
			g[f[0]] = f[1:]
		}
	}
	return g
}

// name is path relative to the module, or path outside it.
func name(path string) string {
	if path == module {
		return "."
	}
	return strings.TrimPrefix(path, module+"/")
}

// inModule reports whether path is a package of the module.
func inModule(path string) bool { return path == module || strings.HasPrefix(path, module+"/") }

// matches reports whether path is one of the packages pattern names.
func matches(pattern, path string) bool {
	if pattern == "..." {
		return inModule(path)
	}
	if first, _, _ := strings.Cut(pattern, "/"); !strings.Contains(first, ".") {
		if !inModule(path) {
			return false
		}
		pattern = module + "/" + pattern
	}
	switch {
	case strings.HasSuffix(pattern, "/..."):
		base := strings.TrimSuffix(pattern, "/...")
		return path == base || strings.HasPrefix(path, base+"/")
	case strings.HasSuffix(pattern, "/*"):
		return strings.HasPrefix(path, strings.TrimSuffix(pattern, "*"))
	}
	return path == pattern
}

func matchesAny(patterns []string, path string) bool {
	return slices.ContainsFunc(patterns, func(p string) bool { return matches(p, path) })
}

// forbidden reports whether r forbids reaching path.
func (r *rule) forbidden(path string) bool {
	return matchesAny(r.Not, path) || (len(r.Only) > 0 && inModule(path) && !matchesAny(r.Only, path))
}

// violations are the import chains that break the rules, in a fixed
// order: for each rule and each wrong import (an edge to a package the
// rule forbids), the shortest chain to it from the first package of
// From that reaches it (imports followed in sorted order). A chain ends
// at the first forbidden package: what that one imports follows from it.
func violations(g graph, rules []rule) []string {
	pkgs := make([]string, 0, len(g))
	for p := range g {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	var out []string
	for i := range rules {
		r := &rules[i]
		reported := map[[2]string]bool{}
		for _, from := range pkgs {
			if !inModule(from) || !matchesAny(r.From, from) || matchesAny(r.Except, from) {
				continue
			}
			for _, chain := range reach(g, from, r.forbidden) {
				edge := [2]string{chain[len(chain)-2], chain[len(chain)-1]}
				if !reported[edge] {
					reported[edge] = true
					out = append(out, fmt.Sprintf("%s: %s", r.Name, strings.Join(mapNames(chain), " -> ")))
				}
			}
		}
	}
	return out
}

// reach follows the imports from from, breadth first in sorted order,
// and returns the shortest chain from from to each package it reaches
// that stop holds for; it does not follow those packages' imports.
func reach(g graph, from string, stop func(string) bool) [][]string {
	parent := map[string]string{from: ""}
	var chains [][]string
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range slices.Sorted(slices.Values(g[p])) {
			if _, seen := parent[q]; seen {
				continue
			}
			parent[q] = p
			if !stop(q) {
				queue = append(queue, q)
				continue
			}
			var chain []string
			for at := q; at != ""; at = parent[at] {
				chain = append(chain, at)
			}
			slices.Reverse(chain)
			chains = append(chains, chain)
		}
	}
	return chains
}

func mapNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = name(p)
	}
	return out
}

// TestLayersPointOneWay: no import chain of the module breaks a rule.
func TestLayersPointOneWay(t *testing.T) {
	g := listGraph(t)
	for _, r := range rules {
		found := false
		for p := range g {
			found = found || (inModule(p) && matchesAny(r.From, p) && !matchesAny(r.Except, p))
		}
		if !found {
			t.Errorf("rule %q applies to no package: its From names none", r.Name)
		}
	}
	for _, v := range violations(g, rules) {
		t.Error(v)
	}
}

// TestTheRulesCatchAnUpwardChain runs the rules over a made-up module
// in which cmd/cogsim reaches the window through a picture that draws
// with the window's models, sim links a mechanic, components imports sim,
// and sim/check imports agents.
func TestTheRulesCatchAnUpwardChain(t *testing.T) {
	m := func(rel string) string { return module + "/" + rel }
	g := graph{
		m("components"):                    {"fmt", m("ecs")},
		m("ecs"):                           {"fmt"},
		m("systems"):                       {m("components"), m("ecs")},
		m("systems/builtin"):               {m("systems/wands")},
		m("systems/wands"):                 {m("systems"), m("worldgen")},
		m("worldgen"):                      {m("components")},
		m("render/text"):                   {m("components")},
		m("sim"):                           {m("components"), m("render/text"), m("systems"), m("worldgen")},
		m("sim/check"):                     {m("sim")},
		m("agents"):                        {m("sim")},
		m("render/grid"):                   {m("sim")},
		m("render/picture"):                {m("render/grid")},
		m("render/view"):                   {m("render/grid"), "github.com/hajimehoshi/ebiten/v2"},
		m("cmd/cogsim"):                    {m("cmd/cogsim/internal/cli"), m("systems/builtin")},
		m("cmd/cogsim/internal/cli"):       {m("render/picture"), m("sim")},
		"fmt":                              nil,
		"github.com/hajimehoshi/ebiten/v2": nil,
	}
	if v := violations(g, rules); len(v) != 0 {
		t.Fatalf("the layered module breaks rules:\n%s", strings.Join(v, "\n"))
	}
	g[m("render/picture")] = append(g[m("render/picture")], m("render/view"))
	g[m("sim")] = append(g[m("sim")], m("systems/builtin"))
	g[m("components")] = append(g[m("components")], m("sim"))
	g[m("sim/check")] = append(g[m("sim/check")], m("agents"))
	want := []string{
		"components and ecs are the bottom: components -> sim",
		"worldgen stands on components and ecs: worldgen -> components -> sim",
		"systems stand on components and ecs: systems -> components -> sim",
		"a mechanic stands on the engine: systems/wands -> systems -> components -> sim",
		"render/text stands on components: render/text -> components -> sim",
		"sim stands on the engine and render/text: sim -> systems/builtin",
		"sim links no mechanic: sim -> systems/builtin",
		"only the commands link the built-in mechanics: agents -> sim -> systems/builtin",
		"sim stands below agents: sim/check -> agents",
		"the headless cogsim has no window: cmd/cogsim -> cmd/cogsim/internal/cli -> render/picture -> render/view",
		"pictures draw without the window's models: render/picture -> render/view",
		"nothing below the window imports ebiten: cmd/cogsim -> cmd/cogsim/internal/cli -> render/picture -> render/view -> github.com/hajimehoshi/ebiten/v2",
	}
	if got := violations(g, rules); !slices.Equal(got, want) {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"sim", module + "/sim", true},
		{"sim", module + "/sim/check", false},
		{"sim/...", module + "/sim", true},
		{"sim/...", module + "/sim/check", true},
		{"sim/...", module + "/simulation", false},
		{"systems/*", module + "/systems", false},
		{"systems/*", module + "/systems/wands", true},
		{"...", module + "/cmd/cogsim", true},
		{"...", "fmt", false},
		{"sim", "sim", false},
		{ebiten, "github.com/hajimehoshi/ebiten/v2", true},
		{ebiten, "github.com/hajimehoshi/ebitengine", false},
	} {
		if got := matches(c.pattern, c.path); got != c.want {
			t.Errorf("matches(%q, %q) = %t, want %t", c.pattern, c.path, got, c.want)
		}
	}
}
