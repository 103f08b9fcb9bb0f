package render

import (
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"
)

// writeSVG writes the scene as an SVG document: the base (cached per
// variant) and the position's groups, each a <g> with its class, data
// attributes and a <title> that browsers show on hover.
func writeSVG(w io.Writer, d *drawing, sc *scene) error {
	d.svgOnce.Do(func() {
		var b strings.Builder
		for _, g := range d.base {
			svgGroup(&b, &g)
		}
		d.svgBase = b.String()
	})
	return writeSVGDocument(w, d.w, d.h, d.svgBase, sc.groups)
}

// writeSVGDocument writes an SVG document of width × height pixels: base,
// groups already written as SVG, then groups.
func writeSVGDocument(w io.Writer, width, height int, base string, groups []group) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, 'DejaVu Sans', Arial, sans-serif">
`, width, height, width, height)
	b.WriteString(base)
	for _, g := range groups {
		svgGroup(&b, &g)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func svgGroup(b *strings.Builder, g *group) {
	b.WriteString(`<g class="`)
	b.WriteString(g.class)
	b.WriteByte('"')
	for _, a := range g.attrs {
		b.WriteString(" data-")
		b.WriteString(a.name)
		b.WriteString(`="`)
		xmlEscape(b, a.value)
		b.WriteByte('"')
	}
	b.WriteString(">")
	if g.title != "" {
		b.WriteString("<title>")
		xmlEscape(b, g.title)
		b.WriteString("</title>")
	}
	b.WriteByte('\n')
	for i := range g.shapes {
		svgShape(b, &g.shapes[i])
	}
	b.WriteString("</g>\n")
}

func svgShape(b *strings.Builder, s *shape) {
	switch s.kind {
	case polygon, polyline:
		if len(s.paths) == 0 {
			return
		}
		b.WriteString(`<path d="`)
		for _, p := range s.paths {
			for i, q := range p {
				if i == 0 {
					b.WriteByte('M')
				} else {
					b.WriteByte('L')
				}
				num(b, q.X)
				b.WriteByte(' ')
				num(b, q.Y)
			}
			if s.kind == polygon {
				b.WriteByte('Z')
			}
		}
		b.WriteByte('"')
		endShape(b, s, s.kind == polygon)
	case circle:
		b.WriteString(`<circle cx="`)
		num(b, s.at.X)
		b.WriteString(`" cy="`)
		num(b, s.at.Y)
		b.WriteString(`" r="`)
		num(b, s.r)
		b.WriteByte('"')
		endShape(b, s, true)
	case text:
		b.WriteString(`<text x="`)
		num(b, s.at.X)
		b.WriteString(`" y="`)
		num(b, s.at.Y)
		b.WriteString(`" font-size="`)
		num(b, s.size)
		b.WriteByte('"')
		switch s.style {
		case bold:
			b.WriteString(` font-weight="bold"`)
		case italic:
			b.WriteString(` font-style="italic"`)
		}
		switch s.anchor {
		case anchorMiddle:
			b.WriteString(` text-anchor="middle"`)
		case anchorEnd:
			b.WriteString(` text-anchor="end"`)
		}
		paintAttr(b, "fill", s.fill)
		if s.halo.A != 0 {
			paintAttr(b, "stroke", s.halo)
			b.WriteString(` stroke-width="3" stroke-linejoin="round" paint-order="stroke"`)
		}
		b.WriteByte('>')
		xmlEscape(b, s.text)
		b.WriteString("</text>\n")
	}
}

// endShape writes a path's or circle's fill (none unless filled and
// given) and stroke, and closes the element.
func endShape(b *strings.Builder, s *shape, filled bool) {
	if filled && s.fill.A != 0 {
		paintAttr(b, "fill", s.fill)
	} else {
		b.WriteString(` fill="none"`)
	}
	if s.stroke.A != 0 {
		paintAttr(b, "stroke", s.stroke)
		b.WriteString(` stroke-width="`)
		num(b, s.width)
		b.WriteString(`" stroke-linejoin="round"`)
	}
	b.WriteString("/>\n")
}

func paintAttr(b *strings.Builder, name string, c color.RGBA) {
	fmt.Fprintf(b, ` %s="#%02x%02x%02x"`, name, c.R, c.G, c.B)
}

// num writes a coordinate to a tenth of a pixel, which is finer than any
// screen shows.
func num(b *strings.Builder, f float32) {
	s := strconv.FormatFloat(float64(f), 'f', 1, 32)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		s = "0"
	}
	b.WriteString(s)
}

func xmlEscape(b *strings.Builder, s string) {
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		default:
			b.WriteRune(r)
		}
	}
}
