// Package view is the drawing model of cogplay, the graphical front end
// (§22), in plain Go: which glyph, colour and dim state each board cell
// gets, the screens of play and of the replay viewer laid out as a grid
// of character cells, the keys and what they do. The ebiten front end
// (render/gfx) only draws the grid this package fills, so everything
// here is tested without a window.
package view
