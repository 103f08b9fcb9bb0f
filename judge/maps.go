package judge

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/render"
	"github.com/corriere/corriere/store"
)

// mapCache keeps the last few pictures drawn, so that the results mails
// of one phase, sent one after the other, share a picture.
type mapCache struct {
	mu   sync.Mutex
	keys []string
	pngs map[string][]byte
}

const mapCacheSize = 8

func (c *mapCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.pngs[key]
	return b, ok
}

func (c *mapCache) put(key string, png []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pngs == nil {
		c.pngs = map[string][]byte{}
	}
	if _, ok := c.pngs[key]; ok {
		return
	}
	if len(c.keys) == mapCacheSize {
		delete(c.pngs, c.keys[0])
		c.keys = c.keys[1:]
	}
	c.keys = append(c.keys, key)
	c.pngs[key] = png
}

// resultsMap draws the position after a processed phase, with the phase's
// orders and their outcomes on it.
func (j *Judge) resultsMap(ctx context.Context, gameID int64, phase string) ([]byte, error) {
	key := fmt.Sprintf("%d/%s", gameID, phase)
	var name string
	var rec store.PhaseRecord
	err := j.Store.Read(ctx, func(tx *store.Tx) (err error) {
		name, rec, err = tx.LastPhase(gameID, phase)
		return err
	})
	if err != nil {
		return nil, err
	}
	// A rollback plays a phase again under the same seq: the key must
	// name the record's content, not its place in the history.
	sum := sha256.Sum256([]byte(rec.Result))
	key += fmt.Sprintf("/%d/%d/%x", rec.Seq, rec.ProcessedAt.Unix(), sum[:8])
	if png, ok := j.maps.get(key); ok {
		return png, nil
	}
	var resp diplomacy.Response
	if err := json.Unmarshal([]byte(rec.Result), &resp); err != nil {
		return nil, fmt.Errorf("stored result of %s: %w", phase, err)
	}
	v, err := diplomacy.Variant(resp.Next.Variant)
	if err != nil {
		return nil, err
	}
	pos, err := diplomacy.Decode(v, resp.Next)
	if err != nil {
		return nil, err
	}
	last, err := render.ResponseOrders(v, &resp)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, v, pos, render.Options{Game: name, Date: rec.ProcessedAt, Last: last}); err != nil {
		return nil, err
	}
	j.maps.put(key, buf.Bytes())
	return buf.Bytes(), nil
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
	return j.resultsMap(ctx, id, phase)
}
