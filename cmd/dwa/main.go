// Command dwa is the whole shop: `dwa serve` runs the API and storefront;
// the other subcommands migrate, seed and manage accounts. The concrete
// adapters are picked in internal/wiring, which the tests use too.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// env bundles what a subcommand may read from its surroundings, so tests
// can run commands without touching the real process state.
type env struct {
	getenv func(string) string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

type command struct {
	name, summary string
	run           func(ctx context.Context, e env, args []string) error
}

func commands() []command {
	return []command{
		{"serve", "run the shop (the default)", runServe},
		{"migrate", "apply database migrations and exit", runMigrate},
		{"seed", "load the demo catalogue, or synthetic products for load tests", runSeed},
		{"user", "manage accounts: user create --username U --email E [--staff] [--store NAME]", runUser},
		{"backup", "backup --to DIR: copy the SQLite database, media and signing key while serving", runBackup},
		{"restore", "restore --from DIR [--force]: put a backup into the data directory (no dwa serving from it)", runRestore},
		{"reviews", "moderate reviews: reviews [--ratings] pending | approve ID | reject ID", runReviews},
		{"version", "print the version", runVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := env{getenv: os.Getenv, stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	if err := run(ctx, os.Args[1:], e); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "dwa:", err)
		}
		os.Exit(2)
	}
}

// run dispatches to a subcommand; `serve` when none is given.
func run(ctx context.Context, args []string, e env) error {
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
		usage(e.stdout)
		return nil
	}
	name := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, e, args)
		}
	}
	usage(e.stderr)
	return fmt.Errorf("unknown command %q", name)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: dwa <command> [flags]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'dwa <command> --help' for a command's flags. Configuration comes from environment variables (see .env.example).")
}

// newFlags makes a flag set whose --help prints to stdout and returns flag.ErrHelp.
func newFlags(e env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, "usage: dwa %s\n", synopsis)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(e.stderr)
	}
	return fs
}

func runVersion(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "version", "version")
	if err := fs.Parse(args); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "dwa", version)
	return nil
}
