package judge

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/store"
)

// textsInCode lists the texts a player may read, as written in the code:
// the literal formats given to session.printf and to lang's f, t and
// plural.
func textsInCode(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
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
			var name string
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			case *ast.Ident:
				name = fn.Name
			}
			var args []ast.Expr
			switch name {
			case "printf", "f", "t", "notRead", "badRequest":
				args = call.Args[:min(1, len(call.Args))]
			case "plural":
				if len(call.Args) == 3 {
					args = call.Args[1:]
				}
			}
			for _, a := range args {
				if s, ok := literal(t, a); ok {
					out[s] = fset.Position(a.Pos()).String()
				}
			}
			return true
		})
	}
	return out
}

// literal is the string a literal (or a sum of literals) writes.
func literal(t *testing.T, e ast.Expr) (string, bool) {
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

// Every text a player may read has its Italian, with the same verbs in
// the same order, and every reason of the adjudicator too.
func TestItalianIsComplete(t *testing.T) {
	var missing []string
	texts := textsInCode(t)
	// Words given to lang.t from values: states, outcomes.
	texts[editUsage] = "a constant"
	for _, a := range []Access{{}, {Operator: "op@x"}} {
		texts[a.createRule()] = "a word"
	}
	for _, w := range []string{store.Forming, store.Active, store.Paused, store.Finished, "none", "partial", "complete",
		"succeeds", "fails", "invalid", "yes", "no", "hold", "disorder", "press white", "press grey", "press none", "english", "italian", "English", "Italian"} {
		texts[w] = "a value"
	}
	for text, where := range texts {
		if !hasWords(text) {
			continue // layout only: "%s\n", "  %-6d"
		}
		it, ok := italianText[text]
		if !ok {
			missing = append(missing, where+": "+strconv.Quote(text))
			continue
		}
		if formatVerbs(it) != formatVerbs(text) {
			t.Errorf("%s: the Italian of %q has verbs %q, want %q", where, text, formatVerbs(it), formatVerbs(text))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no Italian for %s", m)
	}
	for r := adjudicator.NoUnit; r <= adjudicator.Paradox; r++ {
		if _, ok := italianReasons[r.String()]; !ok {
			t.Errorf("no Italian for the reason %q", r)
		}
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

// formatVerbs lists a format's verbs in order: "%s %d" -> "sd".
func formatVerbs(format string) string {
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

// Command lines, and the passwords on them, never tell the language.
func TestDetectLangIgnoresCommands(t *testing.T) {
	for _, c := range []struct {
		text string
		lang lang
		ok   bool
	}{
		{"SIGNON turkey@duo e2il9per\nF kie - hol\nA ber - kie", english, false},
		{"sign on Froma per-il-mio\nA Par-Bur", english, false},
		{"Ciao, ecco i miei ordini:\nSIGNON france@roma pw\nA Par-Bor", italian, true},
		{"Hi, here are my orders:\nSIGNON france@roma pw\nA Par-Bur", english, true},
	} {
		l, ok := detectLang(c.text)
		if l != c.lang || ok != c.ok {
			t.Errorf("%q: %v %v, want %v %v", c.text, l, ok, c.lang, c.ok)
		}
	}
}
