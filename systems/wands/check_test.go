package wands_test

import (
	"testing"

	"github.com/cogsim/cogsim/internal/mechtest"
	"github.com/cogsim/cogsim/systems/wands"
)

// TestCheckConformance is the mechanic's conformance run (§34.3) over a
// few seeds: snapshot/restore, replays, workers, and the cog game
// unselected against the golden catalogue.
func TestCheckConformance(t *testing.T) { mechtest.Conformance(t, wands.Name) }
