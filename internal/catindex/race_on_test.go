//go:build race

package catindex

// raceDetector: under the race detector sync.Pool drops items at random
// and every access allocates shadow state, so allocation counts mean
// nothing there.
const raceDetector = true
