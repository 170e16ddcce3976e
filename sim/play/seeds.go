package play

import (
	"bufio"
	"errors"
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

// EvalSeeds returns the first n seeds of the evaluation stream.
func EvalSeeds(n int) []uint64 {
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

// MaxSeeds bounds a seed list, however it is given (--episodes, a
// range, a file): ten million episodes are weeks of a cluster's time,
// and a bound keeps a typo (--episodes 9000000000000000000) a clear
// error rather than a panic (issue 34).
const MaxSeeds = 10_000_000

// Seeds is a run's seeds, in order: n seeds from first on (first,
// first+1, …), held as those two numbers whatever n is (issue 34:
// --episodes 1000000000 made a slice of 8 GB before any episode), or
// the seeds of list.
type Seeds struct {
	first uint64
	n     int
	list  []uint64 // nil: the range
}

// SeedRange is the n seeds first, first+1, …
func SeedRange(first uint64, n int) Seeds { return Seeds{first: first, n: n} }

// SeedList is the seeds of list, in its order.
func SeedList(list []uint64) Seeds { return Seeds{n: len(list), list: list} }

func (l Seeds) Len() int { return l.n }

// At is the i-th seed, from 0.
func (l Seeds) At(i int) uint64 {
	if l.list != nil {
		return l.list[i]
	}
	return l.first + uint64(i)
}

// Slice is seeds i to j-1.
func (l Seeds) Slice(i, j int) Seeds {
	if l.list != nil {
		return SeedList(l.list[i:j])
	}
	return SeedRange(l.first+uint64(i), j-i)
}

// All lists the seeds.
func (l Seeds) All() []uint64 {
	if l.list != nil {
		return l.list
	}
	out := make([]uint64, l.n)
	for i := range out {
		out[i] = l.At(i)
	}
	return out
}

// Member returns whether a seed is in the list: for a range without
// listing it.
func (l Seeds) Member() func(uint64) bool {
	if l.list == nil {
		return func(s uint64) bool { return s >= l.first && s-l.first < uint64(l.n) }
	}
	in := make(map[uint64]bool, len(l.list))
	for _, s := range l.list {
		in[s] = true
	}
	return func(s uint64) bool { return in[s] }
}

// ParseSeeds reads --seeds as a list (ParseSeedSeq).
func ParseSeeds(spec string) ([]uint64, error) {
	l, err := ParseSeedSeq(spec)
	if err != nil {
		return nil, err
	}
	return l.All(), nil
}

// ParseSeedSeq reads --seeds: a range A-B (inclusive), a named set, or
// a file of seeds, one a line (blank lines and # comments skipped). A
// seed listed twice is refused, and so is a list of more than MaxSeeds.
func ParseSeedSeq(spec string) (Seeds, error) {
	if n, ok := namedSets[spec]; ok {
		return SeedList(EvalSeeds(n)), nil
	}
	if a, b, ok := strings.Cut(spec, "-"); ok && isDigits(a) && isDigits(b) {
		lo, err1 := strconv.ParseUint(a, 10, 64)
		hi, err2 := strconv.ParseUint(b, 10, 64)
		if err1 != nil || err2 != nil {
			return Seeds{}, fmt.Errorf("--seeds %s: a seed is out of range", spec)
		}
		if hi < lo {
			return Seeds{}, fmt.Errorf("--seeds %s: the range is empty", spec)
		}
		if hi-lo >= MaxSeeds {
			return Seeds{}, fmt.Errorf("--seeds %s: more than %d seeds", spec, MaxSeeds)
		}
		return SeedRange(lo, int(hi-lo+1)), nil
	}
	list, err := readSeedFile(spec)
	return SeedList(list), err
}

// readSeedFile reads a file of seeds for --seeds.
func readSeedFile(spec string) ([]uint64, error) {
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
		if len(out) == MaxSeeds {
			return nil, fmt.Errorf("--seeds %s: more than %d seeds", spec, MaxSeeds)
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

// Shard is the K-th (from 0) of N contiguous blocks of a seed list.
type Shard struct{ K, N int }

// Block returns shard K of N of seeds: seeds[K·len/N : (K+1)·len/N], so
// the blocks in order are the whole list, and their sizes differ by at
// most one. k·len is taken in 128 bits: with N near 2^63 (from a flag
// or a scheduler's variables) it does not fit in an int.
func (s Shard) Block(seeds Seeds) Seeds {
	if s.N <= 1 {
		return seeds
	}
	l := seeds.Len()
	return seeds.Slice(mulDiv(s.K, l, s.N), mulDiv(s.K+1, l, s.N))
}

// mulDiv is ⌊a·b/c⌋ for 0 ≤ a ≤ c and b ≥ 0, c > 0, without overflow.
func mulDiv(a, b, c int) int {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(c))
	return int(q)
}

// ParseShard reads --shard: K/N, or auto with the scheduler's variables:
// Slurm's (SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN) /
// SLURM_ARRAY_TASK_STEP of SLURM_ARRAY_TASK_COUNT (--array=0-6:2 has
// the tasks 0, 2, 4, 6: shards 0 to 3 of 4), or Kubernetes'
// JOB_COMPLETION_INDEX of --shard-count.
func ParseShard(spec string, count int, getenv func(string) string) (Shard, error) {
	if spec == "" {
		if count != 0 {
			return Shard{}, errors.New("--shard-count: only with --shard auto")
		}
		return Shard{0, 1}, nil
	}
	num := func(name, v string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 {
			return 0, fmt.Errorf("--shard auto: %s=%q is not a number", name, v)
		}
		return n, nil
	}
	var s Shard
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
			step := 1
			if v := getenv("SLURM_ARRAY_TASK_STEP"); v != "" {
				if step, err = num("SLURM_ARRAY_TASK_STEP", v); err != nil {
					return s, err
				}
				if step == 0 {
					return s, errors.New("--shard auto: SLURM_ARRAY_TASK_STEP=0 is not a step")
				}
			}
			if id < lo || (id-lo)%step != 0 {
				return s, fmt.Errorf("--shard auto: SLURM_ARRAY_TASK_ID=%d is not a task of the array from SLURM_ARRAY_TASK_MIN=%d by SLURM_ARRAY_TASK_STEP=%d", id, lo, step)
			}
			n := count
			if v := getenv("SLURM_ARRAY_TASK_COUNT"); v != "" && count == 0 {
				if n, err = num("SLURM_ARRAY_TASK_COUNT", v); err != nil {
					return s, err
				}
			}
			if n == 0 {
				return s, errors.New("--shard auto: SLURM_ARRAY_TASK_COUNT is not set; give --shard-count N")
			}
			s = Shard{(id - lo) / step, n}
		case getenv("JOB_COMPLETION_INDEX") != "":
			id, err := num("JOB_COMPLETION_INDEX", getenv("JOB_COMPLETION_INDEX"))
			if err != nil {
				return s, err
			}
			if count == 0 {
				return s, errors.New("--shard auto: with JOB_COMPLETION_INDEX (Kubernetes), give --shard-count N (the Job's completions)")
			}
			s = Shard{id, count}
		default:
			return s, errors.New("--shard auto: neither SLURM_ARRAY_TASK_ID (Slurm) nor JOB_COMPLETION_INDEX (Kubernetes) is set")
		}
	default:
		if count != 0 {
			return s, errors.New("--shard-count: only with --shard auto")
		}
		a, b, ok := strings.Cut(spec, "/")
		k, err1 := strconv.Atoi(a)
		n, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return s, fmt.Errorf("--shard %s: want K/N (K from 0) or auto", spec)
		}
		s = Shard{k, n}
	}
	if s.N < 1 || s.K < 0 || s.K >= s.N {
		return s, fmt.Errorf("--shard: shard %d of %d does not exist (K counts from 0 to N-1)", s.K, s.N)
	}
	return s, nil
}

// SeedsText lists seeds, the first ten and a count of the rest.
func SeedsText(seeds []uint64) string {
	var b strings.Builder
	for i, s := range seeds {
		if i == 10 {
			fmt.Fprintf(&b, " and %d more", len(seeds)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, s)
	}
	return b.String()
}
