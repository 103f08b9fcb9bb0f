package judge

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/corriere/corriere/store"
)

func TestCheckPassword(t *testing.T) {
	for _, tc := range []struct {
		password string
		words    []string
		want     string // "" for accepted
	}{
		{"x", nil, "1 characters is too short: expected at least 8"},
		{"s3cret", nil, "6 characters is too short"},
		{"abcdefghij", nil, "one kind of character only"},
		{"1234567890", nil, "one kind of character only"},
		{"ABCDEFGHIJ", nil, "one kind of character only"},
		{"Password1", nil, "too easily guessed"},
		{"diplomacy1", nil, "too easily guessed"},
		{"has space9", nil, "one word without spaces"},
		{"roma-2026!", []string{"roma"}, `contains "roma"`},
		{"france-pw1", []string{"x", "france"}, `contains "france"`},
		{"gm-8chars", []string{"gm"}, ""}, // words under 3 letters are no hint
		{"pw-france", nil, ""},
		{"Tr1cky-Dip", []string{"roma"}, ""},
		{"àèìòù-123", nil, ""},
	} {
		err := checkPassword(tc.password, tc.words...)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: refused (%v), want accepted", tc.password, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: %v, want a refusal saying %q", tc.password, err, tc.want)
		}
	}
}

// CREATE by mail is open to the addresses and domains the operator allows,
// by default the operator alone; the refusal says who may.
func TestCreateAccess(t *testing.T) {
	for _, tc := range []struct {
		name   string
		access Access
		from   string
		want   string
	}{
		{"an allowed address", Access{Create: []string{"gm@x.test"}}, "gm@x.test", "Game nuova created"},
		{"any case", Access{Create: []string{"GM@X.test"}}, "gm@x.TEST", "Game nuova created"},
		{"an allowed domain", Access{Create: []string{"@club.test"}}, "anna@club.test", "Game nuova created"},
		{"a domain that only ends alike", Access{Create: []string{"@club.test"}}, "anna@badclub.test", "does not create games by mail for your address"},
		{"a stranger", Access{Create: []string{"gm@x.test", "@club.test"}}, "who@else.test", "does not create games by mail for your address; ask its operator"},
		{"the operator by default", Access{Operator: "op@x.test"}, "op@x.test", "Game nuova created"},
		{"not the operator", Access{Operator: "op@x.test"}, "gm@x.test", "does not create games by mail for your address"},
		{"nobody", Access{}, "gm@x.test", "this judge creates no games by mail: its operator makes them (corriere game create)"},
	} {
		f := newFixture(t, nil)
		f.j.Access = tc.access
		reply := f.send(tc.from, "CREATE nuova Strong-pw1\nplayers 7")
		mustContain(t, tc.name, reply, tc.want)
		if created := f.exists("nuova"); created != strings.Contains(tc.want, "created") {
			t.Errorf("%s: game created %v", tc.name, created)
		}
	}
}

func (f *fixture) exists(name string) bool {
	f.t.Helper()
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.Game(name)
		return err
	})
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		f.t.Fatal(err)
	}
	return err == nil
}

func TestCreateWeakMasterPassword(t *testing.T) {
	f := newFixture(t, nil)
	for _, tc := range []struct{ body, want string }{
		{"CREATE nuova x", "Refused: the master's password: 1 characters is too short: expected at least 8"},
		{"CREATE nuova password1", "too easily guessed"},
		{"CREATE nuova nuova-pw-1", `contains "nuova"`},
	} {
		mustContain(t, tc.body, f.send("gm@x.test", tc.body), tc.want, "The game was not created")
	}
	if f.exists("nuova") {
		t.Error("a game was created with a weak password")
	}
}

// Powers are named exactly in the master's SEAT, REPLACE and EJECT: a
// misspelling is refused with the valid names, not read as the nearest.
func TestMasterPowerNamesExact(t *testing.T) {
	f := newFixture(t, nil)
	f.send("gm@x.test", "CREATE nuova Strong-pw1")
	on := "SIGNON master@nuova Strong-pw1\n"
	for _, tc := range []struct{ line, want string }{
		{"SEAT prussia p@x.test", `"prussia" is not a power of game nuova: expected one of austria, england, france, germany, italy, russia, turkey`},
		{"SEAT Frence f@x.test", `"Frence" is not a power`},
		{"SEAT Turk t@x.test", "Turkey: now played by t@x.test"}, // a name the variant data gives
		{"SEAT Francia f@x.test", "France: now played by f@x.test"},
		{"SEAT ENG e@x.test", "England: now played by e@x.test"},
		{"SEAT austria-hungary a@x.test", "Austria: now played by a@x.test"},
		{"REPLACE prussia r@x.test", `"prussia" is not a power`},
		{"EJECT prussia", `"prussia" is not a power`},
		{"EJECT Russia", "Russia has no player"},
		{"SEAT germany not-an-address", `"not-an-address" is not a mail address: expected one like player@example.org`},
	} {
		mustContain(t, tc.line, f.send("gm@x.test", on+tc.line), tc.want)
	}
	if s := f.seat("nuova", "russia"); s.Address != "" {
		t.Errorf("prussia seated Russia: %+v", s)
	}
}

// The operator's SeatPlayer is the master's SEAT and REPLACE: the same
// refusals, the player mailed the power and a password, a replacement
// announced to everyone.
func TestSeatPlayer(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	if _, err := f.j.CreateWithMaster(ctx, "nuova", NewCreation(), ""); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, power, address, password string
		replace                        bool
		want                           string
	}{
		{"generated password", "france", "f@x.test", "", false, "France: now played by f@x.test, who was sent a password."},
		{"seat taken", "France", "g@x.test", "", false, "France is already played by f@x.test (use REPLACE"},
		{"misspelt", "prussia", "p@x.test", "", false, `"prussia" is not a power of game nuova: expected one of austria`},
		{"weak password", "italy", "i@x.test", "short", false, "password: 5 characters is too short"},
		{"password naming the power", "italy", "i@x.test", "italy-2026", false, `password: contains "italy"`},
		{"chosen password", "italy", "i@x.test", "Chosen-pw7", false, "Italy: now played by i@x.test"},
		{"replace", "France", "h@x.test", "", true, "France: now played by h@x.test, who was sent a password; everyone was told."},
	} {
		out, err := f.j.SeatPlayer(ctx, "nuova", tc.power, tc.address, tc.password, tc.replace)
		if !strings.Contains(out+errText(err), tc.want) {
			t.Errorf("%s: %q, %v; want %q", tc.name, out, err, tc.want)
		}
	}
	if pw := f.password("i@x.test"); pw != "Chosen-pw7" {
		t.Errorf("Italy's player was mailed %q, want the chosen password", pw)
	}
	if body := f.lastMail("seat", "h@x.test"); !strings.Contains(body, "You play France in game nuova") {
		t.Errorf("the new French player's mail: %q", body)
	}
	if body := f.lastMail("announce", "i@x.test"); !strings.Contains(body, "The game master has given France to a new player.") {
		t.Errorf("Italy was not told of France's replacement: %q", body)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// The mail that starts a game tells each player which powers they play;
// observers get the general text.
func TestStartMailNamesThePower(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	set := DefaultSettings()
	set.Set("players", "4") // England; Austria+France; Germany+Turkey; Italy+Russia
	if err := f.j.CreateGame(ctx, "quattro", "standard", "2023", set); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"england", "austria", "germany", "italy"} {
		if err := f.j.Seat(ctx, "quattro", p, p+"@q.test", "pw-"+p+"-1"); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.j.Observe(ctx, "quattro", "fan@x.test"); err != nil {
		t.Fatal(err)
	}
	if err := f.j.Start(ctx, "quattro"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ to, want, not string }{
		{"england@q.test", "Game quattro has started. You play England.\n", ""},
		{"austria@q.test", "You play Austria and France.", ""},
		{"italy@q.test", "Sign on with SIGNON italy@quattro <your password>", ""},
		{"fan@x.test", "Game quattro has started.\n", "You play"},
	} {
		body := f.lastMail("start", tc.to)
		if !strings.Contains(body, tc.want) || (tc.not != "" && strings.Contains(body, tc.not)) {
			t.Errorf("start mail to %s: %q, want %q", tc.to, body, tc.want)
		}
	}
}

// A game created from the shell has a master: its password is returned
// once and, with a master address, mailed there and good from there only.
func TestCreateWithMaster(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	pw, err := f.j.CreateWithMaster(ctx, "libera", NewCreation(), "")
	if err != nil || pw == "" {
		t.Fatalf("password %q, %v", pw, err)
	}
	mustContain(t, "master without an address", f.send("anyone@x.test", "SIGNON master@libera "+pw), "Signed on as the game master of libera")

	pw, err = f.j.CreateWithMaster(ctx, "legata", NewCreation(), "Boss@X.test")
	if err != nil {
		t.Fatal(err)
	}
	if body := f.lastMail("seat", "boss@x.test"); !strings.Contains(body, "SIGNON master@legata "+pw+"\n") {
		t.Errorf("the master was not mailed the password: %q", body)
	}
	mustContain(t, "another address", f.send("anyone@x.test", "SIGNON master@legata "+pw+"\nPAUSE"), "Refused: that is not the game master's password")
	mustContain(t, "the master's address", f.send("boss@x.test", "SIGNON master@legata "+pw), "Signed on as the game master of legata")

	if _, err := f.j.CreateWithMaster(ctx, "altra", NewCreation(), "boss"); err == nil || !strings.Contains(err.Error(), `master "boss": expected a mail address`) {
		t.Errorf("a master without @: %v", err)
	}
}

// MasterCommands, which `corriere gm --help` prints, names every command
// the judge takes only from a master, and nothing else.
func TestMasterCommandsListed(t *testing.T) {
	f := newFixture(t, nil)
	listed := map[string]bool{}
	for _, c := range MasterCommands {
		listed[c.Verb] = true
		if !strings.HasPrefix(c.Syntax, c.Verb) {
			t.Errorf("%s: syntax %q", c.Verb, c.Syntax)
		}
	}
	for verb := range commands.commandWords {
		if verb == "SET" { // the players' too; the master's SETs are below
			continue
		}
		reply := f.send(strings.ToLower(verb)+"@stranger.test", verb+" x") // an address each: replies to one stranger are few
		master := strings.Contains(reply, "is a game master's command")
		if master != listed[verb] {
			t.Errorf("%s: a master's command %v, listed %v", verb, master, listed[verb])
		}
	}
	reply, err := f.j.Master(context.Background(), "roma", "SET COLOUR red")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range MasterCommands {
		if c.Verb == "SET" && !strings.Contains(reply, strings.Join(strings.Fields(c.Syntax)[:2], " ")) {
			t.Errorf("%q is not one the judge names: %q", c.Syntax, reply)
		}
	}
}

func TestValidAddress(t *testing.T) {
	for _, tc := range []struct {
		a    string
		want bool
	}{
		{"gm@example.org", true},
		{"Anna.Rossi+dip@club.example", true},
		{"not-an-address", false},
		{"@example.org", false},
		{"gm@", false},
		{"gm@a@b", false},
		{"Anna <anna@x.test>", false},
		{"a@x.test, b@x.test", false},
		{"a@x.test;b@x.test", false},
	} {
		if got := ValidAddress(tc.a); got != tc.want {
			t.Errorf("ValidAddress(%q) = %v, want %v", tc.a, got, tc.want)
		}
	}
}

// The master of a game created by mail is bound to the creator's address
// as well as the password: a stranger who has the password signs on from
// nowhere else (issue 11.5).
func TestMasterBoundToCreator(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Access = Access{Create: []string{"gm@x.test"}}
	mustContain(t, "the creation", f.send("gm@x.test", "CREATE nuova Strong-pw1"), "Game nuova created", "SIGNON master@nuova <password>, from gm@x.test only")
	mustContain(t, "a stranger with the password", f.send("who@else.test", "SIGNON master@nuova Strong-pw1\nSEAT france who@else.test"), "Refused: that is not the game master's password of game nuova")
	mustContain(t, "the creator", f.send("GM@x.test", "SIGNON master@nuova Strong-pw1\nSEAT france anna@players.test"), "Signed on as the game master of nuova")
}
