package agents_test

import (
	"bytes"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eyeAttack reports whether reply, played from the observation obs, could
// move or kick into a floating eye drawn on the map (§7.4: a melee attack
// on it paralyses the cog). It follows every cell the cog could be on: a
// step onto drawn floor succeeds, a step into a wall fails, and a step
// into an unseen cell, a door or another monster may do either.
func eyeAttack(obs []byte, text string) bool {
	rows := bytes.Split(obs, []byte{'\n'})[:c.H]
	at := func(x, y int) byte {
		if y < 0 || y >= len(rows) || x < 0 || x >= len(rows[y]) {
			return '-'
		}
		return rows[y][x]
	}
	type cell struct{ x, y int }
	maybe := map[cell]bool{}
	for y, row := range rows {
		if x := bytes.IndexByte(row, '@'); x >= 0 {
			maybe[cell{x, y}] = true
		}
	}
	var q c.Queue
	var p reply.Parser
	p.Parse(text, &q)
	for _, pr := range q.Items[:q.Len] {
		if pr.Op != c.OpMove && pr.Op != c.OpKick {
			continue
		}
		next := map[cell]bool{}
		for from := range maybe {
			to := cell{from.x + pr.Dir.DX(), from.y + pr.Dir.DY()}
			g := at(to.x, to.y)
			switch {
			case g == 'e':
				return true
			case pr.Op == c.OpKick:
				next[from] = true
			case strings.IndexByte(".#'>$%!)[^@", g) >= 0:
				next[to] = true
			case g == ' ' || g == '+' || g == ':' || g >= 'a' && g <= 'z' || g >= 'A' && g <= 'Z':
				next[from], next[to] = true, true
			default:
				next[from] = true
			}
		}
		maybe = next
	}
	return false
}

func TestEyeAttackSpotsAMoveIntoAnEye(t *testing.T) {
	obs := []byte(strings.Repeat("\n", 5) + "   .@e.\n" + strings.Repeat("\n", 12) + "\nDlvl:5")
	assert.True(t, eyeAttack(obs, "e"))
	assert.True(t, eyeAttack(obs, "w e*2"))
	assert.True(t, eyeAttack(obs, "kick e"))
	assert.True(t, eyeAttack(obs, "w j n e*2"), "the step into the unseen cell may fail")
	assert.False(t, eyeAttack(obs, "w s*3 j"))
}

func TestExploreNeverAttacksAFloatingEyeInSight(t *testing.T) {
	eyes := 0
	for seed := uint64(1); seed <= 300; seed++ {
		play(t, newAgent(t, "explore"), seed, func(obs []byte, reply string) {
			if bytes.IndexByte(obs[:c.H*(c.W+1)], 'e') >= 0 {
				eyes++
			}
			require.False(t, eyeAttack(obs, reply), "seed %d: reply %q to\n%s", seed, reply, obs)
		})
	}
	assert.Positive(t, eyes, "some observations show a floating eye")
}

func TestExploreIsRarelyFrozenByAnEye(t *testing.T) {
	frozen := 0
	const n = 300
	for seed := uint64(1); seed <= n; seed++ {
		s, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		s.State().Log.SetHistory(1 << 16)
		a := newAgent(t, "explore")
		a.Reset(seed)
		for !s.Done() {
			s.Turn(a.Reply(s.Observe()))
		}
		for _, m := range s.State().Log.History() {
			if strings.Contains(m, "floating eye's gaze") {
				frozen++
				break
			}
		}
	}
	t.Logf("frozen by an eye in %d of %d episodes", frozen, n)
	assert.LessOrEqual(t, frozen, n/30, "only an eye met blind (in a probe, after a teleport) may freeze the explorer")
}
