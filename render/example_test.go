package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"time"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/render"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// Drawing the opening position, as a results mail would carry it.
func ExamplePNG() {
	v := standard.Variant()
	pos := &adjudicator.Position{
		Phase:   adjudicator.Phase{Year: 1901, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units:   v.StartUnits,
		Centers: v.StartCenters,
	}
	var buf bytes.Buffer
	opts := render.Options{Game: "Partita 7", Date: time.Date(1901, time.March, 1, 0, 0, 0, 0, time.UTC)}
	if err := render.PNG(&buf, v, pos, opts); err != nil {
		fmt.Println(err)
		return
	}
	cfg, err := png.DecodeConfig(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cfg.Width, "x", cfg.Height)
	// Output: 1600 x 1442
}

// Orders are drawn over the position: here one move, given but not yet
// resolved. The SVG marks every unit and order for scripts and tests.
func ExampleSVG() {
	v := standard.Variant()
	pos := &adjudicator.Position{
		Phase:   adjudicator.Phase{Year: 1901, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units:   v.StartUnits,
		Centers: v.StartCenters,
	}
	move := adjudicator.Order{Power: v.PowerByID("france"), Type: adjudicator.Move, Unit: variants.Army, Loc: v.Loc("par"), Target: v.Loc("bur")}
	var buf bytes.Buffer
	if err := render.SVG(&buf, v, pos, render.Options{Last: &render.Orders{Phase: pos.Phase, Orders: []adjudicator.Order{move}}}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bytes.Count(buf.Bytes(), []byte(`<g class="unit"`)), "units")
	fmt.Println(bytes.Contains(buf.Bytes(), []byte(`<g class="order" data-order="A par - bur" data-power="france">`)))
	// Output:
	// 22 units
	// true
}
