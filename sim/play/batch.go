package play

import (
	"context"
	"errors"
	"sync"

	"github.com/cogsim/cogsim/sim"
)

// Batch plays episodes 0 … N-1 on Workers goroutines and hands their
// results on in order (cogsim run, check, bench).
type Batch struct {
	N, Workers int
	// Worker makes worker w's player of episodes, and done ends what it
	// started; an error fails each of the worker's episodes.
	Worker func(w int) (episode func(ctx context.Context, i int) (sim.Result, error), done func(), err error)
}

// Outcome is what Run emitted, and why it stopped.
type Outcome struct {
	// Emitted is how many results were handed on (episodes 0 …
	// Emitted-1).
	Emitted int
	// Cut are the episodes the cancellation cut short (their error is
	// ErrInterrupted), and Held those after the first of them that
	// finished and were held back.
	Cut, Held []int
}

type done struct {
	i   int
	res sim.Result
	err error
}

// Run plays the episodes and hands each result to emit in order, as
// soon as it and all before it are done. It stops starting episodes when
// ctx is cancelled or an episode or emit fails; the episodes already
// running finish and are emitted, except those the cancellation cut
// short, which have no result, and those after the first of them, which
// are held back: what is emitted is always a prefix of the list (so
// that a results file --resume appends to ends with an uninterrupted
// run's bytes, issue 25). It returns the first failure.
func (b Batch) Run(ctx context.Context, emit func(i int, res sim.Result) error) (Outcome, error) {
	workers := min(b.Workers, b.N)
	// At most window episodes are started and not yet emitted: a slow
	// episode holds back at most that many finished results.
	window := 4 * max(workers, 1)
	slots := make(chan struct{}, window)
	jobs := make(chan int)
	results := make(chan done, max(workers, 1))
	quit := make(chan struct{})

	go func() {
		defer close(jobs)
		for i := range b.N {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			case <-quit:
				return
			}
			if ctx.Err() != nil || closed(quit) {
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			case <-quit:
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			episode, end, err := b.Worker(w)
			if err == nil && end != nil {
				defer end()
			}
			for i := range jobs {
				d := done{i: i, err: err}
				if err == nil {
					d.res, d.err = episode(ctx, i)
				}
				results <- d
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := make(map[int]done, window)
	next := 0
	var out Outcome
	var failure error
	for d := range results {
		pending[d.i] = d
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-slots
			if failure != nil {
				continue
			}
			if errors.Is(p.err, ErrInterrupted) {
				out.Cut = append(out.Cut, p.i)
				continue
			}
			if len(out.Cut) > 0 {
				if p.err == nil {
					out.Held = append(out.Held, p.i)
				}
				continue
			}
			failure = p.err
			if failure == nil {
				failure = emit(p.i, p.res)
			}
			if failure != nil {
				close(quit)
				continue
			}
			out.Emitted++
		}
	}
	return out, failure
}

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
