//go:build integration

package integration

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/corriere/corriere/mailer"
)

// env is where the servers that integration/setup.sh set up are.
type env struct {
	imap, smtp     string // host:port on loopback
	judge          string // the judge's address, also its IMAP login
	judgePassword  string
	playerDomain   string // players are <power>@playerDomain
	playerPassword string // every player mailbox's IMAP password
	logs           string // the servers' log folder, for diagnostics; may be ""
	dovecotConf    string // Dovecot's configuration, for doveadm; may be ""
}

const skipMessage = "integration servers not configured: run .ci/run as root or integration/setup.sh"

// loadEnv reads the CORRIERE_IT_* variables, or skips the test.
func loadEnv(t *testing.T) env {
	t.Helper()
	e := env{
		imap:           os.Getenv("CORRIERE_IT_IMAP"),
		smtp:           os.Getenv("CORRIERE_IT_SMTP"),
		judge:          os.Getenv("CORRIERE_IT_JUDGE"),
		judgePassword:  os.Getenv("CORRIERE_IT_JUDGE_PASSWORD"),
		playerDomain:   os.Getenv("CORRIERE_IT_PLAYER_DOMAIN"),
		playerPassword: os.Getenv("CORRIERE_IT_PLAYER_PASSWORD"),
		logs:           os.Getenv("CORRIERE_IT_LOGS"),
		dovecotConf:    os.Getenv("CORRIERE_IT_DOVECOT_CONF"),
	}
	var missing []string
	for name, v := range map[string]string{
		"CORRIERE_IT_IMAP": e.imap, "CORRIERE_IT_SMTP": e.smtp, "CORRIERE_IT_JUDGE": e.judge,
		"CORRIERE_IT_JUDGE_PASSWORD": e.judgePassword, "CORRIERE_IT_PLAYER_DOMAIN": e.playerDomain,
		"CORRIERE_IT_PLAYER_PASSWORD": e.playerPassword,
	} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		t.Skipf("%s (unset: %s)", skipMessage, strings.Join(missing, ", "))
	}
	return e
}

func (e env) player(power string) string { return power + "@" + e.playerDomain }

// logTails logs the end of the servers' logs, for a failed run.
func (e env) logTails(t *testing.T) {
	if e.logs == "" {
		return
	}
	for _, name := range []string{"postfix.log", "dovecot.log"} {
		b, err := os.ReadFile(filepath.Join(e.logs, name))
		if err != nil {
			continue
		}
		lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		if len(lines) > 40 {
			lines = lines[len(lines)-40:]
		}
		t.Logf("last lines of %s:\n  %s", name, strings.Join(lines, "\n  "))
	}
}

// kick makes Dovecot close every IMAP connection of user (doveadm kick),
// as a server restart or a network failure would. It reports whether a
// connection was closed; without doveadm or its configuration it does
// nothing.
func (e env) kick(t *testing.T, user string) bool {
	t.Helper()
	if e.dovecotConf == "" {
		return false
	}
	out, err := exec.Command("doveadm", "-c", e.dovecotConf, "kick", user).CombinedOutput()
	if err != nil {
		t.Logf("doveadm kick %s: %v: %s", user, err, bytes.TrimSpace(out))
		return false
	}
	return bytes.Contains(out, []byte("kicked connections"))
}

// --- Plain IMAP, for what the judge's Inbox does not do ----------------------

// archiveFolder is where the judge moves the mail it handled
// (mailer.IMAPConfig.Archive).
const archiveFolder = "Corriere/handled"

// imapLogin opens a mailbox's INBOX with go-imap directly.
func imapLogin(ctx context.Context, addr, user, password string) (*imapclient.Client, *imap.SelectData, error) {
	return imapOpen(ctx, addr, user, password, "INBOX")
}

// imapOpen opens one folder of a mailbox ("/" between levels, as the
// judge's configuration writes them), or fails with errNoFolder.
func imapOpen(ctx context.Context, addr, user, password, folder string) (*imapclient.Client, *imap.SelectData, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	c := imapclient.New(conn, nil)
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("greeting: %w", err)
	}
	if err := c.Login(user, password).Wait(); err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("login as %s: %w", user, err)
	}
	name := folder
	if l, err := c.List("", "", nil).Collect(); err == nil && len(l) > 0 && l[0].Delim != 0 {
		name = strings.ReplaceAll(folder, "/", string(l[0].Delim))
	}
	if l, err := c.List("", name, nil).Collect(); err != nil || len(l) == 0 {
		c.Close()
		return nil, nil, fmt.Errorf("%s of %s: %w (%v)", name, user, errNoFolder, err)
	}
	sel, err := c.Select(name, nil).Wait()
	if err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("select %s of %s: %w", name, user, err)
	}
	return c, sel, nil
}

var errNoFolder = errors.New("no such folder")

func imapLogout(c *imapclient.Client) {
	c.Logout().Wait()
	c.Close()
}

// emptyMailbox deletes every message in a mailbox's INBOX: the servers
// outlive a run, and the judge's Message-IDs (corriere-<outbox row>@domain)
// start again at 1 with every new store.
func emptyMailbox(ctx context.Context, addr, user, password string) (int, error) {
	return emptyFolder(ctx, addr, user, password, "INBOX")
}

// emptyFolder deletes every message in a folder; a folder that does not
// exist is empty.
func emptyFolder(ctx context.Context, addr, user, password, folder string) (int, error) {
	c, sel, err := imapOpen(ctx, addr, user, password, folder)
	if errors.Is(err, errNoFolder) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer imapLogout(c)
	if sel.NumMessages == 0 {
		return 0, nil
	}
	var all imap.SeqSet
	all.AddRange(1, 0) // 1:*
	if err := c.Store(all, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
		return 0, fmt.Errorf("flag deleted: %w", err)
	}
	if err := c.Expunge().Close(); err != nil {
		return 0, fmt.Errorf("expunge: %w", err)
	}
	return int(sel.NumMessages), nil
}

// stored is one message as a mailbox holds it.
type stored struct {
	uid   imap.UID
	seen  bool
	raw   []byte
	msg   *mailer.Message
	inRe  string // In-Reply-To, without angle brackets
	msgID string
}

// fetchAll reads every message of a mailbox's INBOX, seen or not, in UID
// order.
func fetchAll(ctx context.Context, addr, user, password string) ([]stored, error) {
	return fetchFolder(ctx, addr, user, password, "INBOX")
}

// fetchFolder reads every message of a folder, seen or not, in UID order.
func fetchFolder(ctx context.Context, addr, user, password, folder string) ([]stored, error) {
	c, sel, err := imapOpen(ctx, addr, user, password, folder)
	if err != nil {
		return nil, err
	}
	defer imapLogout(c)
	if sel.NumMessages == 0 {
		return nil, nil
	}
	var all imap.SeqSet
	all.AddRange(1, 0)
	section := &imap.FetchItemBodySection{Peek: true}
	bufs, err := c.Fetch(all, &imap.FetchOptions{UID: true, Flags: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", user, err)
	}
	var out []stored
	for _, b := range bufs {
		raw := b.FindBodySection(section)
		s, err := newStored(raw)
		if err != nil {
			return nil, fmt.Errorf("%s uid %d: %w", user, b.UID, err)
		}
		s.uid = b.UID
		s.seen = slices.Contains(b.Flags, imap.FlagSeen)
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b stored) int { return int(int64(a.uid) - int64(b.uid)) })
	return out, nil
}

func newStored(raw []byte) (stored, error) {
	m, err := mailer.Parse(raw)
	if err != nil {
		return stored{}, err
	}
	s := stored{raw: raw, msg: m, msgID: m.MessageID}
	if h, err := mail.ReadMessage(bytes.NewReader(raw)); err == nil {
		s.inRe = strings.Trim(strings.TrimSpace(h.Header.Get("In-Reply-To")), "<>")
	}
	return s, nil
}

// --- A player's mailbox, read as it fills ------------------------------------

// mailbox reads a player's Dovecot INBOX through the judge's own IMAP
// client (mailer.Inbox): each poll takes the new (unseen) messages and
// marks them seen, so that what was read piles up in mails.
type mailbox struct {
	owner string
	cfg   mailer.IMAPConfig
	log   *slog.Logger
	in    *mailer.Inbox
	mails []stored
}

func (mb *mailbox) poll(ctx context.Context) error {
	if mb.in == nil {
		in, err := mailer.DialInbox(ctx, mb.cfg, mb.log)
		if err != nil {
			return err
		}
		mb.in = in
	}
	got, err := mb.in.Unseen(ctx, 0)
	if err == nil {
		for _, f := range got {
			s, perr := newStored(f.Raw)
			if perr != nil {
				return fmt.Errorf("%s: unreadable mail uid %d: %w", mb.owner, f.UID, perr)
			}
			s.uid = imap.UID(f.UID)
			mb.mails = append(mb.mails, s)
			if err = mb.in.MarkSeen(ctx, f.UID); err != nil {
				break
			}
		}
	}
	if err != nil {
		mb.in.Close()
		mb.in = nil
		return err
	}
	return nil
}

func (mb *mailbox) close() {
	if mb.in != nil {
		mb.in.Close()
		mb.in = nil
	}
}

// replies lists the mails that answer the mail id.
func (mb *mailbox) replies(id string) []stored {
	var out []stored
	for _, s := range mb.mails {
		if s.inRe == id {
			out = append(out, s)
		}
	}
	return out
}

// withSubject lists the mails with this subject.
func (mb *mailbox) withSubject(subject string) []stored {
	var out []stored
	for _, s := range mb.mails {
		if s.msg.Subject == subject {
			out = append(out, s)
		}
	}
	return out
}

// --- Mail as a player writes it ---------------------------------------------

// playerMail is a mail as a player's mail program writes it: plain UTF-8
// text, no automatic-reply markers (as cmd/corriere/demo.go's playerMail),
// dated date: the judge's clock, which the test moves past deadlines, so
// that a mail is not taken for one written before the phase it orders for
// began.
func playerMail(from, to, subject, id, body string, date time.Time) []byte {
	return []byte("From: " + from + "\r\nTo: " + to + "\r\nSubject: " + subject + "\r\nMessage-ID: <" + id + ">\r\n" +
		"Date: " + date.UTC().Format(time.RFC1123Z) + "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n" +
		"Content-Transfer-Encoding: 8bit\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
}

// pngAttachments returns the decoded image/png parts of a raw mail.
func pngAttachments(raw []byte) (map[string][]byte, error) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	mt, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		return nil, fmt.Errorf("content type: %w", err)
	}
	out := map[string][]byte{}
	if !strings.HasPrefix(mt, "multipart/") {
		return out, nil
	}
	r := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := r.NextRawPart()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		pt, pp, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if pt != "image/png" {
			continue
		}
		name := pp["name"]
		if _, dp, err := mime.ParseMediaType(p.Header.Get("Content-Disposition")); err == nil && dp["filename"] != "" {
			name = dp["filename"]
		}
		var body io.Reader = p
		if strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "base64") {
			body = base64.NewDecoder(base64.StdEncoding, p)
		}
		data, err := io.ReadAll(body)
		if err != nil {
			return nil, fmt.Errorf("part %s: %w", name, err)
		}
		if _, err := png.DecodeConfig(bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("part %s is no PNG: %w", name, err)
		}
		out[name] = data
	}
}

// --- The judge's clock and log ---------------------------------------------

// clock is the judge's clock: the real time plus an offset the test moves
// forward to pass a deadline, so that no phase is ever processed by a
// deadline the test did not decide on.
type clock struct{ offset atomic.Int64 }

func (c *clock) Now() time.Time          { return time.Now().Add(time.Duration(c.offset.Load())) }
func (c *clock) Advance(d time.Duration) { c.offset.Add(int64(d)) }

// onClock is the judge's mailbox with each mail's arrival (which the
// server stamps on the real clock) moved onto the judge's clock, as if
// the servers ran on it too. The test moves the clock only once the mail
// it waits for has been answered, so the offset at reading is the offset
// at arrival.
type onClock struct {
	*mailer.Inbox
	clk *clock
}

func (in onClock) Since(ctx context.Context, after uint32, limit int) ([]mailer.Fetched, error) {
	msgs, err := in.Inbox.Since(ctx, after, limit)
	off := time.Duration(in.clk.offset.Load())
	for i := range msgs {
		msgs[i].Arrived = msgs[i].Arrived.Add(off)
	}
	return msgs, err
}

// logBuffer keeps the judge's log for a failed run.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// count counts the lines with all of the words.
func (l *logBuffer) count(words ...string) int {
	n := 0
	for line := range strings.Lines(l.String()) {
		all := true
		for _, w := range words {
			all = all && strings.Contains(line, w)
		}
		if all {
			n++
		}
	}
	return n
}
