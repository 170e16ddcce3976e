package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// DefaultTurnTimeout is how long an outside agent may think about a turn.
const DefaultTurnTimeout = 60 * time.Second

// Exec plays one episode with an outside agent program, started as
// `sh -c command` with the protocol on its stdin and stdout. A program
// that crashes or closes its output ends its episode ("disconnected"),
// one that hangs past timeout on a turn is killed ("timeout"), junk lines
// cost it unusable turns; nothing it does affects other episodes. The
// program's stderr goes to stderr (nil: discarded).
func Exec(ctx context.Context, command string, s *sim.Sim, timeout time.Duration, stderr io.Writer, rec *replay.Recorder) (sim.Result, error) {
	if timeout <= 0 {
		timeout = DefaultTurnTimeout
	}
	cmd := exec.Command("sh", "-c", command)
	startGroup(cmd)
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return s.Result(), err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return s.Result(), err
	}
	if err := cmd.Start(); err != nil {
		return s.Result(), fmt.Errorf("agent %q: %w", command, err)
	}
	kill := func() { killGroup(cmd) }
	defer func() {
		_ = stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			kill()
			<-done
		}
	}()

	type lineOrErr struct {
		line []byte
		err  error
	}
	replies := make(chan lineOrErr)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		lines := NewLines(stdout, MaxLine)
		for {
			l, err := lines.Next()
			if l != nil {
				l = append([]byte(nil), l...)
			}
			select {
			case replies <- lineOrErr{l, err}:
			case <-stop:
				return
			}
			if err != nil && !errors.Is(err, ErrTooLong) {
				return
			}
		}
	}()

	c := NewConn(s, stdin, rec)
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for !s.Done() {
		if err := c.Send(); err != nil {
			err := c.End(CauseDisconnected)
			return s.Result(), err
		}
		timer.Reset(timeout)
		select {
		case <-ctx.Done():
			kill()
			return s.Result(), ctx.Err()
		case <-timer.C:
			kill()
			err := c.End(CauseTimeout)
			return s.Result(), err
		case r := <-replies:
			if r.err != nil && !errors.Is(r.err, ErrTooLong) {
				err := c.End(CauseDisconnected)
				return s.Result(), err
			}
			if err := c.Answer(r.line); err != nil {
				return s.Result(), err
			}
		}
	}
	if rec != nil {
		err = rec.End()
	}
	_ = c.Send()
	return s.Result(), err
}
