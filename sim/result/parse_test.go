package result

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goodResult is a result line as cogsim run writes it.
const goodResult = `{"seed":3,"agent":"explore","rules":"cog","mechanics":[],"score":134,"parts":{"depth":50,"xp":4,"gold":30,"deeds":50},"deeds":[{"name":"descend-2","tick":40},{"name":"full-clock","tick":300}],"cause":"clock","maxDepth":2,"ticks":300,"turns":55,"unusable":1,"ignored":2,"maxTurns":55,"strict":false}`

// TestParseKeepsAResultOfRun: a line as cogsim run writes it passes
// (sim's TestParseResultKeepsEpisodes plays the episodes).
func TestParseKeepsAResultOfRun(t *testing.T) {
	r, err := Parse([]byte(goodResult))
	require.NoError(t, err)
	assert.Equal(t, Parts{Depth: 50, XP: 4, Gold: 30, Deeds: 50}, r.Parts)
}

// TestParseReadsTokens: an LLM agent's result carries its token
// counts (§36); a result without them (every other agent, and files
// written before them) still loads.
func TestParseReadsTokens(t *testing.T) {
	line := strings.Replace(goodResult, `"strict":false}`, `"strict":false,"tokens":{"prompt":51234,"completion":880}}`, 1)
	r, err := Parse([]byte(line))
	require.NoError(t, err)
	require.NotNil(t, r.Tokens)
	assert.Equal(t, Tokens{Prompt: 51234, Completion: 880}, *r.Tokens)
	again, err := json.Marshal(r)
	require.NoError(t, err)
	assert.Equal(t, line, string(again), "written back byte for byte")
	r, err = Parse([]byte(goodResult))
	require.NoError(t, err)
	assert.Nil(t, r.Tokens)
	again, err = json.Marshal(r)
	require.NoError(t, err)
	assert.Equal(t, goodResult, string(again), "no tokens field for an agent without them")

	// And its settings beside the model (§36.1).
	line = strings.Replace(goodResult, `"strict":false}`, `"strict":false,"tokens":{"prompt":5,"completion":8},"llm":{"template":"cot","history":4,"temperature":0.7,"maxTokens":1024,"seed":-1}}`, 1)
	r, err = Parse([]byte(line))
	require.NoError(t, err)
	assert.Equal(t, &LLMSettings{Template: "cot", History: 4, Temperature: 0.7, MaxTokens: 1024, Seed: -1}, r.LLM)
	again, err = json.Marshal(r)
	require.NoError(t, err)
	assert.Equal(t, line, string(again), "written back byte for byte")
}

func TestParseRefusesBadLines(t *testing.T) {
	edit := func(from, to string) string {
		require.Contains(t, goodResult, from)
		return strings.Replace(goodResult, from, to, 1)
	}
	for line, want := range map[string]string{
		`null`: "not a JSON object: null",
		`{}`:   "seed: missing",
		`[]`:   "not a JSON object",
		`"x"`:  "not a JSON object",
		`{"seed":3,"agent":"explore","rules":"cog","score":999999}`:                                                            "mechanics: missing",
		edit(`"score":134`, `"score":999999`):                                                                                  "score: 999999, but its parts sum to 134",
		edit(`"score":134`, `"score":"134"`):                                                                                   "score: string, want an integer",
		edit(`"score":134`, `"score":1e300`):                                                                                   "score: number 1e300, want an integer",
		edit(`"score":134`, `"score":null`):                                                                                    "score: null",
		edit(`"seed":3`, `"seed":-3`):                                                                                          "seed: number -3, want an integer",
		edit(`"strict":false`, `"strict":false,"bonus":1`):                                                                     "bonus: not a field of a result",
		edit(`"strict":false`, `"strict":0`):                                                                                   "strict: number, want true or false",
		edit(`"turns":55`, `"turns":56`):                                                                                       "turns: 56 is out of range 0…55 (maxTurns)",
		edit(`"maxTurns":55`, `"maxTurns":0`):                                                                                  "maxTurns: 0 is out of range",
		edit(`"ticks":300`, `"ticks":3000`):                                                                                    "ticks: 3000 is out of range 55…2200",
		edit(`"cause":"clock"`, `"cause":"bored"`):                                                                             `cause: "bored" is not an end of an episode`,
		edit(`"cause":"clock"`, `"cause":"killed by a jackal"`):                                                                "deeds: full-clock is earned exactly when the cause is",
		edit(`"descend-2"`, `"descend-4"`):                                                                                     `deeds[0].name: "descend-4" is not a deed`,
		edit(`"tick":40`, `"tick":400`):                                                                                        "deeds[0].tick: 400 is out of range 0…300",
		edit(`{"name":"descend-2","tick":40}`, `{"name":"descend-2"}`):                                                         "deeds[0].tick: missing",
		edit(`"parts":{"depth":50,`, `"parts":{`):                                                                              "parts.depth: missing",
		edit(`"maxDepth":2`, `"maxDepth":3`):                                                                                   "parts.depth: 50, but 50 × (maxDepth − 1) is 100",
		edit(`"deeds":50}`, `"deeds":75}`):                                                                                     "parts.deeds: 75, but the 2 deeds are worth 50",
		edit(`"unusable":1`, `"unusable":-1`):                                                                                  "unusable: -1 is out of range",
		edit(`"mechanics":[]`, `"mechanics":[{"name":"wands"}]`):                                                               "mechanics[0].version: missing",
		edit(`"mechanics":[]`, `"mechanics":null`):                                                                             "mechanics: null",
		edit(`"strict":false`, `"strict":false,"scenario":"x"`):                                                                "scenarioDigest: missing beside scenario",
		edit(`"strict":false`, `"strict":false,"tokens":null`):                                                                 "tokens: null, not an object",
		edit(`"strict":false`, `"strict":false,"tokens":{"prompt":3}`):                                                         "tokens.completion: missing",
		edit(`"strict":false`, `"strict":false,"tokens":{"prompt":-1,"completion":2}`):                                         "tokens.prompt: -1 is out of range",
		edit(`"strict":false`, `"strict":false,"tokens":{"prompt":1,"completion":2000000000000}`):                              "tokens.completion: 2000000000000 is out of range",
		edit(`"strict":false`, `"strict":false,"tokens":{"prompt":1,"completion":2,"total":3}`):                                "total: not a field of a result",
		edit(`"strict":false`, `"strict":false,"llm":null`):                                                                    "llm: null, not an object",
		edit(`"strict":false`, `"strict":false,"llm":{"template":"cot","history":4,"temperature":0,"maxTokens":9}`):            "llm.seed: missing",
		edit(`"strict":false`, `"strict":false,"llm":{"template":"","history":4,"temperature":0,"maxTokens":9,"seed":-1}`):     "llm.template: \"\": a name of 1 to 32 bytes",
		edit(`"strict":false`, `"strict":false,"llm":{"template":"cot","history":-1,"temperature":0,"maxTokens":9,"seed":-1}`): "llm.history: -1 is out of range",
		edit(`"strict":false`, `"strict":false,"llm":{"template":"cot","history":4,"temperature":3,"maxTokens":9,"seed":-1}`):  "llm.temperature: 3 is out of range 0…2",
		edit(`"strict":false`, `"strict":false,"llm":{"template":"cot","history":4,"temperature":0,"maxTokens":9,"seed":-2}`):  "llm.seed: -2",
	} {
		_, err := Parse([]byte(line))
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), want, line)
		}
	}
}
