package components

// maxRow is the largest id a table keyed by a uint8 can hold.
const maxRow = 255

// ActiveIn reports whether a table row added by mechanic is in play in an
// episode whose installed mechanics are named in active: core rows
// (mechanic "") always are, a mechanic's rows only when it is installed
// (§27.5).
func ActiveIn(mechanic string, active []string) bool {
	if mechanic == "" {
		return true
	}
	for _, m := range active {
		if m == mechanic {
			return true
		}
	}
	return false
}
