package italia

import (
	_ "embed"
	"sync"

	"github.com/corriere/corriere/variants/machiavelli"
)

//go:embed italia.txt
var data string

// Board returns the board as printed, with its 11 seas. It is read from
// italia.txt on first use and then shared: callers must not modify it.
var Board = sync.OnceValue(func() *machiavelli.Board {
	b, err := machiavelli.Parse(data)
	if err != nil {
		panic("variants/italia: italia.txt: " + err.Error())
	}
	return b
})

// Merged returns the board as a game plays it unless told otherwise: the
// Laguna is part of the Alto Adriatico (ruling R3).
func Merged() *machiavelli.Board { return Board().Merged() }
