// Package integration holds the tests that run the judge against real
// mail servers: Dovecot for IMAP (and LMTP delivery) and Postfix for SMTP,
// on loopback. They are built only with the tag "integration":
//
//	sudo bash integration/setup.sh                 # install, configure, start the servers
//	eval "$(bash integration/setup.sh env)"         # the variables the test reads
//	go test -tags integration -count=1 -v ./integration/...
//
// .ci/run does all three when it runs as root with apt-get; without the
// CORRIERE_IT_* variables the test skips and says why.
package integration
