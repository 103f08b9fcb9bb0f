package main

import (
	"os"
	"testing"
)

// The test binary doubles as the judge's daemon: with CORRIERE_TEST_CHILD
// set to "serve" it runs `corriere serve --config $CORRIERE_TEST_CONFIG`
// instead of the tests. TestCrashAndRestart starts it that way, so that it
// has a real process to kill without building the command first.
const (
	crashChildEnv  = "CORRIERE_TEST_CHILD"
	crashConfigEnv = "CORRIERE_TEST_CONFIG"
)

func TestMain(m *testing.M) {
	if os.Getenv(crashChildEnv) == "serve" {
		os.Exit(run([]string{"serve", "--config", os.Getenv(crashConfigEnv)}, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
