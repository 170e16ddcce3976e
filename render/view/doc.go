// Package view is cogplay's screens (§22) in plain Go, as small models
// composed by the app the window runs; render/gfx only draws the Grid
// they fill, so everything here is tested without a window.
//
// The models, one per mode:
//
//	Game      game.go, look.go, msglog.go: the episode, what a person is
//	          told (the log model: ticks, repeats folded; "You see here";
//	          look), the replay a person's game is recorded as
//	Play      play.go, playdraw.go, layout.go, help.go: composes the
//	          modes of a game, reads the keys of play (the options'
//	          bindings) and lays out the screen for the window it is
//	          given (PlayFit: the map large, the panels around it); the
//	          help, its symbols; it holds no rule of its own, and sends
//	          no primitive the cog knows does nothing (Game.NoOp)
//	Runner    runner.go, plan.go: counts, runs, travel and auto-explore,
//	          planning moves itself over what the cog knows, played as
//	          many a frame as the pace allows
//	modal     prompt.go: the modes stacked over play — the item,
//	          direction and yes-no prompts, the extended command, picking
//	          a cell, and the help, inventory and log overlays; and the
//	          count typed before a command (counter)
//	Tomb      tomb.go: the end — the record, the end-of-game files, the
//	          final map with --More--, then the tombstone, the run shared
//	Profiler  profiler.go: the F3 overlay
//	Start     start.go: the quick-start screen, then the game it starts
//	Viewer    viewer.go, viewerdraw.go: the replay viewer, then the game
//	          taken over from it (T)
//
// The rest is shared drawing: the Grid, the board's cells and the
// observation screen, which are render/grid's (named here in grid.go),
// the full map and the colours (cells.go, colours.go, palette.go), the
// keys (keys.go, keymap.go, verbs.go) and the options file (options.go).
//
// Around it: render/gfx draws a Grid with ebiten; render/grid is the
// Grid itself, shared with render/picture's pictures; render/text is the
// observation text (§15); cmd/cogplay/internal/save keeps the save
// files, the record and the end-of-game files; internal/site builds the
// web pages (§31).
package view
