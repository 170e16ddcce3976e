package components

// Aim is where a letter verb's item is aimed (§32.3): nowhere, a
// direction, or down (">"). Helper verbs defines it in verbs.go; this
// copy lets the content branch compile and goes at the merge.
type Aim uint8

// The aims.
const (
	AimNone Aim = iota
	AimDir
	AimDown
)
