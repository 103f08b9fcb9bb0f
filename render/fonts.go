package render

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// style picks one of the Go fonts, which ship with x/image under a BSD
// licence, so that the PNG looks the same on every machine.
type style uint8

const (
	regular style = iota
	bold
	italic
)

var (
	fontsOnce sync.Once
	fonts     [3]*opentype.Font
	fontsErr  error
	faceMu    sync.Mutex
	faces     = map[faceKey]font.Face{}
)

type faceKey struct {
	s    style
	size float32
}

func loadFonts() error {
	fontsOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF} {
			f, err := opentype.Parse(ttf)
			if err != nil {
				fontsErr = fmt.Errorf("render: font: %w", err)
				return
			}
			fonts[i] = f
		}
	})
	return fontsErr
}

// face returns a face of the style and size, shared: a font.Face is not
// safe for concurrent use, so callers hold faceMu while they use it.
func face(s style, size float32) font.Face {
	k := faceKey{s, size}
	if f, ok := faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(fonts[s], &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: font face: " + err.Error()) // the Go fonts at any size cannot fail
	}
	faces[k] = f
	return f
}

// textWidth measures s in pixels.
func textWidth(s string, st style, size float32) float32 {
	faceMu.Lock()
	defer faceMu.Unlock()
	w := font.MeasureString(face(st, size), s)
	return fixedToFloat(w)
}

func fixedToFloat(v fixed.Int26_6) float32 { return float32(v) / 64 }
