package wands

import (
	"fmt"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/worldgen/script"
	"go.starlark.net/starlark"
)

// des.wand(kind=None, at=… | where=…) in level scripts (§38.2) of
// episodes that install wands: a wand as the generator makes one — of
// the kind named ("striking", "slow monster", "digging", "create
// monster") or a random one, with its charges drawn from des.rng — on
// the cell at, or on a random cell of the selection where.
func init() {
	script.Define(Name, "wand", desWand)
}

func desWand(b *script.Builder, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var kind string
	var at starlark.Value
	var where *script.Selection
	if err := starlark.UnpackArgs("des.wand", args, kwargs, "kind?", &kind, "at?", &at, "where?", &where); err != nil {
		return nil, err
	}
	k := Kind(b.Rng().Rn2(int(NumKinds)))
	if kind != "" {
		found := false
		for i, n := range kindNames {
			if n == kind || "wand of "+n == kind {
				k, found = Kind(i), true
			}
		}
		if !found {
			return nil, fmt.Errorf("des.wand: kind %q is not a wand (striking, slow monster, digging, create monster)", kind)
		}
	}
	var p c.Pos
	var err error
	switch {
	case at != nil && where != nil:
		return nil, fmt.Errorf("des.wand: at and where: give one")
	case at != nil:
		p, err = b.Cell(at)
	case where != nil:
		p, err = b.RandomCell(where)
	default:
		return nil, fmt.Errorf("des.wand: at or where: give one")
	}
	if err != nil {
		return nil, fmt.Errorf("des.wand: %v", err)
	}
	b.AddItem(script.Item{Stack: c.Stack{Kind: ItemKinds[k], Count: 1, Spe: InitialCharges(b.Rng(), k)}, At: p})
	return starlark.None, nil
}
