// Package eval is the evaluation kit's arithmetic and reports:
// summaries, paired comparisons and the leaderboard over result files
// (§30, §34.4, §36.4), and the table a run prints at its end (§20).
//
// It works on results already read and checked (one setting, no seed
// twice: the cogsim command's summarize, compare and board do that and
// name the file and line of what they refuse); the statistics
// themselves are package [github.com/cogsim/cogsim/eval/stats]. Every
// figure is computed from the results sorted by seed and rounded, so
// the same results give the same bytes however they were split into
// files.
package eval
