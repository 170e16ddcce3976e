package ecs

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLogKeepsTheLastTickThatSpoke(t *testing.T) {
	var l Log
	l.Say("You hit the ", "jackal", ".")
	l.Say("The jackal bites!")
	l.EndTick(1)
	l.EndTick(2) // silent tick
	msg, tick := l.Last()
	assert.Equal(t, "You hit the jackal.  The jackal bites!", string(msg))
	assert.Equal(t, 1, tick)
	l.SayBytes([]byte("You kill the jackal!"))
	l.EndTick(3)
	msg, tick = l.Last()
	assert.Equal(t, "You kill the jackal!", string(msg))
	assert.Equal(t, 3, tick)
	l.Reset()
	msg, _ = l.Last()
	assert.Empty(t, msg)
}

func TestLogHistoryIsARing(t *testing.T) {
	var l Log
	l.SetHistory(2)
	l.Say("a")
	l.Say("b")
	l.Say("c")
	assert.Equal(t, []string{"b", "c"}, l.History())
}

func TestLogSayAllocatesNothingOnceWarm(t *testing.T) {
	var l Log
	name := "jackal"
	for i := 0; i < 3; i++ {
		l.Say("You hit the ", name, ".")
		l.EndTick(i)
	}
	allocs := testing.AllocsPerRun(100, func() {
		l.Say("You hit the ", name, ".")
		l.EndTick(1)
	})
	assert.Zero(t, allocs)
}
