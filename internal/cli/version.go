package cli

import (
	"cmp"
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// versionString describes the binary from its build information: the
// module version ("(devel)" for a build from a checkout), the commit and
// its time with "+dirty" when the tree had local changes (from the
// vcs.* settings `go build` records), and the Go version, e.g.
// "reportengine (devel) commit 6eabe4f1c2d3 2026-12-01T09:20:00Z+dirty go1.26.0".
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "reportengine (unknown version: no build information)"
	}
	return formatVersion(info)
}

func formatVersion(info *debug.BuildInfo) string {
	version := cmp.Or(info.Main.Version, "(devel)")
	var rev, when string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	out := "reportengine " + version
	if rev != "" {
		out += " commit " + rev[:min(len(rev), 12)]
		if when != "" {
			out += " " + when
		}
		if dirty {
			out += "+dirty"
		}
	} else {
		out += " (no commit recorded)"
	}
	return out + " " + info.GoVersion
}

func newVersionCmd(_ *Deps) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, commit and Go version of this binary",
		Long: `Print the version, commit and Go version of this binary, read from the build
information Go records (the same line as reportengine --version). A binary built
from a checkout says "(devel)" and names the commit; "+dirty" marks local changes.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), versionString())
			return err
		},
	}
}
