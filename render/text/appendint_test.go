package text

import (
	"strconv"
	"testing"
)

// TestAppendIntIsStrconvs: the status line's numbers read as strconv
// writes them, around every boundary of the quick cases.
func TestAppendIntIsStrconvs(t *testing.T) {
	for _, v := range []int{-100000, -1001, -100, -11, -10, -9, -1, 0, 1, 9, 10, 11, 55, 99, 100, 101, 999, 1000, 1001, 2200, 9999, 10000, 10001, 123456789} {
		if got, want := string(appendInt([]byte("x"), v)), "x"+strconv.Itoa(v); got != want {
			t.Errorf("%d: %q, want %q", v, got, want)
		}
	}
}
