package replay_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/internal/tally"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/systems/yellowmold"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordWith records seed under rules and mechanics with a fixed script.
func recordWith(t testing.TB, seed uint64, rules string, mechanics ...string) []byte {
	s, err := sim.New(sim.Config{Seed: seed, Agent: "test", Rules: rules, Mechanics: mechanics})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	replies := []string{"e e e s s", "search*3", "w w n n", "se se se", "kick e", "nw nw nw"}
	for i := 0; !s.Done(); i++ {
		{
			r := replies[i%len(replies)]
			rec.Sim.Turn(r)
			require.NoError(t, rec.Played(r))
		}
	}
	require.NoError(t, rec.Finish())
	return buf.Bytes()
}

// TestReplaysOfRegisteredMechanicsVerify: a replay names its variant's and
// extra mechanics with versions; replaying installs them again and every
// hash matches (§27.1).
func TestReplaysOfRegisteredMechanicsVerify(t *testing.T) {
	for _, tc := range []struct {
		rules     string
		mechanics []string
	}{{"cog", []string{tally.Name}}, {"nethack", []string{yellowmold.Name, tally.Name}}, {"cog", nil}} {
		data := recordWith(t, 7, tc.rules, tc.mechanics...)
		rep, err := replay.Read(bytes.NewReader(data))
		require.NoError(t, err)
		assert.Empty(t, rep.Warning())
		cfg, err := rep.Config()
		require.NoError(t, err)
		assert.Equal(t, tc.mechanics, cfg.Mechanics, "the extras come back from the header")
		require.NoError(t, rep.Play(nil), "%s %v", tc.rules, tc.mechanics)
	}
}

func TestAReplayNamingAMissingMechanicIsRefusedByName(t *testing.T) {
	data := recordWith(t, 7, "cog", tally.Name)
	lines := strings.SplitN(string(data), "\n", 2)
	header := strings.Replace(lines[0], `"name":"tally"`, `"name":"dragons"`, 1)
	rep, err := replay.Read(strings.NewReader(header + "\n" + lines[1]))
	require.NoError(t, err)
	err = rep.Play(nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "mechanic dragons, which this binary lacks")

	older := strings.Replace(lines[0], `"version":"1"`, `"version":"0"`, 1)
	rep, err = replay.Read(strings.NewReader(older + "\n" + lines[1]))
	require.NoError(t, err)
	assert.Contains(t, rep.Warning(), "mechanic tally is version 1 here, the record was made with 0")
}

// TestAMechanicsReplayDivergesWithoutIt: the mechanics matter — the same
// replies without them give other observations, so the verification is
// not vacuous. (Forty searches a turn: by tick 750 the nethack hunger is
// Hungry a tick before the cog rules' is.)
func TestAMechanicsReplayDivergesWithoutIt(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 7, Agent: "test", Rules: "nethack"})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	for !s.Done() {
		rec.Sim.Turn("search*40")
		require.NoError(t, rec.Played("search*40"))
	}
	require.NoError(t, rec.Finish())
	lines := strings.SplitN(buf.String(), "\n", 2)
	rep, err := replay.Read(strings.NewReader(lines[0] + "\n" + lines[1]))
	require.NoError(t, err)
	require.NoError(t, rep.Play(nil))

	header := strings.Replace(lines[0], `"rules":"nethack"`, `"rules":"cog"`, 1)
	header = header[:strings.Index(header, `"mechanics":`)] + `"mechanics":[],` + header[strings.Index(header, `"scenario":`):]
	rep, err = replay.Read(strings.NewReader(header + "\n" + lines[1]))
	require.NoError(t, err)
	var m *replay.Mismatch
	require.ErrorAs(t, rep.Play(nil), &m)
	assert.Greater(t, m.Turn, 15, "the rules agree until the cog grows hungry")
}
