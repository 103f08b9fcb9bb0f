package mailer

import (
	"context"
	"fmt"
	"slices"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Since returns the messages with UIDs above after, in UID order, at most
// limit of them (0: no limit), each with its full raw bytes (BODY.PEEK[],
// so fetching does not mark them seen). The judge keeps after, with the
// UIDVALIDITY it belongs to, in its database; when UIDVALIDITY changes it
// starts again from 0.
func (in *Inbox) Since(ctx context.Context, after uint32, limit int) ([]Fetched, error) {
	select {
	case <-in.newMail: // whatever arrived so far is found by this search
	default:
	}
	var uids []imap.UID
	err := in.run(ctx, func() error {
		var set imap.UIDSet
		set.AddRange(imap.UID(after+1), 0) // after+1:*
		data, err := in.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
		if err != nil {
			return err
		}
		uids = data.AllUIDs()
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("imap search uids above %d in %q: %w", after, in.mailbox, err)
	}
	// "n:*" always matches the last message, even below n.
	uids = slices.DeleteFunc(uids, func(u imap.UID) bool { return uint32(u) <= after })
	if len(uids) == 0 {
		return nil, nil
	}
	slices.Sort(uids)
	if limit > 0 && len(uids) > limit {
		uids = uids[:limit]
	}
	section := &imap.FetchItemBodySection{Peek: true}
	var bufs []*imapclient.FetchMessageBuffer
	err = in.run(ctx, func() error {
		var err error
		bufs, err = in.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("imap fetch uids %d-%d: %w", uids[0], uids[len(uids)-1], err)
	}
	out := make([]Fetched, 0, len(bufs))
	for _, b := range bufs {
		raw := b.FindBodySection(section)
		if b.UID == 0 || raw == nil {
			in.log.Warn("imap fetch returned no body", "uid", b.UID, "seq", b.SeqNum)
			continue
		}
		out = append(out, Fetched{UID: uint32(b.UID), Raw: raw})
	}
	slices.SortFunc(out, func(a, b Fetched) int { return int(int64(a.UID) - int64(b.UID)) })
	return out, nil
}
