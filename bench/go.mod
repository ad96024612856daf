module dwa/bench

go 1.26.0

require github.com/rakyll/hey v0.1.5

require (
	golang.org/x/net v0.48.0 // indirect
	golang.org/x/text v0.33.0 // indirect
)
