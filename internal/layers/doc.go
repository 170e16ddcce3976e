// Package layers holds the test that the module's imports point one way
// (SPEC §2): components and ecs at the bottom; worldgen and systems on
// them and not on each other; render/text on components; sim on those;
// agents, the graphical render packages and cmd on top; ebiten only in
// the window. It runs go list over the module and fails on an import
// chain that points up, naming it. The rules are the table in
// layers_test.go.
package layers
