// Package race says whether the race detector is built in, so that a
// test can play fewer episodes under go test -race: there the engine
// runs 5–10 times slower, and the plain go test has played them all.
package race
