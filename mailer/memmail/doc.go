// Package memmail is a whole mail system in memory: an IMAP server and an
// SMTP server on 127.0.0.1 that deliver to each other, so that the judge's
// real mail code (mailer.Inbox, mailer.Sender) can be exercised end to end
// without a mail host. `corriere demo` plays a game through it, and the
// tests of mailer use it. Its IMAP server offers MOVE and UIDPLUS, as most
// servers do (StartOptions can turn them off, to test a client's
// fallback), so the judge's archiving of handled mail runs against it too;
// Folder reads any of a user's folders. SetIMAPDown and SetSMTPHang
// inject the faults of a real mail host, for tests of what a client does
// when its servers fail.
//
// It is deliberately small and trusting: no TLS, plain passwords, every
// mailbox in memory and gone at Close. It must never listen on anything
// but loopback.
package memmail
