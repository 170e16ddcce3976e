package components

import "strings"

// DeedPoints is what a core deed is worth (§16).
const DeedPoints = 25

// MaxDeedPoints bounds what one deed may be worth.
const MaxDeedPoints = 10_000

// DeedInfo is one row of the deed table (§16, §39.1): a deed's name as
// results write it, the points it adds to the score, one line saying
// what earns it (the prompt's and docs/rules.md's table), and the
// mechanic that added it ("" for the core game's).
type DeedInfo struct {
	Name     string
	Points   int
	Doc      string
	Mechanic string
}

// deeds is the deed table: the core deeds in §16's order, then the
// mechanics' in the order they were added.
var deeds = []DeedInfo{
	{Name: "descend-2", Points: DeedPoints, Doc: "first arrival at depth 2"},
	{Name: "descend-3", Points: DeedPoints, Doc: "first arrival at depth 3"},
	{Name: "descend-5", Points: DeedPoints, Doc: "first arrival at depth 5"},
	{Name: "descend-8", Points: DeedPoints, Doc: "first arrival at depth 8"},
	{Name: "descend-12", Points: DeedPoints, Doc: "first arrival at depth 12"},
	{Name: "first-kill", Points: DeedPoints, Doc: "the first kill"},
	{Name: "xlevel-3", Points: DeedPoints, Doc: "reaching experience level 3"},
	{Name: "xlevel-5", Points: DeedPoints, Doc: "reaching experience level 5"},
	{Name: "ate", Points: DeedPoints, Doc: "eating while Hungry or worse"},
	{Name: "identified", Points: DeedPoints, Doc: "the first potion identified"},
	{Name: "found", Points: DeedPoints, Doc: "the first hidden thing found by searching"},
	{Name: "oracle", Points: DeedPoints, Doc: "paying the Oracle"},
	{Name: "gold-100", Points: DeedPoints, Doc: "carrying 100 gold or more at once"},
	{Name: "full-clock", Points: DeedPoints, Doc: "being alive at the end of the clock"},
}

// AddDeed adds a mechanic's deed to the table (§39.1): results, the
// score, summarize, compare, board, --resume and the prompt then know
// it, with its points. A mechanic calls it from its package init and
// earns the deed with Run.Deeds.Earn(name, tick). It panics on a deed
// of no mechanic, a name that is empty, has a space or a comma, or is
// taken, points out of 0…[MaxDeedPoints], an empty doc, or a full
// table: all mistakes of the program.
func AddDeed(d DeedInfo) {
	switch {
	case d.Name == "" || strings.ContainsAny(d.Name, " ,\t\n\"") || strings.ToLower(d.Name) != d.Name:
		panic("components: deed " + d.Name + ": a name of lower-case letters, digits and dashes")
	case d.Points < 0 || d.Points > MaxDeedPoints:
		panic("components: deed " + d.Name + ": points out of range")
	case strings.TrimSpace(d.Doc) == "":
		panic("components: deed " + d.Name + " needs a doc line")
	}
	_, taken := LookupDeed(d.Name)
	addRow(&deeds, d, "deed", d.Name, d.Mechanic, taken)
}

// LookupDeed finds a deed by name.
func LookupDeed(name string) (*DeedInfo, bool) {
	for i := range deeds {
		if deeds[i].Name == name {
			return &deeds[i], true
		}
	}
	return nil, false
}

// DeedTable lists the deed table in order, the core deeds first. The slice
// is the caller's; the rows are shared and must not be changed.
func DeedTable() []DeedInfo { return append([]DeedInfo(nil), deeds...) }

// DeedNames names every deed of the table, in order.
func DeedNames() []string {
	names := make([]string, len(deeds))
	for i, d := range deeds {
		names[i] = d.Name
	}
	return names
}

// ActiveDeeds are the deeds an episode installing the mechanics active
// can earn, in table order.
func ActiveDeeds(active []string) []DeedInfo {
	var out []DeedInfo
	for _, d := range deeds {
		if ActiveIn(d.Mechanic, active) {
			out = append(out, d)
		}
	}
	return out
}

// DeedValue is what the deed called name is worth, and whether it is a
// deed.
func DeedValue(name string) (int, bool) {
	if d, ok := LookupDeed(name); ok {
		return d.Points, true
	}
	return 0, false
}

// Points are what the deeds earned add to the score: each its table
// row's points (a name the table lacks adds nothing).
func (d *Deeds) Points() int {
	n := 0
	for _, x := range d.List {
		p, _ := DeedValue(x.Name)
		n += p
	}
	return n
}
