// Package gametest helps test a game package, and the judge, against the
// contract's conventions: every text a reader may read has its Italian.
package gametest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TextsInCode lists the texts a reader may read, as written in the Go
// files (tests aside) of the folder dir: the literals (or sums of them)
// passed to the functions and methods named in calls, at the argument
// positions given for each. It maps each text to where it is written.
func TextsInCode(t testing.TB, dir string, calls map[string][]int) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	out := map[string]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var fn string
			switch e := call.Fun.(type) {
			case *ast.SelectorExpr:
				fn = e.Sel.Name
			case *ast.Ident:
				fn = e.Name
			}
			for _, i := range calls[fn] {
				if i >= len(call.Args) {
					continue
				}
				if s, ok := literal(t, call.Args[i]); ok {
					out[s] = fset.Position(call.Args[i].Pos()).String()
				}
			}
			return true
		})
	}
	return out
}

// literal is the string a literal (or a sum of literals) writes.
func literal(t testing.TB, e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		if err != nil {
			t.Fatal(err)
		}
		return s, true
	case *ast.BinaryExpr:
		a, ok1 := literal(t, e.X)
		b, ok2 := literal(t, e.Y)
		return a + b, ok1 && ok2 && e.Op == token.ADD
	}
	return "", false
}

// CheckItalian fails t for each text (mapped to where it is written) that
// has words but no Italian in italian, or whose Italian has other format
// verbs, or in another order.
func CheckItalian(t testing.TB, texts map[string]string, italian map[string]string) {
	t.Helper()
	var missing []string
	for text, where := range texts {
		if !hasWords(text) {
			continue // layout only: "%s\n", "  %-6d"
		}
		it, ok := italian[text]
		if !ok {
			missing = append(missing, where+": "+strconv.Quote(text))
			continue
		}
		if FormatVerbs(it) != FormatVerbs(text) {
			t.Errorf("%s: the Italian of %q has verbs %q, want %q", where, text, FormatVerbs(it), FormatVerbs(text))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no Italian for %s", m)
	}
}

// hasWords reports whether a format has letters other than its verbs'.
func hasWords(format string) bool {
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c == '%' {
			i++
			for i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0 {
				i++
			}
			continue
		}
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// FormatVerbs lists a format's verbs in order: "%s %d" -> "sd".
func FormatVerbs(format string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0 {
			i++
		}
		if i < len(format) {
			b.WriteByte(format[i])
		}
	}
	return b.String()
}
