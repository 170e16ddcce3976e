package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/cogsim/cogsim/worldgen/script"
)

// repoRoot is the repository's top folder, from this package's.
const repoRoot = "../../../.."

// TestPromptMentionsEveryPrimitive: cogsim prompt names every keyword of
// the reply grammar in code quotes, for every rules variant, and carries
// the worked example and the variant's section.
func TestPromptMentionsEveryPrimitive(t *testing.T) {
	for _, rules := range []string{"cog", "nethack", "rogue"} {
		code, out, errs := cogsim(t, "prompt", "--rules", rules)
		require.Equal(t, ExitOK, code, errs)
		quoted := map[string]bool{}
		inline := strings.ReplaceAll(out, "```", "") // code fences
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(inline, -1) {
			for _, f := range strings.Fields(m[1]) {
				quoted[strings.ToLower(f)] = true
			}
		}
		for _, kw := range reply.Keywords() {
			assert.True(t, quoted[kw], "rules %s: the prompt does not mention %q", rules, kw)
		}
		for _, form := range []string{"DIR*N", "s*N", "search N", "wait N", "move DIR N", "eat b", "kick DIR", "chat DIR"} {
			assert.Contains(t, out, form, rules)
		}
		assert.Contains(t, out, "## A worked example")
		assert.Contains(t, out, "Dlvl:1 $:0 HP:16(16)")
		assert.NotContains(t, out, "(§", "citations are stripped")
		if rules == "cog" {
			assert.NotContains(t, out, "variant `")
		} else {
			assert.Contains(t, out, "variant `"+rules+"`")
		}
		_, again, _ := cogsim(t, "prompt", "--rules", rules)
		assert.Equal(t, out, again, "the prompt is deterministic")
	}
	code, _, errs := cogsim(t, "prompt", "--rules", "chess")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, `unknown rules "chess"`)
}

// TestScenarioExamplesLoad: every scenarios/*.json loads and plays.
func TestScenarioExamplesLoad(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot, "scenarios", "*.json"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 3)
	for _, f := range files {
		sc, err := scenario.Load(f)
		require.NoError(t, err, f)
		s, err := sim.New(sim.Config{Scenario: sc})
		require.NoError(t, err, f)
		s.Turn("search*3")
		assert.Equal(t, 1, s.Result().Turns, f)
	}
}

// TestReadmeCommandsUseRealFiles: every --scenario FILE the README and the
// docs name exists and loads.
func TestReadmeCommandsUseRealFiles(t *testing.T) {
	docs, _ := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	docs = append(docs, filepath.Join(repoRoot, "README.md"))
	re := regexp.MustCompile(`--scenario[ =]([^\s` + "`" + `]+)`)
	seen := 0
	for _, d := range docs {
		b, err := os.ReadFile(d)
		require.NoError(t, err)
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			if strings.ToUpper(m[1]) == m[1] { // FILE, a placeholder
				continue
			}
			_, err := scenario.Load(filepath.Join(repoRoot, m[1]))
			assert.NoError(t, err, "%s names --scenario %s", filepath.Base(d), m[1])
			seen++
		}
	}
	assert.Positive(t, seen)
}

// TestDocsLevelScriptsAreReal: every --level FILE.star the README and
// the docs name compiles and builds.
func TestDocsLevelScriptsAreReal(t *testing.T) {
	docs, _ := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	docs = append(docs, filepath.Join(repoRoot, "README.md"))
	re := regexp.MustCompile(`--level[ =]([^\s` + "`" + `]+\.star)`)
	seen := 0
	for _, d := range docs {
		b, err := os.ReadFile(d)
		require.NoError(t, err)
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			sc, err := script.Load(filepath.Join(repoRoot, m[1]))
			if assert.NoError(t, err, "%s names --level %s", filepath.Base(d), m[1]) {
				_, err = sc.Build(1, 1, script.Env{Standard: func(depth int, lvl *components.Level) *worldgen.Population {
					var g worldgen.Generator
					return g.Generate(1, depth, lvl)
				}})
				assert.NoError(t, err, "%s names --level %s", filepath.Base(d), m[1])
			}
			seen++
		}
	}
	assert.Positive(t, seen)
}

// TestDocsAreInTheRepository: the documents the README cites exist.
func TestDocsAreInTheRepository(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	require.NoError(t, err)
	for _, m := range regexp.MustCompile(`\]\(((?:docs|scenarios)/[^)#]+)`).FindAllStringSubmatch(string(b), -1) {
		_, err := os.Stat(filepath.Join(repoRoot, m[1]))
		assert.NoError(t, err, "README links %s", m[1])
	}
	for _, f := range []string{"docs/spec.md", "docs/rules.md", "docs/protocol.md", "docs/scenarios.md", "docs/serve.md"} {
		_, err := os.Stat(filepath.Join(repoRoot, f))
		assert.NoError(t, err, f)
	}
	// No file cites the planners' seeds/ folder, which is not here
	// (docs/spec.md's preface maps it to docs/notes and docs/rules.md).
	err = filepath.WalkDir(repoRoot, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "notes") {
			return filepath.SkipDir
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".sh", ".py":
		default:
			return nil
		}
		if d.Name() == "spec.md" || d.Name() == "docs_test.go" || d.Name() == "CHANGELOG.md" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		assert.False(t, strings.Contains(string(b), "seeds/"), "%s cites seeds/, outside the repository", path)
		return nil
	})
	require.NoError(t, err)
}

// TestReplayFlagsEitherSide: cogsim replay takes its flags before or
// after the FILE.
func TestReplayFlagsEitherSide(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := cogsim(t, "run", "--seed", "4", "--turns", "3", "--replays", dir)
	require.Equal(t, ExitOK, code, errs)
	file := filepath.Join(dir, "seed-4.jsonl")
	for _, args := range [][]string{
		{"replay", file, "--verify"},
		{"replay", "--verify", file},
		{"replay", "--turn", "1", file, "--verify"},
	} {
		code, out, errs := cogsim(t, args...)
		assert.Equal(t, ExitOK, code, "%v: %s", args, errs)
		assert.Contains(t, out+errs, "ok: 3 turns verified", args)
	}
	code, _, errs = cogsim(t, "replay", file, file)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "unexpected argument")
}

// TestServeDocsSayTheRecordsColoursAreFilled: the binary record's
// colors are the cells' colours, and docs/serve.md says so instead of
// "reserved: all 0" (issue 34).
func TestServeDocsSayTheRecordsColoursAreFilled(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	colors := make([]byte, obs.OffInvLetters-obs.OffColors)
	rec := make([]byte, obs.OffCrops)
	var enc obs.Encoder
	enc.FillRecord(s, obs.RecordFields{Message: rec[obs.OffMessage:obs.OffStatus], Chars: rec[obs.OffChars:obs.OffGlyphs],
		Glyphs: rec[obs.OffGlyphs:obs.OffColors], Colors: colors, Status: rec[obs.OffStatus:obs.OffChars],
		InvLetters: rec[obs.OffInvLetters:obs.OffInvClasses], InvClasses: rec[obs.OffInvClasses:obs.OffInvGlyphs],
		InvGlyphs: rec[obs.OffInvGlyphs:obs.OffInvStrs], InvStrs: rec[obs.OffInvStrs:obs.OffCrops]})
	filled := 0
	for _, c := range colors {
		if c != 0 {
			filled++
		}
	}
	assert.Equal(t, len(colors), filled, "every cell has a colour (a blank one 7)")

	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "serve.md"))
	require.NoError(t, err)
	row := regexp.MustCompile(`(?m)^\| ` + strconv.Itoa(obs.OffColors) + ` \|.*$`).FindString(string(doc))
	require.NotEmpty(t, row, "docs/serve.md's record table has a row at offset %d", obs.OffColors)
	assert.Contains(t, row, "colors")
	assert.NotContains(t, row, "reserved")
	assert.NotContains(t, row, "all 0")
}
