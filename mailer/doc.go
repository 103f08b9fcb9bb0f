// Package mailer is the judge's way to the mail system: it reads inbound
// mail, writes outbound mail, fetches from an IMAP mailbox and submits over
// SMTP. It knows nothing of games; the judge decides what to do with a
// message.
//
// Reading: Parse reduces a raw RFC 5322 message to a Message, the few
// things the judge reads (who wrote, where to answer, which thread, the body
// as plain UTF-8 text, with the text of text attachments after it) and
// whether the mail is automatic (an auto-reply, a bounce, a list mail),
// which the judge must never answer. The text is what the sender wrote:
// the quoted mail a reply carries, in whatever form its mail program
// quotes, is left out (Message.Quoted says so), since the old orders in it
// would replace the new ones. Attachments it does not read are listed
// (Message.Unread). Parse is lenient because players' mail programs are: a
// broken MIME structure still yields whatever text can be read.
//
// Reading costs work and memory that grow linearly with the mail's size,
// whatever it holds (a header folded a million times, thousands of
// encoded words, deep MIME or HTML nesting, a line of megabytes): only the
// first 256 KiB of a header are read, and the tests bound what Parse
// allocates for each kind of hostile mail. A reader that refuses mail over
// a size calls ParseLimit(raw, max) instead of Parse: for a larger mail it
// reads the header only, at a cost bounded by the header's, and returns
// its fields and Size, with no text.
//
// Writing: Compose turns an Outgoing into bytes that are the same for the
// same Outgoing, so an outbox row sent twice is the same mail twice, and
// that mark themselves as automatic (Auto-Submitted: auto-replied for a
// reply, auto-generated for the rest; X-Loop), so that no other robot
// answers them and the judge never answers itself.
//
// Transport: Inbox polls an IMAP mailbox for messages without the \Seen
// flag and waits for new mail with IDLE when the server offers it; Sender
// submits one message per connection and tells permanent refusals
// (ErrPermanent) from failures worth retrying.
//
// The subpackage memmail runs a small IMAP and SMTP system in memory on
// loopback, for tests and for the demo.
package mailer
