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
	byText map[string]*readSettings
}

// readSettings are settings read once, and the end time they give.
type readSettings struct {
	set Settings
	end time.Time // zero for none, or when End cannot be read
}

// settingsReadSize bounds settingsRead: full, it starts again empty.
const settingsReadSize = 4096

// read returns the settings stored as raw, read the first time; the
// caller must not change them (settingsOf copies them to change).
func (r *settingsRead) read(raw string) (*readSettings, error) {
	r.mu.Lock()
	rs, ok := r.byText[raw]
	r.mu.Unlock()
	if ok {
		return rs, nil
	}
	set, err := parseSettings(raw)
	if err != nil {
		return nil, err // read again, and told again, at every look
	}
	rs = &readSettings{set: set}
	rs.end, _ = set.endTime()
	r.mu.Lock()
	if r.byText == nil || len(r.byText) >= settingsReadSize {
		r.byText = map[string]*readSettings{}
	}
	r.byText[raw] = rs
	r.mu.Unlock()
	return rs, nil
}

// settingsOf returns the game's settings stored as raw, as parseSettings
// reads them, the caller's to change.
func (j *Judge) settingsOf(raw string) (Settings, error) {
	rs, err := j.read.read(raw)
	if err != nil {
		return parseSettings(raw)
	}
	set := rs.set
	set.Game = maps.Clone(set.Game)
	return set, nil
}
