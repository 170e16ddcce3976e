package llm

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// The templates: how the model is asked to answer (§36.1).
const (
	// Naive: the answer is the reply, nothing else.
	Naive = "naive"
	// CoT (chain of thought): the model reasons, then ends with a line
	// "Reply: …", of which only the reply is played.
	CoT = "cot"
)

// Templates lists the templates.
var Templates = []string{Naive, CoT}

// cotInstruction is appended to the system prompt under the cot
// template.
const cotInstruction = `

## How to answer

Think first: what the observation shows, what threatens the cog, what
to do next and why. Then end your answer with one last line of the form

Reply: <the actions, in the grammar above>

Only that line is played; everything before it is your reasoning. Where
this differs from "answer with a reply … and nothing else" above, this
wins.
`

// System is the system prompt of a template: the instruction text
// (cogsim prompt) as it is under naive, with the answer's format added
// under cot.
func System(prompt, template string) string {
	if template == CoT {
		return strings.TrimRight(prompt, "\n") + "\n" + cotInstruction
	}
	return prompt
}

// Config is what every episode of an agent shares.
type Config struct {
	Client *Client
	// System is the system prompt ([System]).
	System string
	// Template is Naive or CoT.
	Template string
	// History is how many earlier turns (observation and answer) each
	// request carries.
	History int
	// Seed is the seed sent with every request; nil sends the episode's
	// seed (modulo 2³¹, which every server takes).
	Seed *int64
}

// Agent is one conversation with the model: an episode's. It is not
// safe for concurrent use; a worker has its own.
type Agent struct {
	cfg  Config
	seed int64
	// past are the last turns' exchanges, oldest first.
	past [][2]Message
}

// NewAgent makes an agent of cfg.
func NewAgent(cfg Config) *Agent { return &Agent{cfg: cfg} }

// Reset starts the conversation of the episode of seed.
func (a *Agent) Reset(seed uint64) {
	a.past = a.past[:0]
	a.seed = int64(seed % (1 << 31))
	if a.cfg.Seed != nil {
		a.seed = *a.cfg.Seed
	}
}

// Turn is the outcome of one command turn.
type Turn struct {
	// Reply is the reply to play; OK is false when there is none (an
	// unusable reply).
	Reply string
	OK    bool
	// Reasoning is the model's reasoning: under cot the answer before
	// its Reply line, and any reasoning the server sends apart.
	Reasoning string
	// Content is the model's whole answer, Refusal its refusal.
	Content, Refusal string
	// Error says why there is no reply ("" when OK).
	Error string
	Usage Usage
	Tries int
}

// Turn asks the model for the reply to obs, the observation text, and
// keeps the exchange in the conversation. It returns an error only when
// ctx was cancelled (the run stopped: ctx's error) or the server is
// gone (a [*Down]); a deadline passed is an unusable turn.
func (a *Agent) Turn(ctx context.Context, obs string) (Turn, error) {
	msgs := make([]Message, 0, 2+2*len(a.past))
	msgs = append(msgs, Message{Role: "system", Content: a.cfg.System})
	for _, p := range a.past {
		msgs = append(msgs, p[0], p[1])
	}
	user := Message{Role: "user", Content: obs}
	msgs = append(msgs, user)
	seed := a.seed
	ans, err := a.cfg.Client.Complete(ctx, msgs, &seed)
	t := Turn{Usage: ans.Usage, Tries: ans.Tries, Content: ans.Content, Refusal: ans.Refusal, Reasoning: ans.Reasoning}
	if err != nil {
		e, ok := err.(*Error)
		if !ok {
			return t, err
		}
		t.Error = e.Msg
		return t, nil
	}
	reply, reasoning, why := a.read(ans)
	t.Reply, t.OK, t.Error = reply, why == "", why
	if reasoning != "" {
		if t.Reasoning != "" {
			t.Reasoning += "\n\n"
		}
		t.Reasoning += reasoning
	}
	if strings.TrimSpace(ans.Content) != "" {
		a.remember(user, Message{Role: "assistant", Content: ans.Content})
	}
	return t, nil
}

// remember keeps an exchange, dropping the oldest beyond History.
func (a *Agent) remember(user, answer Message) {
	if a.cfg.History <= 0 {
		return
	}
	if len(a.past) >= a.cfg.History {
		a.past = append(a.past[:0], a.past[len(a.past)-a.cfg.History+1:]...)
	}
	a.past = append(a.past, [2]Message{user, answer})
}

// replyLine is a cot answer's reply line: "Reply: …", in any case,
// perhaps in bold or a list item.
var replyLine = regexp.MustCompile(`(?im)^[ \t>*_#-]*reply[*_]*[ \t]*:[*_]*[ \t]*(.*)$`)

// read takes the reply out of an answer: the reply, the reasoning (cot)
// and why there is none ("" when there is).
func (a *Agent) read(ans Answer) (reply, reasoning, why string) {
	content := strings.TrimSpace(ans.Content)
	switch {
	case ans.Refusal != "":
		// The refusal was redacted whole (Client.try) before this cut.
		return "", "", "the model refused: " + clip(ans.Refusal)
	case content == "":
		return "", "", "an empty answer"
	}
	if a.cfg.Template != CoT {
		reply = unfence(content)
		if reply == "" {
			return "", "", "an empty answer"
		}
		return reply, "", ""
	}
	all := replyLine.FindAllStringSubmatchIndex(content, -1)
	if len(all) == 0 {
		return "", content, `no line "Reply: …" at the end of the answer`
	}
	last := all[len(all)-1]
	reply = strings.Trim(strings.TrimSpace(content[last[2]:last[3]]), "`*_")
	reasoning = strings.TrimSpace(content[:last[0]])
	if rest := strings.TrimSpace(content[last[1]:]); rest != "" && !strings.HasPrefix(rest, "```") {
		// Text after the reply line: the reply is its line only.
		reasoning += "\n" + rest
	}
	if strings.TrimSpace(reply) == "" {
		return "", reasoning, fmt.Sprintf("the line %q has no reply", strings.TrimSpace(content[last[0]:last[1]]))
	}
	return strings.TrimSpace(reply), reasoning, ""
}

// unfence takes a naive answer out of a code fence (```…```) or inline
// code, which models often wrap replies in.
func unfence(s string) string {
	if strings.HasPrefix(s, "```") && strings.HasSuffix(s, "```") && len(s) >= 6 {
		s = s[3 : len(s)-3]
		if nl := strings.IndexByte(s, '\n'); nl >= 0 && !strings.ContainsAny(strings.TrimSpace(s[:nl]), " \t") && strings.TrimSpace(s[nl:]) != "" {
			s = s[nl+1:] // a language tag
		}
	}
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "`"))
}
