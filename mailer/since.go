package mailer

import (
	"context"
	"fmt"
	"slices"

	"github.com/emersion/go-imap/v2"
)

// Since returns the messages with UIDs above after, in UID order, at most
// limit of them (0: no limit), each with its full raw bytes (BODY.PEEK[],
// so fetching does not mark them seen). The judge keeps after, with the
// UIDVALIDITY it belongs to, in its database; when UIDVALIDITY changes it
// starts again from 0.
func (in *Inbox) Since(ctx context.Context, after uint32, limit int) ([]Fetched, error) {
	var set imap.UIDSet
	set.AddRange(imap.UID(after+1), 0) // after+1:*
	uids, err := in.search(ctx, &imap.SearchCriteria{UID: []imap.UIDSet{set}})
	if err != nil {
		return nil, fmt.Errorf("imap search uids above %d in %q: %w", after, in.mailbox, err)
	}
	// "n:*" always matches the last message, even below n.
	uids = slices.DeleteFunc(uids, func(u imap.UID) bool { return uint32(u) <= after })
	return in.fetch(ctx, uids, limit)
}

// MarkSeenThrough sets \Seen on every message with a UID up to last: the
// judge catches up on mail it handled but could not mark before a crash
// or a broken connection.
func (in *Inbox) MarkSeenThrough(ctx context.Context, last uint32) error {
	if last == 0 {
		return nil
	}
	var set imap.UIDSet
	set.AddRange(1, imap.UID(last))
	if err := in.addSeen(ctx, set); err != nil {
		return fmt.Errorf("imap mark seen uids 1:%d: %w", last, err)
	}
	return nil
}
