package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeInfoIsTheSessionsAnswer: cogsim serve --info prints, without
// serving, the info answer a session with the same flags gives: the
// record's layout with the session's actions (a mechanic's verbs after
// the cog game's) and its conditions' names.
func TestServeInfoIsTheSessionsAnswer(t *testing.T) {
	for _, flags := range [][]string{nil, {"--mechanics", "wands", "--envs", "3"}} {
		code, printed, errs := cogsim(t, append([]string{"serve", "--info"}, flags...)...)
		require.Equal(t, 0, code, errs)
		var out, errb bytes.Buffer
		code = MainIO(context.Background(), append([]string{"serve"}, flags...), strings.NewReader(`{"op":"info"}`+"\n"), &out, &errb)
		require.Equal(t, 0, code, errb.String())
		assert.Equal(t, out.String(), printed, "%v", flags)
		var info struct {
			Actions []string
			Layout  struct {
				Actions    []string
				Conditions []string
				Size       int
			}
		}
		require.NoError(t, json.Unmarshal([]byte(printed), &info))
		assert.Equal(t, info.Actions, info.Layout.Actions)
		assert.Equal(t, []string{"Conf", "Para", "Stuck", "Trap"}, info.Layout.Conditions)
		if flags != nil {
			assert.Contains(t, info.Layout.Actions, "zap a >")
			assert.Equal(t, 6848, info.Layout.Size)
		} else {
			assert.Len(t, info.Layout.Actions, 159)
			assert.Equal(t, 6592, info.Layout.Size)
		}
	}
	code, _, errs := cogsim(t, "serve", "--info", "--mechanics", "no-such")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "no-such")
}
