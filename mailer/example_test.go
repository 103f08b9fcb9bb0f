package mailer_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/corriere/corriere/mailer"
)

func ExampleParse() {
	raw := strings.Join([]string{
		"From: =?ISO-8859-1?Q?Nicol=F2?= Rossi <Nicolo@Example.IT>",
		"To: judge@example.org",
		"Subject: =?UTF-8?Q?Ordini_per_la_citt=C3=A0?=",
		"Message-ID: <abc123@example.it>",
		"In-Reply-To: <outbox-42@judge.example.org>",
		"Content-Type: text/plain; charset=ISO-8859-1",
		"Content-Transfer-Encoding: quoted-printable",
		"",
		"A Ven - Tyr",
		"F Nap - Ion  =",
		"(perch=E9 no?)",
		"",
	}, "\r\n")
	m, err := mailer.Parse([]byte(raw))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("from:", m.From)
	fmt.Println("subject:", m.Subject)
	fmt.Println("answers:", m.References)
	fmt.Println("automatic:", m.Automatic)
	fmt.Print(m.Text)
	// Output:
	// from: Nicolo@example.it
	// subject: Ordini per la città
	// answers: [outbox-42@judge.example.org]
	// automatic: false
	// A Ven - Tyr
	// F Nap - Ion  (perché no?)
}

func ExampleCompose() {
	raw, err := mailer.Compose(mailer.Outgoing{
		From:      "Corriere <judge@example.org>",
		To:        "nicolo@example.it",
		Subject:   "Risultati",
		MessageID: "outbox-42@judge.example.org",
		InReplyTo: "abc123@example.it",
		Date:      time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC),
		Text:      "Primavera 1901: tutti gli ordini eseguiti.\nProssima scadenza: 5 marzo, città di Roma.\n",
		Loop:      "judge@example.org",
		Reply:     true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(strings.ReplaceAll(string(raw), "\r\n", "\n"))
	// Output:
	// Date: Mon, 02 Mar 2026 12:00:00 +0000
	// From: "Corriere" <judge@example.org>
	// To: <nicolo@example.it>
	// Subject: Risultati
	// Message-ID: <outbox-42@judge.example.org>
	// In-Reply-To: <abc123@example.it>
	// References: <abc123@example.it>
	// MIME-Version: 1.0
	// Auto-Submitted: auto-replied
	// X-Loop: judge@example.org
	// Content-Type: text/plain; charset=utf-8
	// Content-Transfer-Encoding: quoted-printable
	//
	// Primavera 1901: tutti gli ordini eseguiti.
	// Prossima scadenza: 5 marzo, citt=C3=A0 di Roma.
}
