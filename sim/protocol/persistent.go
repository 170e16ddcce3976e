package protocol

import (
	"errors"
	"io"
)

// running is a started agent with the goroutine reading its lines.
type running struct {
	a       *agent
	replies chan lineOrErr
	stop    chan struct{}
	exited  <-chan struct{}
}

type lineOrErr struct {
	line []byte
	err  error
}

func startRunning(command string, stderr io.Writer) (*running, error) {
	a, err := startAgent(command, stderr)
	if err != nil {
		return nil, err
	}
	r := &running{a: a, replies: make(chan lineOrErr), stop: make(chan struct{}), exited: a.exited}
	go func() {
		lines := NewLines(a.stdout, MaxLine)
		for {
			l, err := lines.Next()
			if l != nil {
				l = append([]byte(nil), l...)
			}
			select {
			case r.replies <- lineOrErr{l, err}:
			case <-r.stop:
				return
			}
			if err != nil && !errors.Is(err, ErrTooLong) {
				return
			}
		}
	}()
	return r, nil
}

func (r *running) close(finished bool) {
	close(r.stop)
	r.a.stop(finished)
}
