package judge

import (
	"maps"
	"sync"
	"time"
)

// settingsRead keeps games' settings as read from their stored text, by
// the text: the daemon looks at every scheduled game's deadline, grace
// and end at each look for due games, and reads a game's settings again
// at each mail and deadline, and JSON took a tenth of its time at a
// deadline of a thousand games. The same text reads the same settings,
// so a game's are read again only once they change; games with the same
// settings share them.
type settingsRead struct {
	mu     sync.Mutex
	byText map[string]*keptSettings
	// parse reads a text; nil is parseSettings (a test counts the reads).
	parse func(string) (Settings, error)
}

// keptSettings are settings kept, and whether their text was read since
// the last look ended.
type keptSettings struct {
	rs   *readSettings
	seen bool
}

// readSettings are settings read once, and the end time they give.
type readSettings struct {
	set Settings
	end time.Time // zero for none, or when End cannot be read
}

// settingsReadSize bounds settingsRead. Full, a new text is read but not
// kept until a look's end drops the texts that look did not read: with
// more live texts than room, those kept stay kept and only the others
// are read at each look, where emptying it would read them all.
const settingsReadSize = 4096

// read returns the settings stored as raw, read the first time; the
// caller must not change them (settingsOf copies them to change). Raw
// that cannot be read gives what parseSettings read, and its error.
func (r *settingsRead) read(raw string) (*readSettings, error) {
	r.mu.Lock()
	k, ok := r.byText[raw]
	if ok {
		k.seen = true
	}
	r.mu.Unlock()
	if ok {
		return k.rs, nil
	}
	parse := r.parse
	if parse == nil {
		parse = parseSettings
	}
	set, err := parse(raw)
	rs := &readSettings{set: set}
	if err != nil {
		return rs, err // not kept: read again, and told again, at every look
	}
	rs.end, _ = set.endTime()
	r.mu.Lock()
	if r.byText == nil {
		r.byText = map[string]*keptSettings{}
	}
	if len(r.byText) < settingsReadSize {
		r.byText[raw] = &keptSettings{rs: rs, seen: true}
	}
	r.mu.Unlock()
	return rs, nil
}

// looked ends a look at every scheduled game's settings: the texts not
// read since the last look ended (a game's old settings, a game gone)
// are dropped.
func (r *settingsRead) looked() {
	r.mu.Lock()
	defer r.mu.Unlock()
	maps.DeleteFunc(r.byText, func(_ string, k *keptSettings) bool { return !k.seen })
	for _, k := range r.byText {
		k.seen = false
	}
}

// settingsOf returns the game's settings stored as raw, as parseSettings
// reads them, the caller's to change.
func (j *Judge) settingsOf(raw string) (Settings, error) {
	rs, err := j.read.read(raw)
	set := rs.set
	set.Game = maps.Clone(set.Game)
	return set, err
}
