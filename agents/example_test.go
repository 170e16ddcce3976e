package agents_test

import (
	"fmt"

	"github.com/cogsim/cogsim/agents"
)

func ExampleNew() {
	a, _ := agents.New("wait")
	fmt.Println(a.Name(), a.Reply(nil))
	_, err := agents.New("nobody")
	fmt.Println(err)
	// Output:
	// wait wait*40
	// agents: unknown agent "nobody" (known: explore, random, wait)
}
