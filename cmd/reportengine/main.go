// Command reportengine is the command-line front door of reportengine: it
// builds knowledge graphs from research-engine output, queries them and
// generates reports. Run `reportengine --help` for the commands.
package main

import (
	"os"

	"reportengine/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:]))
}
