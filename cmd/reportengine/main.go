// Command reportengine is the command-line front door of reportengine: it
// builds knowledge graphs from research-engine output, queries them and
// generates reports. Run `reportengine --help` for the commands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"reportengine/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], cli.Deps{})
	stop()
	os.Exit(code)
}
