package agents

import _ "embed" // GoldenResults

// GoldenResults are the reference result lines of the cog game (rules
// cog, no mechanics, its 55 command turns): the explore agent's episodes
// of seeds 1 … 50, as TestSeedCatalogue holds every build to them
// (testdata/catalogue/results.jsonl). Every build carries them, so that
// `cogsim check` compares a build's cog game with them by default
// (§34.3).
//
//go:embed testdata/catalogue/results.jsonl
var GoldenResults []byte
