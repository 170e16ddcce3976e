package components

// Glyphs is every cell's creature glyph, 0 where none stands, row after
// row: a reader that scans a region for creatures (the observation's
// map) reads it a word at a time. Read only.
func (o *Occupancy) Glyphs() *[N]byte { return &o.glyph }
