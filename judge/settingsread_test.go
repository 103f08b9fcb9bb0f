package judge

import (
	"fmt"
	"maps"
	"testing"
	"time"
)

// TestSettingsRead checks that settings are read once a text: the same
// text gives the same settings as parseSettings, another text (a change)
// is read anew, a caller's copy is its own to change, and settings that
// cannot be read are not kept.
func TestSettingsRead(t *testing.T) {
	j := &Judge{}
	a := `{"movement":"0 8 * * *","time_zone":"Europe/Rome","grace":"30m0s","reminder":"2h0m0s","end":"2027-06-30 20:00"}`
	b := `{"movement":"0 8 * * *","time_zone":"Europe/Rome","grace":"2h0m0s","reminder":"2h0m0s"}`
	for _, raw := range []string{a, b, ""} {
		want, err := parseSettings(raw)
		if err != nil {
			t.Fatal(err)
		}
		got, err := j.settingsOf(raw)
		if err != nil || got.json() != want.json() || !maps.Equal(got.Game, want.Game) {
			t.Errorf("%s: read as %s, %v; want %s", raw, got.json(), err, want.json())
		}
	}
	ra, _ := j.read.read(a)
	if again, _ := j.read.read(a); again != ra {
		t.Error("the same text read twice")
	}
	rome, _ := time.LoadLocation("Europe/Rome")
	if want := time.Date(2027, 6, 30, 20, 0, 0, 0, rome); !ra.end.Equal(want) {
		t.Errorf("end %v, want %v", ra.end, want)
	}
	if rb, _ := j.read.read(b); rb == ra || time.Duration(rb.set.Grace) != 2*time.Hour || !rb.end.IsZero() {
		t.Errorf("changed settings read as %+v", rb)
	}
	mine, _ := j.settingsOf(a)
	mine.Set("movement", "0 9 * * *")
	mine.Grace = 0
	if again, _ := j.settingsOf(a); again.Game["movement"] != "0 8 * * *" || time.Duration(again.Grace) != 30*time.Minute {
		t.Errorf("a caller's change reached the settings kept: %s", again.json())
	}
	if _, err := j.settingsOf(`{"grace":`); err == nil {
		t.Error("broken settings read without an error")
	}
	if _, ok := j.read.byText[`{"grace":`]; ok {
		t.Error("broken settings kept")
	}
	for i := range settingsReadSize + 10 {
		j.read.read(fmt.Sprintf(`{"max_absence":%d}`, i))
	}
	if n := len(j.read.byText); n > settingsReadSize {
		t.Errorf("%d settings kept, want at most %d", n, settingsReadSize)
	}
}

// TestSettingsReadLooks checks the bound: with more texts than room, a
// look keeps those kept and reads only the others again (not all of them
// at every look); a look's end drops the texts it did not read, making
// room; and settings that cannot be read are read once a call.
func TestSettingsReadLooks(t *testing.T) {
	parses := 0
	j := &Judge{}
	j.read.parse = func(raw string) (Settings, error) {
		parses++
		return parseSettings(raw)
	}
	text := func(i int) string { return fmt.Sprintf(`{"max_absence":%d}`, i) }
	look := func(n int) (read int) {
		before := parses
		for i := range n {
			if _, err := j.read.read(text(i)); err != nil {
				t.Fatal(err)
			}
		}
		j.read.looked()
		return parses - before
	}
	const over = 10
	for i, c := range []struct {
		name        string
		texts, read int
		kept        int
	}{
		{"the first look reads every text and keeps what fits", settingsReadSize + over, settingsReadSize + over, settingsReadSize},
		{"the next reads only those that did not fit", settingsReadSize + over, over, settingsReadSize},
		{"a look at fewer games drops the others", 100, 0, 100},
		{"then there is room again", 101, 1, 101},
	} {
		if got := look(c.texts); got != c.read || len(j.read.byText) != c.kept {
			t.Errorf("look %d, %s: %d read, %d kept; want %d and %d", i+1, c.name, got, len(j.read.byText), c.read, c.kept)
		}
	}
	before := parses
	_, err := j.settingsOf(`{"grace":`)
	_, want := parseSettings(`{"grace":`)
	if err == nil || err.Error() != want.Error() || parses-before != 1 {
		t.Errorf("broken settings: %v, read %d times; want %v, once", err, parses-before, want)
	}
}
