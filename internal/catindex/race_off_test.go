//go:build !race

package catindex

const raceDetector = false
