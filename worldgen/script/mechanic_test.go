package script

import (
	"fmt"

	"go.starlark.net/starlark"

	c "github.com/cogsim/cogsim/components"
)

// scriptOut is what the last des.scripttest_out(v) call passed.
var scriptOut starlark.Value

// The test-only mechanic scripttest adds des functions: scripttest_out
// hands a value to the test, scripttest_lava draws lava and an item,
// scripttest_panic panics.
func init() {
	Define("scripttest", "scripttest_out", func(b *Builder, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		scriptOut = args[0]
		return nil, nil
	})
	Define("scripttest", "scripttest_lava", func(b *Builder, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		var at starlark.Value
		if err := starlark.UnpackArgs("des.scripttest_lava", args, kwargs, "at", &at); err != nil {
			return nil, err
		}
		p, err := b.Cell(at)
		if err != nil {
			return nil, fmt.Errorf("des.scripttest_lava: at: %v", err)
		}
		b.Level().Terrain[p.Index()] = c.Lava
		b.AddItem(Item{Stack: c.Stack{Kind: c.Gold, Count: 1 + b.Rng().Rn2(b.Depth()*10)}, At: c.Pos{X: 2, Y: 2}})
		return starlark.MakeInt(p.X), nil
	})
	Define("scripttest", "scripttest_panic", func(*Builder, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
		panic("boom")
	})
}
