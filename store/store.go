package store

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strings"
	"time"

	"modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations/*.sql
var migrations embed.FS

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("not found")

// Store is the judge's database.
type Store struct {
	db   *sql.DB // the one writing connection
	read *sql.DB // read-only connections, for Read; db itself for ":memory:"
	// stmts and readStmts are db's and read's prepared queries.
	stmts, readStmts statements
	// unprepared makes transactions prepare each statement again, as the
	// store did before it kept them: for the benchmarks' comparison only.
	unprepared bool
	path       string
	opts       OpenOptions
}

// OpenOptions says how a Store's write transactions wait for another
// process's (the daemon's) to end. SQLite lets one process write at a
// time; readers (Store.Read) never wait for it.
type OpenOptions struct {
	// Wait is how long a write transaction waits for another process's
	// write transaction to end before it fails; 0 is 10 s, negative is as
	// long as its context lasts.
	Wait time.Duration
	// Waiting, when set, is called once in every write transaction that
	// has waited NoticeAfter for another process, so that a shell
	// command can say why it stands still; it is called on the waiting
	// goroutine, and must not use the Store.
	Waiting func()
	// NoticeAfter is how long a write transaction waits before Waiting
	// is called; 0 is 2 s.
	NoticeAfter time.Duration
}

const (
	defaultWait   = 10 * time.Second
	defaultNotice = 2 * time.Second
	// busyStep is how long SQLite itself waits for the write lock before
	// Tx looks at the clock, its context and the notice again.
	busyStep = 250 * time.Millisecond
)

// Open opens (creating if needed) the database at path and brings its
// schema up to date, with the default OpenOptions. path ":memory:" gives a
// private in-memory database. A new database and its directory are made
// owner-only (0600, 0700); one this process cannot write is refused at
// once, naming its owner.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, OpenOptions{})
}

// OpenWith is Open with opts.
func OpenWith(ctx context.Context, path string, opts OpenOptions) (*Store, error) {
	if path != ":memory:" {
		if err := prepare(path); err != nil {
			return nil, err
		}
	}
	q := url.Values{}
	// SQLite's own busy wait is short: Tx waits in steps, so that it can
	// tell the user why it waits and give up on its context.
	// synchronous=NORMAL under WAL: a commit has written its transaction
	// to the WAL file before it returns, so a process that dies (killed,
	// panicking: cmd/corriere's crash tests) loses nothing committed; only
	// the fsync waits for the next checkpoint. A power cut or a kernel
	// crash may take back the last transactions before it, never leaving
	// the database inconsistent. FULL (an fsync at every commit) cost
	// about 0.4 ms a transaction here.
	for _, p := range []string{"journal_mode(WAL)", "synchronous(NORMAL)", fmt.Sprintf("busy_timeout(%d)", busyStep.Milliseconds()), "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// One connection: the judge is the only writer of its database, and one
	// connection keeps SQLite's locking out of the way of its transactions.
	db.SetMaxOpenConns(1)
	s := &Store{db: db, read: db, path: path, opts: opts}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if path != ":memory:" {
		// Readers have connections of their own: in WAL mode they read the
		// last committed state while a writer (this process's or another's)
		// holds the write lock, without waiting for it. query_only makes
		// any write through them fail.
		q := url.Values{}
		for _, p := range []string{"busy_timeout(10000)", "foreign_keys(1)", "query_only(1)"} {
			q.Add("_pragma", p)
		}
		q.Set("_txlock", "deferred")
		if s.read, err = sql.Open("sqlite", "file:"+path+"?"+q.Encode()); err != nil {
			db.Close()
			return nil, fmt.Errorf("open database %s: %w", path, err)
		}
		s.read.SetMaxOpenConns(4)
		// Idle connections are kept, with the statements prepared on them.
		s.read.SetMaxIdleConns(4)
	}
	if err := s.prepare(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	return s, nil
}

// prepare prepares every query on the writing connection, and those that
// only read on the read-only ones. It is done here, once, because db has
// one connection: a statement prepared on db during a transaction would
// wait for that transaction's connection for ever.
func (s *Store) prepare(ctx context.Context) error {
	var err error
	if s.stmts, err = prepareAll(ctx, s.db, func(string) bool { return true }); err != nil {
		return err
	}
	if s.read == s.db {
		s.readStmts = s.stmts
		return nil
	}
	s.readStmts, err = prepareAll(ctx, s.read, readOnly)
	return err
}

// Close closes the database.
func (s *Store) Close() error {
	err := s.stmts.close()
	if s.read != s.db {
		if rerr := s.readStmts.close(); err == nil {
			err = rerr
		}
	}
	if derr := s.db.Close(); err == nil {
		err = derr
	}
	if s.read != s.db {
		if rerr := s.read.Close(); err == nil {
			err = rerr
		}
	}
	return err
}

func (s *Store) migrate(ctx context.Context) error {
	var version int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for i, name := range names {
		if i < version {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		err = s.Tx(ctx, func(tx *Tx) error {
			if _, err := tx.tx.ExecContext(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", i+1))
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
}

// Tx is one transaction.
type Tx struct {
	ctx context.Context
	tx  *sql.Tx
	// prepared are the database's prepared queries, nil for none; bound
	// are those of them bound to tx so far.
	prepared, bound statements
}

// Tx runs f in one transaction, committed when f returns nil and rolled
// back otherwise. It holds the database's write lock from its start: while
// another process writes, it waits as OpenOptions say, and fails with
// ErrBusy when that wait runs out.
func (s *Store) Tx(ctx context.Context, f func(*Tx) error) error {
	tx, err := s.begin(ctx)
	if err != nil {
		return err
	}
	if err := f(s.newTx(ctx, tx, s.stmts)); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Read runs f in one read-only transaction, which sees the database as
// last committed and never waits for a writer, of this process or
// another. Anything f tries to write fails. It is for whatever only reads
// (a game's status, listings); f must not call s.Tx.
func (s *Store) Read(ctx context.Context, f func(*Tx) error) error {
	tx, err := s.read.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin read: %w", err)
	}
	defer tx.Rollback()
	return f(s.newTx(ctx, tx, s.readStmts))
}

func (s *Store) newTx(ctx context.Context, tx *sql.Tx, prepared statements) *Tx {
	if s.unprepared {
		prepared = nil
	}
	return &Tx{ctx: ctx, tx: tx, prepared: prepared}
}

// ErrBusy is returned (wrapped) by Tx when another process held the
// database's write lock for longer than OpenOptions.Wait.
var ErrBusy = errors.New("the database is busy")

// begin starts a write transaction, waiting in steps of busyStep while
// another process holds the write lock.
func (s *Store) begin(ctx context.Context) (*sql.Tx, error) {
	wait, notice := s.opts.Wait, s.opts.NoticeAfter
	if wait == 0 {
		wait = defaultWait
	}
	if notice <= 0 {
		notice = defaultNotice
	}
	start, told := time.Now(), false
	for {
		tx, err := s.db.BeginTx(ctx, nil)
		if err == nil {
			return tx, nil
		}
		if !isBusy(err) {
			return nil, fmt.Errorf("begin transaction: %w", err)
		}
		waited := time.Since(start)
		if wait > 0 && waited >= wait {
			return nil, fmt.Errorf("begin transaction: %w: another process (the judge's daemon?) has been writing %s for %s", ErrBusy, s.path, waited.Round(time.Second))
		}
		if cerr := ctx.Err(); cerr != nil {
			return nil, fmt.Errorf("begin transaction: waiting for another process writing %s: %w", s.path, cerr)
		}
		if !told && waited >= notice && s.opts.Waiting != nil {
			told = true
			s.opts.Waiting()
		}
	}
}

// isBusy reports whether err is SQLite's SQLITE_BUSY (or a variant).
func isBusy(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_BUSY
}

func scanString(r scanner) (string, error) {
	var v string
	err := r.Scan(&v)
	return v, err
}

// nullID is id for a column where 0 is stored as NULL (no game).
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func unix(tm time.Time) int64 {
	if tm.IsZero() {
		return 0
	}
	return tm.Unix()
}

func fromUnix(s int64) time.Time {
	if s == 0 {
		return time.Time{}
	}
	return time.Unix(s, 0).UTC()
}

// Game is a game's row.
type Game struct {
	ID   int64
	Name string
	// Kind is the game's kind (a registered game.Kind's Name):
	// "diplomacy" for every game made before there were others.
	Kind       string
	Variant    string
	Rules      string
	Settings   string // JSON, the judge's game settings
	State      string // forming, active, paused, finished
	Phase      string
	Position   string // game.Position JSON of the current phase
	Deadline   time.Time
	Reminded   bool
	MasterHash string
	// MasterAddress, when set, is the only address the master may sign
	// on from.
	MasterAddress string
	CreatedAt     time.Time
	// PhaseBegan is when the current phase began: the game's start, the
	// processing of the phase before, or a rollback to it.
	PhaseBegan time.Time
	// BeganMark is the last mail the daemon had fetched then.
	BeganMark MailMark
	// Seed is the game's secret seed for its dice (package game/dice,
	// written as hex): every roll of the game comes from it and the
	// phase's name, so that a phase processed again rolls the same. ""
	// until the judge first needs one.
	Seed string
}

// MailMark is a mail's place in the judge's mailbox: its UID under the
// mailbox's UIDVALIDITY. The mail server numbers mail in the order it
// arrives, so a mark orders mail by arrival more finely than its arrival
// time, which is to the second. The zero mark is no mail.
type MailMark struct {
	Validity, UID uint32
}

// Covers reports whether the mail at o had been fetched when m was the
// last mail fetched: both are marks of the same mailbox and o's UID is no
// higher.
func (m MailMark) Covers(o MailMark) bool {
	return m.UID != 0 && o.UID != 0 && m.Validity == o.Validity && o.UID <= m.UID
}

// Game states.
const (
	Forming  = "forming"
	Active   = "active"
	Paused   = "paused"
	Finished = "finished"
)

var qCreateGame = declare(`INSERT INTO games (name, kind, variant, rules, settings, state, phase, position, deadline, reminded, master_hash, master_address, created_at, phase_began, began_validity, began_uid, seed)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)

// CreateGame inserts g and sets its ID. A game name is unique regardless
// of case.
func (t *Tx) CreateGame(g *Game) error {
	res, err := t.exec(qCreateGame,
		g.Name, g.Kind, g.Variant, g.Rules, g.Settings, g.State, g.Phase, g.Position, unix(g.Deadline), g.Reminded, g.MasterHash, g.MasterAddress, unix(g.CreatedAt), unix(g.PhaseBegan), g.BeganMark.Validity, g.BeganMark.UID, g.Seed)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return fmt.Errorf("create game %s: a game of that name exists", g.Name)
		}
		return fmt.Errorf("create game %s: %w", g.Name, err)
	}
	g.ID, err = res.LastInsertId()
	return err
}

var qUpdateGame = declare(`UPDATE games SET variant = ?, rules = ?, settings = ?, state = ?, phase = ?, position = ?, deadline = ?, reminded = ?, master_hash = ?, master_address = ?, phase_began = ?, began_validity = ?, began_uid = ?, seed = ? WHERE id = ?`)

// UpdateGame writes every field of g.
func (t *Tx) UpdateGame(g *Game) error {
	_, err := t.exec(qUpdateGame,
		g.Variant, g.Rules, g.Settings, g.State, g.Phase, g.Position, unix(g.Deadline), g.Reminded, g.MasterHash, g.MasterAddress, unix(g.PhaseBegan), g.BeganMark.Validity, g.BeganMark.UID, g.Seed, g.ID)
	if err != nil {
		return fmt.Errorf("update game %s: %w", g.Name, err)
	}
	return nil
}

const gameColumns = `id, name, kind, variant, rules, settings, state, phase, position, deadline, reminded, master_hash, master_address, created_at, phase_began, began_validity, began_uid, seed`

func scanGame(row scanner) (*Game, error) {
	var g Game
	var deadline, created, began int64
	if err := row.Scan(&g.ID, &g.Name, &g.Kind, &g.Variant, &g.Rules, &g.Settings, &g.State, &g.Phase, &g.Position, &deadline, &g.Reminded, &g.MasterHash, &g.MasterAddress, &created, &began, &g.BeganMark.Validity, &g.BeganMark.UID, &g.Seed); err != nil {
		return nil, err
	}
	g.Deadline, g.CreatedAt, g.PhaseBegan = fromUnix(deadline), fromUnix(created), fromUnix(began)
	return &g, nil
}

var qGame = declare(`SELECT ` + gameColumns + ` FROM games WHERE name = ?`)

// Game returns the game called name (any case), or ErrNotFound.
func (t *Tx) Game(name string) (*Game, error) {
	g, err := scanGame(t.queryRow(qGame, name))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("game %s: %w", name, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", name, err)
	}
	return g, nil
}

var (
	qGames = declare(`SELECT ` + gameColumns + ` FROM games ORDER BY name`)
	// The states come as one JSON array, so that one statement takes any
	// number of them.
	qGamesIn = declare(`SELECT ` + gameColumns + ` FROM games WHERE state IN (SELECT value FROM json_each(?)) ORDER BY name`)
)

// Games lists games, all of them or those in the given states, by name.
func (t *Tx) Games(states ...string) ([]*Game, error) {
	if len(states) == 0 {
		return queryAll(t, "list games", scanGame, qGames)
	}
	in, err := json.Marshal(states)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	return queryAll(t, "list games", scanGame, qGamesIn, string(in))
}

// Seat is a power's place in a game.
type Seat struct {
	GameID       int64
	Power        string
	Address      string
	PasswordHash string
	NoWait       bool
	Draw         bool
	Concede      string // the power this one concedes the game to, or ""
	DrawWith     string // with Draw: the draw's powers (ids, commas), "" for all survivors
	// Language is what the player reads mail in ("", "english", "italian"); fixed
	// by the player with LanguageFixed, else learnt from their mail.
	Language      string
	LanguageFixed bool
}

var qPutSeat = declare(`INSERT INTO seats (game_id, power, address, password_hash, nowait, draw, concede, draw_with, language, language_fixed)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, power) DO UPDATE SET address = excluded.address, password_hash = excluded.password_hash,
			nowait = excluded.nowait, draw = excluded.draw, concede = excluded.concede, draw_with = excluded.draw_with,
			language = excluded.language, language_fixed = excluded.language_fixed`)

// PutSeat inserts or replaces a seat.
func (t *Tx) PutSeat(s Seat) error {
	_, err := t.exec(qPutSeat,
		s.GameID, s.Power, s.Address, s.PasswordHash, s.NoWait, s.Draw, s.Concede, s.DrawWith, s.Language, s.LanguageFixed)
	if err != nil {
		return fmt.Errorf("seat %s: %w", s.Power, err)
	}
	return nil
}

var (
	qSeats       = declare(`SELECT game_id, power, address, password_hash, nowait, draw, concede, draw_with, language, language_fixed FROM seats WHERE game_id = ? ORDER BY power`)
	qObservers   = declare(`SELECT address FROM observers WHERE game_id = ? ORDER BY address`)
	qAddObserver = declare(`INSERT OR IGNORE INTO observers (game_id, address) VALUES (?, ?)`)
)

// Seats lists a game's seats by power.
func (t *Tx) Seats(gameID int64) ([]Seat, error) {
	return queryAll(t, "seats", func(r scanner) (s Seat, err error) {
		err = r.Scan(&s.GameID, &s.Power, &s.Address, &s.PasswordHash, &s.NoWait, &s.Draw, &s.Concede, &s.DrawWith, &s.Language, &s.LanguageFixed)
		return s, err
	}, qSeats, gameID)
}

// Observers lists the addresses watching a game.
func (t *Tx) Observers(gameID int64) ([]string, error) {
	return queryAll(t, "observers", scanString, qObservers, gameID)
}

// AddObserver adds an address to a game's observers.
func (t *Tx) AddObserver(gameID int64, address string) error {
	_, err := t.exec(qAddObserver, gameID, address)
	return err
}

// Order is a standing order of the current phase.
type Order struct {
	GameID    int64
	Phase     string
	Power     string
	Key       string // what the order is for: the unit's province, or a build's
	Text      string // as written
	Canonical string
	MessageID string
	Seq       int64
	At        time.Time
	// Since is when an order for Key first stood this phase: a
	// replacement keeps the time of the order it replaces.
	Since time.Time
	// ByMaster marks an order the game master entered for the power.
	ByMaster bool
}

var qPutOrder = declare(`INSERT INTO orders (game_id, phase, power, key, text, canonical, message_id, seq, at, since, by_master)
		VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM orders WHERE game_id = ? AND phase = ?), ?, ?, ?)
		ON CONFLICT (game_id, phase, power, key) DO UPDATE SET text = excluded.text, canonical = excluded.canonical,
			message_id = excluded.message_id, seq = excluded.seq, at = excluded.at, by_master = excluded.by_master`)

// PutOrder stores o, replacing the power's earlier order with the same key;
// the order moves to the end of the power's list. o.Since is ignored: it
// is o.At, or the replaced order's Since.
func (t *Tx) PutOrder(o Order) error {
	_, err := t.exec(qPutOrder,
		o.GameID, o.Phase, o.Power, o.Key, o.Text, o.Canonical, o.MessageID, o.GameID, o.Phase, unix(o.At), unix(o.At), o.ByMaster)
	if err != nil {
		return fmt.Errorf("store order %q: %w", o.Text, err)
	}
	return nil
}

// Orders lists the standing orders of a game's phase, by power and then in
// the order given.
func (t *Tx) Orders(gameID int64, phase string) ([]Order, error) {
	return queryAll(t, "orders", func(r scanner) (o Order, err error) {
		var at, since int64
		err = r.Scan(&o.GameID, &o.Phase, &o.Power, &o.Key, &o.Text, &o.Canonical, &o.MessageID, &o.Seq, &at, &since, &o.ByMaster)
		o.At, o.Since = fromUnix(at), fromUnix(since)
		return o, err
	}, qOrders, gameID, phase)
}

var (
	qOrders = declare(`SELECT game_id, phase, power, key, text, canonical, message_id, seq, at, since, by_master FROM orders
		WHERE game_id = ? AND phase = ? ORDER BY power, seq`)
	qClearOrders      = declare(`DELETE FROM orders WHERE game_id = ? AND phase = ?`)
	qClearPowerOrders = declare(`DELETE FROM orders WHERE game_id = ? AND phase = ? AND power = ?`)
)

// ClearOrders drops the standing orders of a phase: one power's, or all
// when power is "".
func (t *Tx) ClearOrders(gameID int64, phase, power string) error {
	var err error
	if power == "" {
		_, err = t.exec(qClearOrders, gameID, phase)
	} else {
		_, err = t.exec(qClearPowerOrders, gameID, phase, power)
	}
	return err
}

// Submission records one mailed order set.
type Submission struct {
	GameID    int64
	Phase     string
	Power     string
	Address   string
	MessageID string
	At        time.Time // when the mail arrived
	Written   time.Time // the mail's Date; zero when it had none
	ByMaster  bool      // entered by the game master for the power
	Raw       string    // the order lines as mailed
	Parsed    string    // what the judge understood, line by line
}

var (
	qAddSubmission = declare(`INSERT INTO submissions (game_id, phase, power, address, message_id, at, written, by_master, raw, parsed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	// Each maximum its own subquery, so that each is one step down an
	// index (migration 021), not a pass over the seat's submissions.
	qLastSubmitted = declare(`SELECT
		COALESCE((SELECT MAX(at) FROM submissions WHERE game_id = ?1 AND phase = ?2 AND power = ?3 AND by_master = 0), 0),
		COALESCE((SELECT MAX(written) FROM submissions WHERE game_id = ?1 AND phase = ?2 AND power = ?3 AND by_master = 0), 0)`)
)

// AddSubmission records s.
func (t *Tx) AddSubmission(s Submission) error {
	_, err := t.exec(qAddSubmission,
		s.GameID, s.Phase, s.Power, s.Address, s.MessageID, unix(s.At), unix(s.Written), s.ByMaster, s.Raw, s.Parsed)
	return err
}

// LastSubmitted returns the latest arrival and the latest Date among the
// power's own order mails for a phase (not the game master's), zero when
// it sent none.
func (t *Tx) LastSubmitted(gameID int64, phase, power string) (at, written time.Time, err error) {
	var a, w int64
	err = t.queryRow(qLastSubmitted, gameID, phase, power).Scan(&a, &w)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("last submission of %s: %w", power, err)
	}
	return fromUnix(a), fromUnix(w), nil
}

// Ahead is an order mail's text sent ahead for a later phase of a game,
// read when that phase begins.
type Ahead struct {
	ID        int64
	GameID    int64
	Phase     string
	Power     string // the signed-on power; a player of several plays its side
	Address   string
	MessageID string
	At        time.Time
	Text      string
}

var (
	qAddAhead      = declare(`INSERT INTO ahead (game_id, phase, power, address, message_id, at, text) VALUES (?, ?, ?, ?, ?, ?, ?)`)
	qAhead         = declare(`SELECT id, game_id, phase, power, address, message_id, at, text FROM ahead WHERE game_id = ? ORDER BY id`)
	qDeleteAheadOf = declare(`DELETE FROM ahead WHERE game_id = ? AND power = ?`)
	qDeleteAhead   = declare(`DELETE FROM ahead WHERE id = ?`)
)

// AddAhead stores orders sent ahead for a later phase.
func (t *Tx) AddAhead(a Ahead) error {
	_, err := t.exec(qAddAhead,
		a.GameID, a.Phase, a.Power, a.Address, a.MessageID, unix(a.At), a.Text)
	if err != nil {
		return fmt.Errorf("store orders for %s: %w", a.Phase, err)
	}
	return nil
}

// Ahead lists, oldest first, the orders sent ahead for a game's later
// phases.
func (t *Tx) Ahead(gameID int64) ([]Ahead, error) {
	return queryAll(t, "ahead", func(r scanner) (a Ahead, err error) {
		var at int64
		err = r.Scan(&a.ID, &a.GameID, &a.Phase, &a.Power, &a.Address, &a.MessageID, &at, &a.Text)
		a.At = fromUnix(at)
		return a, err
	}, qAhead, gameID)
}

// DeleteAheadOf drops the orders sent ahead for a power of a game (its
// seat changes hands).
func (t *Tx) DeleteAheadOf(gameID int64, power string) error {
	_, err := t.exec(qDeleteAheadOf, gameID, power)
	return err
}

// DeleteAhead drops orders sent ahead, once read or no longer of use.
func (t *Tx) DeleteAhead(id int64) error {
	_, err := t.exec(qDeleteAhead, id)
	return err
}

// PhaseRecord is a processed phase.
type PhaseRecord struct {
	GameID      int64
	Seq         int64
	Phase       string
	Position    string // before processing, game.Position JSON
	Orders      string // JSON: power -> order texts
	Result      string // game.Response JSON
	Late        string // JSON list of powers whose orders were missing or late
	ProcessedAt time.Time
}

var (
	qAddPhase = declare(`INSERT INTO phases (game_id, seq, phase, position, orders, result, late, processed_at)
		VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM phases WHERE game_id = ?), ?, ?, ?, ?, ?, ?)`)
	qDeletePhasesFrom = declare(`DELETE FROM phases WHERE game_id = ? AND seq >= ?`)
	qPhases           = declare(`SELECT game_id, seq, phase, position, orders, result, late, processed_at FROM phases WHERE game_id = ? ORDER BY seq`)
	qLastPhase        = declare(`SELECT g.name, p.game_id, p.seq, p.phase, p.position, p.orders, p.result, p.late, p.processed_at
		FROM phases p JOIN games g ON g.id = p.game_id WHERE p.game_id = ? AND p.phase = ? ORDER BY p.seq DESC LIMIT 1`)
)

// AddPhase appends a processed phase to the game's history.
func (t *Tx) AddPhase(p PhaseRecord) error {
	_, err := t.exec(qAddPhase,
		p.GameID, p.GameID, p.Phase, p.Position, p.Orders, p.Result, p.Late, unix(p.ProcessedAt))
	if err != nil {
		return fmt.Errorf("record phase %s: %w", p.Phase, err)
	}
	return nil
}

// DeletePhasesFrom drops a game's processed phases from seq on (a rollback).
func (t *Tx) DeletePhasesFrom(gameID, seq int64) error {
	_, err := t.exec(qDeletePhasesFrom, gameID, seq)
	return err
}

// Phases lists a game's processed phases, oldest first.
func (t *Tx) Phases(gameID int64) ([]PhaseRecord, error) {
	return queryAll(t, "phases", func(r scanner) (p PhaseRecord, err error) {
		var at int64
		err = r.Scan(&p.GameID, &p.Seq, &p.Phase, &p.Position, &p.Orders, &p.Result, &p.Late, &at)
		p.ProcessedAt = fromUnix(at)
		return p, err
	}, qPhases, gameID)
}

// LastPhase returns the game's name and its latest processed record of
// phase (a phase played again after a rollback has several), or
// ErrNotFound.
func (t *Tx) LastPhase(gameID int64, phase string) (string, PhaseRecord, error) {
	var p PhaseRecord
	var name string
	var at int64
	err := t.queryRow(qLastPhase, gameID, phase).
		Scan(&name, &p.GameID, &p.Seq, &p.Phase, &p.Position, &p.Orders, &p.Result, &p.Late, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return "", p, fmt.Errorf("phase %s of game %d: %w", phase, gameID, ErrNotFound)
	}
	p.ProcessedAt = fromUnix(at)
	return name, p, err
}

var (
	qCursor    = declare(`SELECT uidvalidity, last_uid FROM mailboxes WHERE name = ?`)
	qSetCursor = declare(`INSERT INTO mailboxes (name, uidvalidity, last_uid) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid`)
)

// Cursor returns where reading the mailbox stopped: its UIDVALIDITY then
// and the last UID handled (zeros before the first mail).
func (t *Tx) Cursor(mailbox string) (validity, last uint32, err error) {
	err = t.queryRow(qCursor, mailbox).Scan(&validity, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, nil
	}
	return validity, last, err
}

// SetCursor records that the mailbox was read up to UID last.
func (t *Tx) SetCursor(mailbox string, validity, last uint32) error {
	_, err := t.exec(qSetCursor, mailbox, validity, last)
	return err
}

// Message is an inbound message as stored.
type Message struct {
	MessageID  string
	Sender     string
	Subject    string
	ReceivedAt time.Time
	Raw        []byte
	Status     string // handled, automatic, oversized, repeat
	// BodyHash identifies what the mail says, for RepeatedBody.
	BodyHash string
}

var (
	qAddMessage = declare(`INSERT INTO messages (message_id, sender, subject, received_at, raw, status, body_hash) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (message_id, sender) DO NOTHING`)
	qHasMessage = declare(`SELECT COUNT(*) FROM messages WHERE message_id = ?`)
)

// AddMessage stores an inbound message. It returns false, and stores
// nothing, when a message with the same Message-ID from the same sender
// (any case) was stored before: the same Message-ID from another sender is
// another mail, stored and handled.
func (t *Tx) AddMessage(m Message) (bool, error) {
	res, err := t.exec(qAddMessage, m.MessageID, m.Sender, m.Subject, unix(m.ReceivedAt), m.Raw, m.Status, m.BodyHash)
	if err != nil {
		return false, fmt.Errorf("store message %s: %w", m.MessageID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// HasMessage reports whether a message with this Message-ID was stored,
// from any sender.
func (t *Tx) HasMessage(messageID string) (bool, error) {
	var n int
	err := t.queryRow(qHasMessage, messageID).Scan(&n)
	return n > 0, err
}

// Mail is an outbox row.
type Mail struct {
	ID            int64
	CreatedAt     time.Time
	Recipient     string
	Subject       string
	Body          string
	InReplyTo     string
	GameID        int64 // 0 when the mail is about no game
	Phase         string
	Kind          string // reply, results, reminder, press
	Attempts      int
	NextAttemptAt time.Time
	SentAt        time.Time
	FailedAt      time.Time
	LastError     string
	// SentAs is the Message-ID the row went out under (MarkSentAll).
	SentAs string
}

var qQueue = declare(`INSERT INTO outbox (created_at, recipient, subject, body, in_reply_to, game_id, phase, kind, next_attempt_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)

// Queue adds a mail to the outbox, due at once.
func (t *Tx) Queue(m Mail) (int64, error) {
	res, err := t.exec(qQueue, unix(m.CreatedAt), m.Recipient, m.Subject, m.Body, m.InReplyTo, nullID(m.GameID), m.Phase, m.Kind, unix(m.CreatedAt))
	if err != nil {
		return 0, fmt.Errorf("queue mail to %s: %w", m.Recipient, err)
	}
	return res.LastInsertId()
}

const mailColumns = `id, created_at, recipient, subject, body, in_reply_to, COALESCE(game_id, 0), phase, kind, attempts, next_attempt_at, COALESCE(sent_at, 0), COALESCE(failed_at, 0), last_error, sent_as`

func scanMail(row scanner) (Mail, error) {
	var m Mail
	var created, next, sent, failed int64
	err := row.Scan(&m.ID, &created, &m.Recipient, &m.Subject, &m.Body, &m.InReplyTo, &m.GameID, &m.Phase, &m.Kind, &m.Attempts, &next, &sent, &failed, &m.LastError, &m.SentAs)
	m.CreatedAt, m.NextAttemptAt, m.SentAt, m.FailedAt = fromUnix(created), fromUnix(next), fromUnix(sent), fromUnix(failed)
	return m, err
}

var (
	qDueMail = declare(`SELECT ` + mailColumns + ` FROM outbox
		WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?`)
	qOutbox      = declare(`SELECT ` + mailColumns + ` FROM outbox ORDER BY id`)
	qMarkSent    = declare(`UPDATE outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?`)
	qMarkFailed  = declare(`UPDATE outbox SET failed_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?`)
	qMarkAttempt = declare(`UPDATE outbox SET next_attempt_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?`)
)

// DueMail lists up to limit unsent mails whose next attempt is due.
func (s *Store) DueMail(ctx context.Context, now time.Time, limit int) ([]Mail, error) {
	var due []Mail
	err := s.Read(ctx, func(tx *Tx) (err error) {
		due, err = queryAll(tx, "due mail", scanMail, qDueMail, unix(now), limit)
		return err
	})
	return due, err
}

// Outbox lists every outbox row, oldest first (for the operator and tests).
func (t *Tx) Outbox() ([]Mail, error) {
	return queryAll(t, "outbox", scanMail, qOutbox)
}

// MarkSent records that mail id went out.
func (s *Store) MarkSent(ctx context.Context, id int64, at time.Time) error {
	return s.Tx(ctx, func(tx *Tx) error {
		_, err := tx.exec(qMarkSent, unix(at), id)
		return err
	})
}

// MarkAttempt records a failed attempt: retry at retryAt, or give up
// (permanent) and keep the reason.
func (s *Store) MarkAttempt(ctx context.Context, id int64, at, retryAt time.Time, permanent bool, reason string) error {
	return s.Tx(ctx, func(tx *Tx) error {
		var err error
		if permanent {
			_, err = tx.exec(qMarkFailed, unix(at), reason, id)
		} else {
			_, err = tx.exec(qMarkAttempt, unix(retryAt), reason, id)
		}
		return err
	})
}

var qAudit = declare(`INSERT INTO audit (at, game_id, actor, action, detail) VALUES (?, ?, ?, ?, ?)`)

// Audit records a change.
func (t *Tx) Audit(at time.Time, gameID int64, actor, action, detail string) error {
	_, err := t.exec(qAudit, unix(at), nullID(gameID), actor, action, detail)
	if err != nil {
		return fmt.Errorf("audit %s: %w", action, err)
	}
	return nil
}

// AuditEntry is one audit row.
type AuditEntry struct {
	At                    time.Time
	GameID                int64
	Actor, Action, Detail string
}

var (
	qAuditLog     = declare(`SELECT at, COALESCE(game_id, 0), actor, action, detail FROM audit ORDER BY id`)
	qGameAuditLog = declare(`SELECT at, COALESCE(game_id, 0), actor, action, detail FROM audit WHERE game_id = ? ORDER BY id`)
)

// AuditLog lists a game's audit entries, oldest first (gameID 0: all).
func (t *Tx) AuditLog(gameID int64) ([]AuditEntry, error) {
	q, args := qAuditLog, []any{}
	if gameID != 0 {
		q, args = qGameAuditLog, []any{gameID}
	}
	return queryAll(t, "audit log", func(r scanner) (e AuditEntry, err error) {
		var at int64
		err = r.Scan(&at, &e.GameID, &e.Actor, &e.Action, &e.Detail)
		e.At = fromUnix(at)
		return e, err
	}, q, args...)
}
