package play

import (
	"fmt"
	"io"
	"time"
)

// Progress draws a batch's one-line progress bar on a terminal; off, it
// draws nothing. It reads no clock of an episode's: only how fast the
// batch goes.
type Progress struct {
	w     io.Writer
	total int
	on    bool
	start time.Time
	last  time.Time
}

// NewProgress draws the bar of total episodes on w when on.
func NewProgress(w io.Writer, total int, on bool) *Progress {
	p := &Progress{w: w, total: total, on: on, start: time.Now()}
	p.Update(0)
	return p
}

// Update redraws the bar for done episodes, at most ten times a second.
func (p *Progress) Update(done int) {
	if !p.on {
		return
	}
	now := time.Now()
	if done > 0 && done < p.total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	const width = 30
	fill := width * done / p.total
	bar := make([]byte, width)
	for i := range bar {
		bar[i] = '.'
		if i < fill {
			bar[i] = '#'
		}
	}
	rate := 0.0
	if el := now.Sub(p.start).Seconds(); el > 0 {
		rate = float64(done) / el
	}
	fmt.Fprintf(p.w, "\r[%s] %d/%d episodes  %.1f/s\x1b[K", bar, done, p.total, rate)
}

// Clear removes the bar.
func (p *Progress) Clear() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
