package cli

import (
	"bufio"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// Named seed sets (§30): the first N seeds of one fixed PCG stream, the
// same on every machine and with every Go release (math/rand/v2's PCG is
// a specified algorithm; TestNamedSeedSetsAreFixed pins its first
// values). Seed k of the stream is 1 + (x mod 2³¹) for the k-th
// PCG(evalSeed1, evalSeed2).Uint64() x, skipping repeats, so eval-100 is
// the first hundred seeds of eval-1000.
const (
	evalSeed1 = 0x636f6773696d // "cogsim"
	evalSeed2 = 0x6576616c     // "eval"
)

// namedSets are the named seed sets and their sizes.
var namedSets = map[string]int{"eval-100": 100, "eval-1000": 1000, "eval-10000": 10000}

// evalSeeds returns the first n seeds of the evaluation stream.
func evalSeeds(n int) []uint64 {
	src := rand.NewPCG(evalSeed1, evalSeed2)
	seen := make(map[uint64]bool, n)
	out := make([]uint64, 0, n)
	for len(out) < n {
		s := 1 + src.Uint64()%(1<<31)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// maxSeeds bounds a seed list.
const maxSeeds = 10_000_000

// parseSeeds reads --seeds: a range A-B (inclusive), a named set, or a
// file of seeds, one a line (blank lines and # comments skipped). A seed
// listed twice is refused.
func parseSeeds(spec string) ([]uint64, error) {
	if n, ok := namedSets[spec]; ok {
		return evalSeeds(n), nil
	}
	if a, b, ok := strings.Cut(spec, "-"); ok && isDigits(a) && isDigits(b) {
		lo, err1 := strconv.ParseUint(a, 10, 64)
		hi, err2 := strconv.ParseUint(b, 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("--seeds %s: a seed is out of range", spec)
		}
		if hi < lo {
			return nil, fmt.Errorf("--seeds %s: the range is empty", spec)
		}
		if hi-lo >= maxSeeds {
			return nil, fmt.Errorf("--seeds %s: more than %d seeds", spec, maxSeeds)
		}
		out := make([]uint64, 0, hi-lo+1)
		for s := lo; ; s++ {
			out = append(out, s)
			if s == hi {
				break
			}
		}
		return out, nil
	}
	f, err := os.Open(spec)
	if err != nil {
		return nil, fmt.Errorf("--seeds %s: not a range A-B, a named set (eval-100, eval-1000, eval-10000) or a readable file: %v", spec, err)
	}
	defer f.Close()
	var out []uint64
	seen := map[uint64]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		s, err := strconv.ParseUint(line, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("--seeds %s: line %d: %q is not a seed", spec, n, line)
		}
		if prev, dup := seen[s]; dup {
			return nil, fmt.Errorf("--seeds %s: line %d: seed %d again (first on line %d)", spec, n, s, prev)
		}
		if len(out) == maxSeeds {
			return nil, fmt.Errorf("--seeds %s: more than %d seeds", spec, maxSeeds)
		}
		seen[s] = n
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("--seeds %s: %v", spec, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--seeds %s: no seeds in the file", spec)
	}
	return out, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// shard is the K-th (from 0) of N contiguous blocks of a seed list.
type shard struct{ k, n int }

// block returns shard k of n of seeds: seeds[k·len/n : (k+1)·len/n], so
// the blocks in order are the whole list, and their sizes differ by at
// most one. k·len is taken in 128 bits: with N near 2^63 (from a flag
// or a scheduler's variables) it does not fit in an int.
func (s shard) block(seeds []uint64) []uint64 {
	if s.n <= 1 {
		return seeds
	}
	l := len(seeds)
	return seeds[mulDiv(s.k, l, s.n):mulDiv(s.k+1, l, s.n)]
}

// mulDiv is ⌊a·b/c⌋ for 0 ≤ a ≤ c and b ≥ 0, c > 0, without overflow.
func mulDiv(a, b, c int) int {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(c))
	return int(q)
}

// parseShard reads --shard: K/N, or auto with the scheduler's variables:
// Slurm's SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN) of
// SLURM_ARRAY_TASK_COUNT, or Kubernetes' JOB_COMPLETION_INDEX of
// --shard-count.
func parseShard(spec string, count int, getenv func(string) string) (shard, error) {
	if spec == "" {
		if count != 0 {
			return shard{}, usagef("--shard-count: only with --shard auto")
		}
		return shard{0, 1}, nil
	}
	num := func(name, v string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 {
			return 0, usagef("--shard auto: %s=%q is not a number", name, v)
		}
		return n, nil
	}
	var s shard
	switch {
	case spec == "auto":
		switch {
		case getenv("SLURM_ARRAY_TASK_ID") != "":
			id, err := num("SLURM_ARRAY_TASK_ID", getenv("SLURM_ARRAY_TASK_ID"))
			if err != nil {
				return s, err
			}
			lo := 0
			if v := getenv("SLURM_ARRAY_TASK_MIN"); v != "" {
				if lo, err = num("SLURM_ARRAY_TASK_MIN", v); err != nil {
					return s, err
				}
			}
			n := count
			if v := getenv("SLURM_ARRAY_TASK_COUNT"); v != "" && count == 0 {
				if n, err = num("SLURM_ARRAY_TASK_COUNT", v); err != nil {
					return s, err
				}
			}
			if n == 0 {
				return s, usagef("--shard auto: SLURM_ARRAY_TASK_COUNT is not set; give --shard-count N")
			}
			s = shard{id - lo, n}
		case getenv("JOB_COMPLETION_INDEX") != "":
			id, err := num("JOB_COMPLETION_INDEX", getenv("JOB_COMPLETION_INDEX"))
			if err != nil {
				return s, err
			}
			if count == 0 {
				return s, usagef("--shard auto: with JOB_COMPLETION_INDEX (Kubernetes), give --shard-count N (the Job's completions)")
			}
			s = shard{id, count}
		default:
			return s, usagef("--shard auto: neither SLURM_ARRAY_TASK_ID (Slurm) nor JOB_COMPLETION_INDEX (Kubernetes) is set")
		}
	default:
		if count != 0 {
			return s, usagef("--shard-count: only with --shard auto")
		}
		a, b, ok := strings.Cut(spec, "/")
		k, err1 := strconv.Atoi(a)
		n, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return s, usagef("--shard %s: want K/N (K from 0) or auto", spec)
		}
		s = shard{k, n}
	}
	if s.n < 1 || s.k < 0 || s.k >= s.n {
		return s, usagef("--shard: shard %d of %d does not exist (K counts from 0 to N-1)", s.k, s.n)
	}
	return s, nil
}
