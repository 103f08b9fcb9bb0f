package judge

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Passwords are stored as PBKDF2-SHA256 with a random salt. The iteration
// count is modest on purpose: every order mail is checked, and a judge
// must take hundreds a second; a seat's password guards a game, not a bank.
const pbkdf2Iterations = 4096

// HashPassword returns the stored form of password.
func HashPassword(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key, err := pbkdf2.Key(sha256.New, password, salt, pbkdf2Iterations, 32)
	if err != nil {
		return "", err
	}
	enc := base64.RawStdEncoding
	return fmt.Sprintf("pbkdf2-sha256$%d$%s$%s", pbkdf2Iterations, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches the stored hash.
func CheckPassword(hash, password string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 4 || parts[0] != "pbkdf2-sha256" {
		return false
	}
	iter, err := strconv.Atoi(parts[1])
	if err != nil || iter < 1 || iter > 1<<22 {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[2])
	want, err2 := enc.DecodeString(parts[3])
	if err1 != nil || err2 != nil {
		return false
	}
	got, err := pbkdf2.Key(sha256.New, password, salt, iter, len(want))
	return err == nil && subtle.ConstantTimeCompare(got, want) == 1
}

// MinPasswordLength is the shortest password a player or master may choose.
const MinPasswordLength = 8

// obviousPasswords are the first guesses of anyone trying a seat: the
// classics, and the game's own words.
var obviousPasswords = []string{
	"password", "password1", "passw0rd", "12345678", "123456789", "1234567890", "87654321",
	"qwertyuiop", "qwerty123", "abcd1234", "abc12345", "1q2w3e4r", "letmein1", "iloveyou",
	"diplomacy", "diplomacy1", "corriere", "corriere1",
}

// checkPassword says what is wrong with a password someone chose, or nil:
// at least MinPasswordLength characters, one word, not of one kind of
// character only (all letters, all digits...), not an obvious one, and not
// one of the words given (the game's name, the power, the address).
// Generated passwords need no check.
func checkPassword(password string, words ...string) error {
	if strings.ContainsAny(password, " \t\r\n") {
		return badRequest("expected one word without spaces")
	}
	if n := utf8.RuneCountInString(password); n < MinPasswordLength {
		return badRequest("%d characters is too short: expected at least %d, mixing letters with digits or signs", n, MinPasswordLength)
	}
	kinds := map[string]bool{}
	for _, r := range password {
		switch {
		case unicode.IsLower(r):
			kinds["lower"] = true
		case unicode.IsUpper(r):
			kinds["upper"] = true
		case unicode.IsDigit(r):
			kinds["digit"] = true
		default:
			kinds["sign"] = true
		}
	}
	if len(kinds) < 2 {
		return badRequest("one kind of character only: expected letters mixed with digits, signs or capitals")
	}
	lower := strings.ToLower(password)
	if slices.Contains(obviousPasswords, lower) {
		return badRequest("too easily guessed: expected a password that is not a common one")
	}
	for _, w := range words {
		if w = strings.ToLower(w); len(w) >= 3 && strings.Contains(lower, w) {
			return badRequest("contains %q, which anyone could guess: expected a password of its own", w)
		}
	}
	return nil
}

// Access is who may do what on a judge, from the operator's configuration.
type Access struct {
	// Operator is the address of the judge's operator.
	Operator string
	// Create lists who may CREATE games by mail: addresses
	// ("gm@example.org") and domains ("@club.example"). Empty: the
	// Operator only; with no Operator either, nobody (games are made from
	// the shell, corriere game create).
	Create []string
}

// mayCreate reports whether from may create games by mail.
func (a Access) mayCreate(from string) bool {
	from = strings.ToLower(strings.TrimSpace(from))
	for _, allowed := range a.creators() {
		allowed = strings.ToLower(allowed)
		if strings.HasPrefix(allowed, "@") && strings.HasSuffix(from, allowed) || from == allowed {
			return from != ""
		}
	}
	return false
}

func (a Access) creators() []string {
	if len(a.Create) == 0 && a.Operator != "" {
		return []string{a.Operator}
	}
	return a.Create
}

// createRule says why a CREATE was refused, naming nobody: the list of
// who may create games would tell a stranger which From to forge.
func (a Access) createRule() string {
	if len(a.creators()) == 0 {
		return "this judge creates no games by mail: its operator makes them (corriere game create)"
	}
	return "this judge does not create games by mail for your address; ask its operator to make one or to allow you"
}

// verified remembers the passwords checked right lately, by a digest of
// the stored hash and the password, so that a player's every mail does
// not pay PBKDF2's deliberate cost again (it was two fifths of reading an
// order mail). A wrong password is never remembered: each guess pays in
// full. The digest is of the salted hash with the password, not the
// password alone, and lives in this process only.
type verified struct {
	mu   sync.Mutex
	seen map[[sha256.Size]byte]struct{}
}

// verifiedSize bounds verified: full, it starts again empty.
const verifiedSize = 4096

// passwordRight is CheckPassword, remembering a right password (not
// checkPassword, which judges a password chosen).
func (j *Judge) passwordRight(hash, password string) bool {
	key := sha256.Sum256([]byte(hash + "\x00" + password))
	v := &j.passwords
	v.mu.Lock()
	_, ok := v.seen[key]
	v.mu.Unlock()
	if ok {
		return true
	}
	if !CheckPassword(hash, password) {
		return false
	}
	v.mu.Lock()
	if v.seen == nil || len(v.seen) >= verifiedSize {
		v.seen = map[[sha256.Size]byte]struct{}{}
	}
	v.seen[key] = struct{}{}
	v.mu.Unlock()
	return true
}
