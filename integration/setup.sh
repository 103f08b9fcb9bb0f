#!/usr/bin/env bash
# Sets up real mail servers on loopback for Corriere's integration test:
# Dovecot (IMAP, and LMTP for delivery) and Postfix (SMTP), with a judge
# mailbox and seven player mailboxes. Run as root on Debian (or a relative
# with apt-get); idempotent: running it again rewrites the configuration,
# empties the test mailboxes and restarts both servers.
#
#   bash integration/setup.sh          install, configure, (re)start
#   bash integration/setup.sh stop     stop both servers
#   bash integration/setup.sh env      print the variables the test reads
#
# What it touches, and nothing else:
#   - Debian packages postfix, dovecot-imapd, dovecot-lmtpd (installed if
#     missing; it refuses to replace another mail server such as exim4);
#   - /etc/postfix (main.cf, master.cf, corriere-it-mailboxes), and only when
#     no Postfix configuration of someone else's is there (a main.cf without
#     this script's mark is left alone unless CORRIERE_IT_TAKE_POSTFIX=1, and
#     then it is kept as main.cf.before-corriere-it);
#   - /etc/dovecot/corriere-it.conf and /etc/dovecot/corriere-it.passwd (a
#     Dovecot instance of its own, with its own run directory
#     /run/corriere-it-dovecot: a system Dovecot, if any, is not touched);
#   - /var/mail/corriere-it (the mailboxes, owned by user mail) and
#     /var/log/corriere-it (the servers' logs).
#
# No TLS and plaintext passwords: everything listens on 127.0.0.1 only.
set -euo pipefail

# Ports, domains and passwords; .ci/run and the test read the same
# variables (see "env" below).
IMAP_PORT=${CORRIERE_IT_IMAP_PORT:-10143}
SMTP_PORT=${CORRIERE_IT_SMTP_PORT:-10025}
LMTP_PORT=${CORRIERE_IT_LMTP_PORT:-10024}
JUDGE_DOMAIN=corriere.test
PLAYER_DOMAIN=players.test
JUDGE=judge@$JUDGE_DOMAIN
JUDGE_PASSWORD=${CORRIERE_IT_JUDGE_PASSWORD:-judge-secret}
PLAYER_PASSWORD=${CORRIERE_IT_PLAYER_PASSWORD:-player-secret}
# The players' mailboxes: Diplomacy's seven powers (TestSeedByMail), then
# Le Guerre d'Italia's six (TestItaliaByMail).
POWERS=(austria england france germany italy russia turkey francia aragonesi impero venezia firenze papato)

MAIL_DIR=/var/mail/corriere-it
LOG_DIR=/var/log/corriere-it
DOVECOT_CONF=/etc/dovecot/corriere-it.conf
DOVECOT_PASSWD=/etc/dovecot/corriere-it.passwd
DOVECOT_RUN=/run/corriere-it-dovecot
MARK="# Written by Corriere's integration/setup.sh: test servers on loopback."

say() { printf 'setup: %s\n' "$*"; }
starting=""
die() {
	printf 'setup: FAILED: %s\n' "$*" >&2
	[ -n "$starting" ] || exit 1
	for f in "$LOG_DIR/dovecot.log" "$LOG_DIR/postfix.log"; do
		if [ -s "$f" ]; then
			printf 'setup: last lines of %s:\n' "$f" >&2
			tail -n 20 "$f" >&2
		fi
	done
	exit 1
}
set -E
trap 'die "command failed (line $LINENO): $BASH_COMMAND"' ERR

print_env() {
	cat <<EOF
export CORRIERE_IT_IMAP=127.0.0.1:$IMAP_PORT
export CORRIERE_IT_SMTP=127.0.0.1:$SMTP_PORT
export CORRIERE_IT_JUDGE=$JUDGE
export CORRIERE_IT_JUDGE_PASSWORD=$JUDGE_PASSWORD
export CORRIERE_IT_PLAYER_DOMAIN=$PLAYER_DOMAIN
export CORRIERE_IT_PLAYER_PASSWORD=$PLAYER_PASSWORD
export CORRIERE_IT_LOGS=$LOG_DIR
export CORRIERE_IT_DOVECOT_CONF=$DOVECOT_CONF
EOF
}

dovecot_running() {
	[ -f "$DOVECOT_RUN/master.pid" ] && kill -0 "$(cat "$DOVECOT_RUN/master.pid")" 2>/dev/null
}

# postfix_ours: the Postfix configuration in /etc/postfix is this script's.
postfix_ours() {
	[ -f /etc/postfix/main.cf ] && grep -qxF "$MARK" /etc/postfix/main.cf
}

stop_servers() {
	if dovecot_running; then
		say "stopping Dovecot (corriere-it instance)"
		dovecot -c "$DOVECOT_CONF" stop || true
		for _ in $(seq 50); do dovecot_running || break; sleep 0.1; done
	fi
	if command -v postfix >/dev/null && postfix_ours && postfix status >/dev/null 2>&1; then
		say "stopping Postfix"
		postfix stop >/dev/null 2>&1 || true
		for _ in $(seq 50); do postfix status >/dev/null 2>&1 || break; sleep 0.1; done
	fi
}

case "${1:-setup}" in
setup) ;;
stop)
	stop_servers
	exit 0
	;;
env)
	print_env
	exit 0
	;;
*)
	echo "usage: $0 [setup|stop|env]" >&2
	exit 2
	;;
esac

[ "$(id -u)" = 0 ] || die "must run as root (it installs packages and starts servers)"
command -v apt-get >/dev/null || die "apt-get not found: this script is for Debian and its relatives"
start=$SECONDS

# --- 1. Packages -----------------------------------------------------------

installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }

if installed postfix && installed dovecot-imapd && installed dovecot-lmtpd; then
	say "postfix, dovecot-imapd and dovecot-lmtpd already installed"
else
	if ! installed postfix; then
		# Installing Postfix removes any other mail server: refuse that.
		other=$(dpkg-query -W -f='${Package} ${Status} ${Provides}\n' 2>/dev/null |
			awk '/install ok installed/ && /mail-transport-agent/ {print $1}' | grep -vx postfix || true)
		[ -z "$other" ] || die "another mail server is installed ($other); installing Postfix would remove it. Not touching it."
	fi
	say "installing postfix, dovecot-imapd, dovecot-lmtpd (apt-get)"
	echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
	echo "postfix postfix/mailname string $JUDGE_DOMAIN" | debconf-set-selections
	export DEBIAN_FRONTEND=noninteractive
	apt_log=$(mktemp)
	apt-get update -q >"$apt_log" 2>&1 || {
		tail -n 20 "$apt_log" >&2
		die "apt-get update failed"
	}
	# The packages' post-install scripts try to start the services; without
	# an init system that fails harmlessly, and this script starts them.
	apt-get install -y -q --no-install-recommends postfix dovecot-imapd dovecot-lmtpd >"$apt_log" 2>&1 || {
		tail -n 30 "$apt_log" >&2
		die "apt-get install failed"
	}
	say "installed in $((SECONDS - start)) s: $(dpkg-query -W -f='${Package} ${Version}  ' postfix dovecot-core)"
fi
for bin in postfix postconf dovecot doveadm; do
	command -v "$bin" >/dev/null || die "$bin not found after installing the packages"
done

# --- 2. Stop what runs, check who owns /etc/postfix -------------------------

if [ -f /etc/postfix/main.cf ] && ! postfix_ours; then
	if [ "${CORRIERE_IT_TAKE_POSTFIX:-}" != 1 ]; then
		die "/etc/postfix/main.cf is someone else's configuration; not overwriting it. Set CORRIERE_IT_TAKE_POSTFIX=1 to replace it (it is kept as main.cf.before-corriere-it)."
	fi
	if postfix status >/dev/null 2>&1; then
		say "stopping the Postfix that runs with the old configuration"
		postfix stop >/dev/null 2>&1 || true
	fi
	cp -p /etc/postfix/main.cf /etc/postfix/main.cf.before-corriere-it
	[ ! -f /etc/postfix/master.cf ] || cp -p /etc/postfix/master.cf /etc/postfix/master.cf.before-corriere-it
	say "kept the old configuration as /etc/postfix/main.cf.before-corriere-it"
fi
stop_servers

# --- 3. Mailboxes ----------------------------------------------------------

install -d -m 0755 "$LOG_DIR"
rm -rf "$MAIL_DIR"
install -d -o mail -g mail -m 0770 "$MAIL_DIR"
users=("$JUDGE")
for p in "${POWERS[@]}"; do users+=("$p@$PLAYER_DOMAIN"); done
umask 027
{
	echo "# user:password (Dovecot passwd-file), for Corriere's integration test"
	echo "$JUDGE:{PLAIN}$JUDGE_PASSWORD"
	for p in "${POWERS[@]}"; do echo "$p@$PLAYER_DOMAIN:{PLAIN}$PLAYER_PASSWORD"; done
} >"$DOVECOT_PASSWD"
chown root:dovecot "$DOVECOT_PASSWD"
chmod 0640 "$DOVECOT_PASSWD"
umask 022
say "mailboxes in $MAIL_DIR (emptied): ${users[*]}"

# --- 4. Dovecot ------------------------------------------------------------

starting=yes # from here on, a failure shows the servers' logs

cat >"$DOVECOT_CONF" <<EOF
$MARK
# Started with: dovecot -c $DOVECOT_CONF
instance_name = corriere-it
base_dir = $DOVECOT_RUN
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_verbose = yes
log_path = $LOG_DIR/dovecot.log
first_valid_uid = 1
mail_location = maildir:$MAIL_DIR/%d/%n/Maildir
mail_privileged_group = mail
postmaster_address = postmaster@$JUDGE_DOMAIN

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $DOVECOT_PASSWD
}
userdb {
  driver = static
  args = uid=mail gid=mail home=$MAIL_DIR/%d/%n
}

service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
protocol lmtp {
  # Delivered mail names the full address: user@domain.
  auth_username_format = %Lu
}
EOF
doveconf -c "$DOVECOT_CONF" -n >/dev/null || die "Dovecot refuses $DOVECOT_CONF (doveconf -n shows why)"
install -d -m 0755 "$DOVECOT_RUN"
dovecot -c "$DOVECOT_CONF" </dev/null >>"$LOG_DIR/dovecot.log" 2>&1 || die "dovecot did not start"
say "Dovecot started: IMAP 127.0.0.1:$IMAP_PORT, LMTP 127.0.0.1:$LMTP_PORT ($DOVECOT_CONF)"

# --- 5. Postfix ------------------------------------------------------------

mkdir -p /etc/postfix
cp /usr/share/postfix/master.cf.dist /etc/postfix/master.cf
cat >/etc/postfix/main.cf <<EOF
$MARK
# Postfix for the integration test: accepts mail on 127.0.0.1:$SMTP_PORT
# from loopback only, for $JUDGE_DOMAIN and $PLAYER_DOMAIN only, and hands
# it to Dovecot's LMTP.
compatibility_level = 3.6
myhostname = mail.$JUDGE_DOMAIN
mydomain = $JUDGE_DOMAIN
myorigin = \$myhostname
mydestination =
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject
smtpd_recipient_restrictions = permit_mynetworks, reject
local_transport = error:no local delivery on this test server
alias_maps =
alias_database =
virtual_mailbox_domains = $JUDGE_DOMAIN $PLAYER_DOMAIN
virtual_mailbox_maps = texthash:/etc/postfix/corriere-it-mailboxes
virtual_transport = lmtp:inet:127.0.0.1:$LMTP_PORT
relayhost =
default_transport = error:no mail leaves this test server
disable_dns_lookups = yes
smtp_host_lookup = native
lmtp_host_lookup = native
# A mail deferred by a hiccup is retried within seconds, not minutes.
queue_run_delay = 2s
minimal_backoff_time = 2s
maximal_backoff_time = 10s
biff = no
append_dot_mydomain = no
readme_directory = no
maillog_file = $LOG_DIR/postfix.log
EOF
{
	for u in "${users[@]}"; do echo "$u OK"; done
} >/etc/postfix/corriere-it-mailboxes
# The SMTP service on the test port; no service runs chrooted (Debian's
# default), so that nothing needs copying into the spool.
postconf -MX smtp/inet
postconf -M "127.0.0.1:$SMTP_PORT/inet=127.0.0.1:$SMTP_PORT inet n - n - - smtpd"
postconf -F '*/*/chroot = n'
postfix check >>"$LOG_DIR/postfix.log" 2>&1 || die "postfix check found a problem (see $LOG_DIR/postfix.log)"
postsuper -d ALL >/dev/null 2>&1 || true # mail queued by an earlier run
postfix start </dev/null >>"$LOG_DIR/postfix.log" 2>&1 || die "postfix did not start"
say "Postfix started: SMTP 127.0.0.1:$SMTP_PORT, delivering to $JUDGE_DOMAIN and $PLAYER_DOMAIN by LMTP"

# --- 6. Check that both answer ---------------------------------------------

greeting() { # host port: the first line the server says
	local line
	exec 3<>"/dev/tcp/$1/$2" || return 1
	IFS= read -r -t 5 line <&3 || line=""
	exec 3<&- 3>&-
	printf '%s' "${line%$'\r'}"
}
wait_for() { # name port pattern
	local g=""
	for _ in $(seq 100); do
		g=$(greeting 127.0.0.1 "$2" 2>/dev/null || true)
		# shellcheck disable=SC2254 # $3 is a glob pattern
		case "$g" in $3) say "$1 answers: $g"; return 0 ;; esac
		sleep 0.1
	done
	die "$1 does not answer on 127.0.0.1:$2 (last greeting: '$g')"
}
wait_for "IMAP" "$IMAP_PORT" '\* OK*'
wait_for "LMTP" "$LMTP_PORT" '220 *'
wait_for "SMTP" "$SMTP_PORT" '220 *'
doveadm -c "$DOVECOT_CONF" auth test "$JUDGE" "$JUDGE_PASSWORD" >/dev/null 2>&1 ||
	die "Dovecot refuses the judge's login ($JUDGE)"
say "Dovecot accepts the judge's login"

say "ready in $((SECONDS - start)) s. The integration test reads:"
print_env | sed 's/^/  /'
