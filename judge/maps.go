package judge

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"
	"sync"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// mapCache keeps the last few pictures drawn, so that the results mails
// of one phase, sent one after the other, share a picture.
type mapCache struct {
	mu   sync.Mutex
	keys []string
	maps map[string]*drawnMap
}

// drawnMap is a picture drawn, and the attachment it makes once a mail
// attaches it: its base64 is written once for every mail that shares it.
type drawnMap struct {
	png  []byte
	once sync.Once
	att  mailer.Attachment
}

// attachment is the picture as the results of phase attach it.
func (d *drawnMap) attachment(phase string) mailer.Attachment {
	d.once.Do(func() {
		d.att = mailer.Encoded(mailer.Attachment{Filename: "map-" + phase + ".png", ContentType: "image/png", Data: d.png})
	})
	return d.att
}

const mapCacheSize = 8

func (c *mapCache) get(key string) (*drawnMap, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.maps[key]
	return d, ok
}

// put keeps d under key, unless a picture is kept there already, and
// returns the picture kept.
func (c *mapCache) put(key string, d *drawnMap) *drawnMap {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.maps == nil {
		c.maps = map[string]*drawnMap{}
	}
	if old, ok := c.maps[key]; ok {
		return old
	}
	if len(c.keys) == mapCacheSize {
		delete(c.maps, c.keys[0])
		c.keys = c.keys[1:]
	}
	c.keys = append(c.keys, key)
	c.maps[key] = d
	return d
}

// resultsMap draws the results of a processed phase (game.Mapper) for
// the reader at address to: the position after it, with the phase's
// orders and their outcomes on it. Nil for a game that draws none.
func (j *Judge) resultsMap(ctx context.Context, gameID int64, phase, to string) ([]byte, error) {
	d, err := j.drawResults(ctx, gameID, phase, to)
	if d == nil {
		return nil, err
	}
	return d.png, err
}

// drawResults is resultsMap's picture, drawn or kept.
func (j *Judge) drawResults(ctx context.Context, gameID int64, phase, to string) (*drawnMap, error) {
	var name string
	var rec store.PhaseRecord
	var rules game.Rules
	var viewer game.Viewer
	err := j.Store.Read(ctx, func(tx *store.Tx) (err error) {
		if name, rec, err = tx.LastPhase(gameID, phase); err != nil {
			return err
		}
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		set, err := j.settingsOf(g.Settings)
		if err != nil {
			return err
		}
		if rules, err = j.rulesOf(g, &set); err != nil {
			return err
		}
		// A game that shows everyone the same draws one picture for all.
		if _, open := rules.(game.Open); !open {
			vw := &view{g: g}
			if vw.seats, err = tx.Seats(g.ID); err != nil {
				return err
			}
			viewer = vw.viewer(to)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	m, ok := rules.(game.Mapper)
	if !ok {
		return nil, nil
	}
	// A rollback plays a phase again under the same seq: the key must
	// name the record's content, not its place in the history.
	sum := sha256.Sum256([]byte(rec.Result))
	key := fmt.Sprintf("%d/%s/%d/%d/%x/%t/%s", gameID, phase, rec.Seq, rec.ProcessedAt.Unix(), sum[:8], viewer.Master, strings.Join(viewer.Seats, ","))
	if d, ok := j.maps.get(key); ok {
		return d, nil
	}
	png, err := m.Map([]byte(rec.Result), viewer, name, rec.ProcessedAt)
	if err != nil || png == nil {
		return nil, err
	}
	return j.maps.put(key, &drawnMap{png: png}), nil
}

// Map returns the picture attached to the results of phase in game name:
// the position after it, with its orders and their outcomes.
func (j *Judge) Map(ctx context.Context, name, phase string) ([]byte, error) {
	var id int64
	err := j.Store.Read(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err == nil {
			id = g.ID
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return j.resultsMap(ctx, id, phase, "")
}
