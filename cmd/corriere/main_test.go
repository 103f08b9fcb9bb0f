package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"testing"
)

// The test binary doubles as the judge's daemon: with CORRIERE_TEST_CHILD
// set to "serve" it runs `corriere serve --config $CORRIERE_TEST_CONFIG`
// instead of the tests. TestCrashAndRestart starts it that way, so that it
// has a real process to kill without building the command first.
// With CORRIERE_TEST_CPUPROFILE set too, the daemon writes its CPU
// profile there (BenchmarkServe1000's -serveprofile).
const (
	crashChildEnv  = "CORRIERE_TEST_CHILD"
	crashConfigEnv = "CORRIERE_TEST_CONFIG"
	childProfEnv   = "CORRIERE_TEST_CPUPROFILE"
)

func TestMain(m *testing.M) {
	if os.Getenv(crashChildEnv) == "serve" {
		os.Exit(runChild())
	}
	os.Exit(m.Run())
}

// runChild runs the daemon, profiled when childProfEnv names a file.
func runChild() int {
	if path := os.Getenv(childProfEnv); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintf(os.Stderr, "profile: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(os.Stderr, "profile: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	return run([]string{"serve", "--config", os.Getenv(crashConfigEnv)}, os.Stdin, os.Stdout, os.Stderr)
}
