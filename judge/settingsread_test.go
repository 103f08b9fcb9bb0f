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
