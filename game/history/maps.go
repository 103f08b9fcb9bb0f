package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/table"
	"github.com/corriere/corriere/render"
)

// This file draws the board after each step as a schematic picture
// (game.Mapper): the rulebook's board art is the publisher's, so the
// picture is drawn from the data file alone, each land a labelled box at
// its at=<x>,<y>, tinted by its area, borders as lines (a strait dashed,
// the Great Wall heavy), the pieces in their owners' colours. A data file
// without coordinates draws none.

var (
	_ game.Mapper    = (*Rules)(nil)
	_ table.Pictured = (*Play)(nil)
)

// picture is what a step's record keeps for its picture: the board after
// it, public to all.
type picture struct {
	Phase   string                   `json:"phase"`
	Epoch   int                      `json:"epoch"`
	Areas   []Area                   `json:"areas"`
	Lands   map[string]*Land         `json:"lands"`
	Borders []Border                 `json:"borders"`
	Board   map[string][]table.Piece `json:"board,omitempty"`
	Order   []string                 `json:"order"`
	Scores  map[string]int           `json:"scores,omitempty"`
}

// Picture is the board after a step, when every land has its place.
func (p *Play) Picture() any {
	for _, l := range p.Data.Lands {
		if len(l.At) != 2 {
			return nil
		}
	}
	return &picture{Phase: table.PhaseID(p.Stage, p.Step), Epoch: p.Epoch, Areas: p.Data.Areas, Lands: p.Data.Lands,
		Borders: p.Data.Borders, Board: p.Board, Order: p.Order, Scores: p.Tracks["score"]}
}

// colours are the seats' colours on the picture.
var colours = map[string]color.RGBA{
	"red": {0xD6, 0x27, 0x28, 0xFF}, "yellow": {0xF2, 0xC1, 0x2E, 0xFF}, "green": {0x2C, 0xA0, 0x2C, 0xFF},
	"blue": {0x1F, 0x77, 0xB4, 0xFF}, "purple": {0x94, 0x67, 0xBD, 0xFF}, "black": {0x33, 0x33, 0x33, 0xFF},
}

// letters mark the kinds of piece; the legend says them in both
// languages.
var letters = map[string]string{"army": "A", "fort": "F", "capital": "C", "city": "c", "monument": "M"}

// Map draws the board after a step (game.Mapper); the same for every
// reader, since the board is public.
func (r *Rules) Map(record []byte, to game.Viewer, title string, at time.Time) ([]byte, error) {
	raw, err := table.Picture(record)
	if err != nil || len(raw) == 0 {
		return nil, err
	}
	var pic picture
	if err := json.Unmarshal(raw, &pic); err != nil {
		return nil, fmt.Errorf("the step's picture: %w", err)
	}
	s := &render.Schematic{
		Title:    fmt.Sprintf("History of the World · %s · ora/now %s", title, pic.Phase),
		Subtitle: fmt.Sprintf("epoca %s · epoch %s · %s", roman(pic.Epoch), roman(pic.Epoch), at.UTC().Format("2006-01-02 15:04 UTC")),
	}
	ids := mapsKeys(pic.Lands)
	index := map[string]int{}
	for i, id := range ids {
		l := pic.Lands[id]
		index[id] = i
		reg := render.Region{Name: id, X: l.At[0], Y: l.At[1], Barren: l.Barren,
			Group: slices.IndexFunc(pic.Areas, func(a Area) bool { return a.ID == l.Area })}
		for _, pc := range pic.Board[id] {
			reg.Pieces = append(reg.Pieces, render.Mark{Letter: letters[pc.Kind], Colour: colours[pc.Owner]})
		}
		s.Regions = append(s.Regions, reg)
	}
	for _, b := range pic.Borders {
		s.Links = append(s.Links, render.Link{A: index[b.A], B: index[b.B], Dashed: b.Kind == "strait", Heavy: b.Kind == "wall"})
	}
	var scores []string
	for _, seat := range pic.Order {
		scores = append(scores, fmt.Sprintf("%s/%s %s", italian[seat], seat, strconv.Itoa(pic.Scores[seat])))
	}
	s.Notes = []string{
		"punti · points: " + strings.Join(scores, ", "),
		"A armata/army · F fortificazione/fort · C capitale/capital · c città/city · M monumento/monument · - - stretto/strait · == Grande Muraglia/Great Wall",
	}
	var buf bytes.Buffer
	if err := s.PNG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
