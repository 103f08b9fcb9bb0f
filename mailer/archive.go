package mailer

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/emersion/go-imap/v2"
)

// Archive moves the messages with these UIDs out of the mailbox into the
// archive folder (IMAPConfig.Archive), creating the folder if it is
// missing, so that the mailbox does not grow for ever. With no archive
// folder configured it does nothing: the mail stays where it is.
//
// It uses MOVE (RFC 6851) where the server offers it, else COPY, then
// \Deleted and EXPUNGE (UID EXPUNGE with UIDPLUS; without it, a plain
// EXPUNGE also removes any other message already flagged \Deleted). The
// judge archives only mail it has committed and marked seen; a move cut
// short leaves the mail in the mailbox, to be moved by the next
// ArchiveThrough.
func (in *Inbox) Archive(ctx context.Context, uids ...uint32) error {
	if in.archive == "" || len(uids) == 0 {
		return nil
	}
	var set imap.UIDSet
	for _, u := range uids {
		if u == 0 {
			return errors.New("imap archive: uid 0 is no message")
		}
		set.AddNum(imap.UID(u))
	}
	return in.move(ctx, set)
}

// ArchiveThrough moves every message with a UID up to last into the
// archive folder: after a crash or a broken connection, the mail the judge
// handled but did not move yet.
func (in *Inbox) ArchiveThrough(ctx context.Context, last uint32) error {
	if in.archive == "" || last == 0 {
		return nil
	}
	var set imap.UIDSet
	set.AddRange(1, imap.UID(last))
	return in.move(ctx, set)
}

// move moves the messages of set into the archive folder.
func (in *Inbox) move(ctx context.Context, want imap.UIDSet) error {
	// Only the messages still there: a MOVE or COPY of none is refused by
	// some servers and answered with an unreadable COPYUID by others
	// (go-imap's own), and after the first move most of 1:last is gone.
	found, err := in.uidSearch(ctx, &imap.SearchCriteria{UID: []imap.UIDSet{want}})
	if err != nil {
		return fmt.Errorf("imap search uids %v to archive: %w", want, err)
	}
	if len(found) == 0 {
		return nil
	}
	set := imap.UIDSetNum(found...)
	folder, err := in.archiveFolder(ctx)
	if err != nil {
		return err
	}
	caps := in.c.Caps()
	if caps.Has(imap.CapMove) || caps.Has(imap.CapIMAP4rev2) {
		err = in.run(ctx, func() error {
			_, err := in.c.Move(set, folder).Wait()
			return err
		})
		if err != nil {
			return fmt.Errorf("imap move uids %v to %q: %w", set, folder, err)
		}
		in.log.Debug("imap archived", "uids", set.String(), "folder", folder)
		return nil
	}
	// The fallback is done step by step: go-imap's own Move sends the
	// three commands at once, so that a COPY refused would still delete
	// the mail.
	err = in.run(ctx, func() error {
		_, err := in.c.Copy(set, folder).Wait()
		return err
	})
	if err != nil {
		return fmt.Errorf("imap copy uids %v to %q: %w", set, folder, err)
	}
	err = in.run(ctx, func() error {
		return in.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close()
	})
	if err != nil {
		return fmt.Errorf("imap flag uids %v deleted after copying them to %q: %w", set, folder, err)
	}
	err = in.run(ctx, func() error {
		if caps.Has(imap.CapUIDPlus) {
			return in.c.UIDExpunge(set).Close()
		}
		return in.c.Expunge().Close()
	})
	if err != nil {
		return fmt.Errorf("imap expunge uids %v after copying them to %q: %w", set, folder, err)
	}
	in.log.Debug("imap archived without MOVE", "uids", set.String(), "folder", folder)
	return nil
}

// archiveFolder returns the archive folder's name as the server writes it,
// creating the folder the first time it is asked for on a connection if
// the server does not have it. The configuration separates levels with
// "/" ("Corriere/handled"); servers that use another separator (Dovecot
// with Maildir++ uses ".") get theirs.
func (in *Inbox) archiveFolder(ctx context.Context) (string, error) {
	if in.archiveName != "" {
		return in.archiveName, nil
	}
	var delim rune
	err := in.run(ctx, func() error {
		// LIST "" "" asks for the hierarchy separator alone (RFC 3501,
		// 6.3.8).
		l, err := in.c.List("", "", nil).Collect()
		if err == nil && len(l) > 0 {
			delim = l[0].Delim
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("imap list the hierarchy separator: %w", err)
	}
	name := in.archive
	if delim != 0 && delim != '/' {
		name = strings.ReplaceAll(name, "/", string(delim))
	}
	var exists bool
	err = in.run(ctx, func() error {
		l, err := in.c.List("", name, nil).Collect()
		exists = len(l) > 0
		return err
	})
	if err != nil {
		return "", fmt.Errorf("imap list %q: %w", name, err)
	}
	if !exists {
		err = in.run(ctx, func() error { return in.c.Create(name, nil).Wait() })
		var imapErr *imap.Error
		if errors.As(err, &imapErr) && imapErr.Code == imap.ResponseCodeAlreadyExists {
			err = nil // made by someone else in between
		}
		if err != nil {
			return "", fmt.Errorf("imap create the archive folder %q: %w", name, err)
		}
		// Subscribed, so that a person looking with a mail program sees
		// it; a server that refuses changes nothing for the judge.
		if err := in.run(ctx, func() error { return in.c.Subscribe(name).Wait() }); err != nil {
			in.log.Warn("imap subscribe to the archive folder", "folder", name, "err", err)
		}
		in.log.Info("imap archive folder created", "folder", name)
	}
	in.archiveName = name
	return name, nil
}
