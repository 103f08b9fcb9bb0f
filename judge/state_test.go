package judge

import (
	"context"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/corriere/corriere/store"
)

// transition makes the moves of the table, for the causes it lists, and
// refuses every other as the master's commands are refused.
func TestTransition(t *testing.T) {
	f := newFixture(t, nil)
	for _, tc := range []struct {
		from, to state
		cause    string
		want     string // "" for a move made; else the error
	}{
		{forming, active, "START", ""},
		{forming, finished, "TERMINATE", ""},
		{forming, paused, "PAUSE", "game roma is forming"},
		{forming, active, "RESUME", "RESUME does not move a game from forming to active"},
		{active, paused, "PAUSE", ""},
		{active, finished, byDraw, ""},
		{active, finished, byEndDate, ""},
		{active, active, "RESUME", "game roma is active"},
		{active, forming, "ROLLBACK", "game roma is active"},
		{paused, active, "RESUME", ""},
		{paused, finished, byOutcome, ""},
		{paused, finished, byDraw, "draw does not move a game from paused to finished"},
		{finished, active, "ROLLBACK", ""},
		{finished, active, "RESUME", "RESUME does not move a game from finished to active"},
		{finished, paused, "PAUSE", "game roma is finished"},
	} {
		var vw *view
		err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
			var err error
			if vw, err = f.j.loadView(tx, "roma"); err != nil {
				return err
			}
			vw.g.State = string(tc.from)
			return f.j.transition(tx, vw, tc.to, "test", tc.cause)
		})
		name := string(tc.from) + " -> " + string(tc.to) + " by " + tc.cause
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case tc.want == "" && vw.state() != tc.to:
			t.Errorf("%s: the game is %s", name, vw.state())
		case tc.want == "" && tc.to == finished && !vw.g.Deadline.IsZero():
			t.Errorf("%s: a finished game keeps its deadline %s", name, vw.g.Deadline)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		case tc.want != "" && vw.state() != tc.from:
			t.Errorf("%s refused, and the game is %s", name, vw.state())
		}
	}
	if log := f.audit("roma"); !hasEntry(log, "test state forming -> active: START") {
		t.Errorf("a move is not in the audit log:\n%s", strings.Join(log, "\n"))
	}
}

// Nothing in the judge but transition sets a game's state: a new game is
// made forming (createGame), and every change after goes through moves.
func TestStateChangesOnlyByTransition(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"transition": true, "createGame": true}
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || allowed[fn.Name.Name] {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				var targets []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					targets = n.Lhs
				case *ast.KeyValueExpr:
					targets = []ast.Expr{n.Key}
				}
				for _, e := range targets {
					if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "State" {
						t.Errorf("%s: %s sets a game's state; only transition may", fset.Position(e.Pos()), fn.Name.Name)
					}
					if id, ok := e.(*ast.Ident); ok && id.Name == "State" {
						t.Errorf("%s: %s makes a game with a state; only createGame may", fset.Position(e.Pos()), fn.Name.Name)
					}
				}
				return true
			})
		}
	}
}
