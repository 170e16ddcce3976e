package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cogsim/cogsim/sim"
)

// systemsOptions are the flags of cogsim systems.
type systemsOptions struct {
	rules rulesFlags
	json  bool
}

func systemsFlags() (*flag.FlagSet, *systemsOptions) {
	o := &systemsOptions{}
	fs := flag.NewFlagSet("systems", flag.ContinueOnError)
	o.rules.add(fs)
	fs.BoolVar(&o.json, "json", false, "print the table as a JSON array, one object per system")
	return fs, o
}

// systemsCmd is cogsim systems (§34.1): the effective tick table of an
// episode of the selected rules and mechanics.
func systemsCmd(_ context.Context, out streams, args []string) error {
	fs, o := systemsFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	table, err := sim.Systems(sim.Config{Rules: o.rules.Rules, Mechanics: mechanics})
	if err != nil {
		return usagef("%v", err)
	}
	if o.json {
		b, err := json.MarshalIndent(table, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out.stdout, "%s\n", b)
		return err
	}
	return writeSystems(out.stdout, table)
}

// writeSystems prints the tick table aligned in columns: number, system,
// who installed it, final, the verbs it serves (a verb system runs only
// on their ticks, §39.6), the resources and the component maps its
// Init asks for.
func writeSystems(w io.Writer, table []sim.SystemInfo) error {
	rows := [][]string{{"#", "system", "by", "final", "verbs", "resources", "components"}}
	for _, s := range table {
		by := s.By
		if s.ReplacedBy != "" {
			by += ", replaced by " + s.ReplacedBy
		}
		final := ""
		if s.Final {
			final = "final"
		}
		if !s.Enabled {
			final = strings.TrimSpace(final + " off")
		}
		rows = append(rows, []string{fmt.Sprint(s.Number), s.Name, by, final, strings.Join(s.Verbs, ", "), list(s.Resources), list(s.Components)})
	}
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			width[i] = max(width[i], len(cell))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%*s", width[0], r[0])
		for i := 1; i < len(r)-1; i++ {
			fmt.Fprintf(&b, "  %-*s", width[i], r[i])
		}
		fmt.Fprintf(&b, "  %s\n", r[len(r)-1])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// list joins names with commas; none is "-".
func list(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, ", ")
}
