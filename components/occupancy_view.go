package components

import arche "github.com/mlange-42/arche/ecs"

// Glyphs is every cell's creature glyph, 0 where none stands, row after
// row: a reader that scans a region for creatures (the observation's
// map) reads it a word at a time. Read only.
func (o *Occupancy) Glyphs() *[N]byte { return &o.glyph }

// EntityAt is the creature on cell i, the zero entity where none stands.
func (o *Occupancy) EntityAt(i int) arche.Entity { return o.entity[i] }
