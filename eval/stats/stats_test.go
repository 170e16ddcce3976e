package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWilson checks the interval against Newcombe's worked examples
// (R. G. Newcombe, "Two-sided confidence intervals for the single
// proportion", Statistics in Medicine 17 (1998), Table I, method 3) and
// a hand computation: for 5/10, p̂ = ½, the centre is ½ and the half
// width z/(1+z²/10)·√(0.025+z²/400) = 1.416004·0.186020 = 0.263407.
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n      int
		low, high float64
	}{
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	} {
		low, high := Wilson(tc.k, tc.n)
		assert.InDelta(t, tc.low, low, 5e-5, "%d/%d", tc.k, tc.n)
		assert.InDelta(t, tc.high, high, 5e-5, "%d/%d", tc.k, tc.n)
	}
	low, high := Wilson(5, 10)
	assert.InDelta(t, 0.5-0.263407, low, 1e-6)
	assert.InDelta(t, 0.5+0.263407, high, 1e-6)
	// Never outside [0, 1], however the rounding falls.
	low, _ = Wilson(0, 10)
	_, high = Wilson(10, 10)
	assert.GreaterOrEqual(t, low, 0.0)
	assert.LessOrEqual(t, high, 1.0)
	assert.InDelta(t, 0, low, 1e-15)
	assert.InDelta(t, 1, high, 1e-15)
}

// TestTQuantile95 checks t(0.975, df) against the standard table
// (NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.2, gives
// 12.706 for df 1, 2.228 for 10, 2.042 for 30, 2.040 for 31, 2.021 for
// 40, 1.984 for 100). From df 31 on it is the Cornish–Fisher expansion,
// within 1e-4 of t to five decimals (2.03951, 2.02108, 1.98397, and
// 1.96234 for df 1000), found by integrating the t density numerically.
func TestTQuantile95(t *testing.T) {
	assert.Equal(t, 12.7062, TQuantile95(1))
	assert.Equal(t, 2.2281, TQuantile95(10))
	assert.Equal(t, 2.0423, TQuantile95(30))
	for df, want := range map[int]float64{31: 2.03951, 40: 2.02108, 100: 1.98397, 1000: 1.96234} {
		assert.InDelta(t, want, TQuantile95(df), 1e-4, "df %d", df)
	}
	// The expansion tends to the normal quantile.
	assert.InDelta(t, z, TQuantile95(1e9), 1e-8)
}

// TestPairedT is a case worked by hand:
//
//	d = 3, 5, −2, 7, 4, 0, 6, 1           n = 8, Σd = 24, mean 3
//	d − 3 = 0, 2, −5, 4, 1, −3, 3, −2     Σ(d − 3)² = 0+4+25+16+1+9+9+4 = 68
//	sd = √(68/7) = √9.714286 = 3.116775
//	se = sd/√8 = 1.101946; t(0.975, 7) = 2.3646 (the table)
//	half-width = 2.3646 · 1.101946 = 2.605662
//	95 % CI = 3 ± 2.605662 = 0.394338 … 5.605662: excludes 0
func TestPairedT(t *testing.T) {
	mean, sd, low, high := PairedT([]float64{3, 5, -2, 7, 4, 0, 6, 1})
	assert.InDelta(t, 3.0, mean, 1e-12)
	assert.InDelta(t, 3.116775, sd, 1e-6)
	assert.InDelta(t, 0.394338, low, 1e-6)
	assert.InDelta(t, 5.605662, high, 1e-6)

	// One difference measures no spread: a point.
	mean, sd, low, high = PairedT([]float64{-4})
	assert.Equal(t, [4]float64{-4, 0, -4, -4}, [4]float64{mean, sd, low, high})
}

// TestMcNemar: the exact test is 2·P(X ≤ min(b, c)), X ~ Bin(b+c, ½),
// summed by hand from Pascal's triangle; χ² is (|b−c|−1)²/(b+c) and its
// p the χ²₁ survival function (a table gives P(χ²₁ > 5.6) = 0.0180 and
// 3.841 as the 95 % critical value).
func TestMcNemar(t *testing.T) {
	for _, tc := range []struct {
		b, c int
		p    float64
	}{
		{1, 7, 2 * (1 + 8) / 256.0}, // 0.0703125
		{7, 1, 2 * (1 + 8) / 256.0}, // either way round
		{0, 5, 2 * 1 / 32.0},        // 0.0625
		{2, 8, 2 * (1 + 10 + 45) / 1024.0},
		{0, 25, 2.0 / 33554432}, // 2·1/2²⁵
		{4, 4, 1},               // 2·163/256 > 1: at most 1
		{3, 3, 1},               // 2·42/64 > 1
		{0, 0, 1},               // no discordant pair
		{12, 13, 1},             // 2·P(X ≤ 12 | 25) = 1 exactly
		// The largest n exact in integers, 62: Σ C(62, i) for i ≤ 30
		// is 2 073 128 832 586 063 408, over 2⁶¹.
		{30, 32, 0.899076313652859},
	} {
		assert.InDelta(t, tc.p, McNemarExact(tc.b, tc.c), 1e-15, "b %d, c %d", tc.b, tc.c)
	}

	x, p := McNemarChi2(10, 25)
	assert.InDelta(t, 196.0/35, x, 1e-12) // (|10−25|−1)²/35 = 5.6
	assert.InDelta(t, 0.0180, p, 5e-5)
	assert.InDelta(t, 0.017960477526078766, p, 1e-15) // erfc(√2.8)
	x, p = McNemarChi2(5, 25)
	assert.InDelta(t, 361.0/30, x, 1e-12)
	assert.InDelta(t, 0.00052258, p, 1e-8)
	// The χ²₁ survival function at its 95 % critical value 3.841459.
	assert.InDelta(t, 0.05, math.Erfc(math.Sqrt(3.841458820694124/2)), 1e-12)
}
