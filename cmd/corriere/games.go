package main

import (
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/belleepoque"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/game/history"
	"github.com/corriere/corriere/game/italia"
	"github.com/corriere/corriere/game/versailles"
	"github.com/corriere/corriere/render"
)

// games are the games this judge hosts, each a package behind the game
// contract (package game): a new game is a line here. The first is the
// default, for a game created without naming one.
var games = []game.Kind{
	diplomacy.Kind{Draw: render.ResponsePNG},
	italia.Kind{},
	history.Kind{},
	belleepoque.Kind{},
	versailles.Kind{},
}
