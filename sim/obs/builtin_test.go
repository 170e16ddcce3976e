package obs

// The tests play the built-in mechanics (the wands' verb and class),
// which the commands link and the library does not (§2).
import _ "github.com/cogsim/cogsim/systems/builtin"
