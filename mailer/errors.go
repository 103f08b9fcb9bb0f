package mailer

import "errors"

// ErrPermanent marks a delivery the SMTP server refused for good (a 5xx
// reply to the envelope or the content): sending the same mail again will
// not help. Every other Send error is worth retrying later.
var ErrPermanent = errors.New("permanent delivery failure")

// ErrAuth marks a login the server refused (IMAP LOGIN, SMTP AUTH): the
// credentials in the configuration are wrong, and retrying will not help
// until someone fixes them. It is not ErrPermanent: the mail itself is
// fine and should be sent once the login works.
var ErrAuth = errors.New("authentication failed")
