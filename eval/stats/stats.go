// Package stats is the arithmetic of the evaluation kit's figures
// (§30, §34.4): the Wilson interval of a rate, Student's t quantile,
// the paired t interval and McNemar's tests. Its results are not
// rounded; the reports round them.
package stats

import "math"

// z is the standard normal quantile of a two-sided 95 % interval,
// Φ⁻¹(0.975).
const z = 1.959963984540054

// Wilson is the 95 % Wilson score interval of k successes in n trials,
// (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n) with p̂ = k/n,
// kept inside [0, 1] against rounding.
func Wilson(k, n int) (low, high float64) {
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z / d * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(0, c-h), min(1, c+h)
}

// TQuantile95 is Student's t quantile for a two-sided 95 % interval
// with df degrees of freedom, t(0.975, df): a table to 30, then the
// Cornish–Fisher expansion z + (z³+z)/(4df) + (5z⁵+16z³+3z)/(96df²),
// within 1e-4.
func TQuantile95(df int) float64 {
	table := [...]float64{0, 12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
		2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
		2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423}
	if df < len(table) {
		return table[df]
	}
	d := float64(df)
	return z + (z*z*z+z)/(4*d) + (5*math.Pow(z, 5)+16*z*z*z+3*z)/(96*d*d)
}

// PairedT is the mean of the paired differences d, their sd and the
// 95 % Student-t interval mean ± t(n−1)·sd/√n (a point, sd 0, for one
// difference).
func PairedT(d []float64) (mean, sd, low, high float64) {
	n := float64(len(d))
	for _, v := range d {
		mean += v
	}
	mean /= n
	if len(d) < 2 {
		return mean, 0, mean, mean
	}
	ss := 0.0
	for _, v := range d {
		ss += (v - mean) * (v - mean)
	}
	sd = math.Sqrt(ss / (n - 1))
	h := TQuantile95(len(d)-1) * sd / math.Sqrt(n)
	return mean, sd, mean - h, mean + h
}

// McNemarExact is the exact two-sided McNemar p-value of b and c
// discordant pairs: 2·P(X ≤ min(b,c)) for X ~ Binomial(b+c, ½), at most
// 1. Exact in integers for b+c ≤ 62.
func McNemarExact(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
	var sum, binom uint64 = 0, 1 // binom = C(n, i)
	for i := 0; i <= k; i++ {
		sum += binom
		binom = binom * uint64(n-i) / uint64(i+1)
	}
	return min(1, 2*float64(sum)/math.Ldexp(1, n))
}

// McNemarChi2 is McNemar's χ² of b and c discordant pairs with
// continuity correction, (|b−c|−1)²/(b+c), and its p-value on one
// degree of freedom, P(χ²₁ > x) = erfc(√(x/2)).
func McNemarChi2(b, c int) (x, p float64) {
	d := math.Abs(float64(b-c)) - 1
	x = d * d / float64(b+c)
	return x, math.Erfc(math.Sqrt(x / 2))
}
