package cli_test

// The tests play the built-in mechanics and rules variants, which the
// commands link and the library does not (§2).
import _ "github.com/cogsim/cogsim/systems/builtin"
