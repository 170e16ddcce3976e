// Package docs embeds the documents the cogsim command prints, so that
// there is one source: `cogsim prompt` is built from rules.md.
package docs

import _ "embed"

// Rules is rules.md: the rules as the cog is told them, the reply grammar
// and the observation format, with a section per rules variant.
//
//go:embed rules.md
var Rules string
