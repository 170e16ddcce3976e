package agents

// Route plans the cog's way from where it stands to the cell (x, y) with
// the explorer's planner, over what the cog knows alone: the map of the
// observation obs (§15) and, where that map draws an item, a trap or a
// monster, the remembered terrain glyph under it from terrain (one byte
// per cell, row after row, 0 for a cell never seen; nil: taken for
// floor). Hidden terrain never enters: a secret door is the wall it looks
// like. The path is spelled as a reply (§14), "e*3 se j", a shut door on
// the way opened by a move into it first, as the explorer does; it is not
// cut at one command turn's forty primitives. Route reports false when
// obs cannot be read, (x, y) is where the cog stands, or no known path
// reaches it.
func Route(obs []byte, terrain []byte, x, y int) (string, bool) {
	if x < 0 || y < 0 || x >= boardW || y >= boardH {
		return "", false
	}
	var o observation
	if !o.parse(obs) {
		return "", false
	}
	l := new(level)
	l.reset(o.status.depth, o.status.tick)
	if !l.update(&o) {
		return "", false
	}
	if len(terrain) == cells {
		for i, g := range terrain {
			if g != 0 && g != ' ' && (l.terr[i] == '.' || l.terr[i] == ' ') && o.glyph(i) != g {
				l.terr[i] = g
			}
		}
	}
	target := y*boardW + x
	if target == l.pos {
		return "", false
	}
	var p planner
	p.start(l, false)
	p.budget = 4 * cells
	p.search()
	if !p.walk(target) {
		return "", false
	}
	return string(p.format(nil)), true
}
