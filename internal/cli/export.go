package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"reportengine/graphrag"
	"reportengine/graphrag/export"
	"reportengine/graphrag/storage"
	"reportengine/internal/atomicfile"
)

// exportOptions are the inputs of `reportengine export`.
type exportOptions struct {
	GraphsDir string
	Graph     string
	Format    string // graphml, gexf or neo4j
	OutPath   string // --out: file (graphml, gexf) or folder (neo4j); "" = <id>.<format> / <id>-neo4j
	cmdIO
}

// exportFormats are the values of --format.
var exportFormats = []string{"graphml", "gexf", "neo4j"}

func newExportCmd(d *Deps) *cobra.Command {
	opts := &exportOptions{}
	cmd := &cobra.Command{
		Use:   "export --format graphml|gexf|neo4j [flags]",
		Short: "Write a stored graph as GraphML, GEXF or Neo4j import files",
		Long: `Write a stored graph as GraphML (one file), GEXF 1.2 (one file) or neo4j (a folder of
CSV files for neo4j-admin database import, with README.md and import.sh). Every
attribute is a typed column; the output is written atomically. README.md (reportengine
export) has the full reference.`,
		Example: `  reportengine export --graph wuhan --format graphml
  reportengine export --graph wuhan --format gexf --out /tmp/wuhan.gexf
  reportengine export --graph wuhan --format neo4j --out wuhan-neo4j`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.cmdIO = d.io(cmd)
			switch opts.Format {
			case "graphml", "gexf", "neo4j":
			case "":
				return usagef("--format is required: one of %s", strings.Join(exportFormats, ", "))
			default:
				return usagef("--format %q: want one of %s", opts.Format, strings.Join(exportFormats, ", "))
			}
			if opts.Graph == "" {
				return usagef("--graph needs a report id or %q", storage.LatestID)
			}
			return runExport(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	f.StringVar(&opts.Graph, "graph", "latest", "report id of the graph, or \"latest\"")
	f.StringVar(&opts.Format, "format", "", "graphml, gexf or neo4j (required)")
	f.StringVar(&opts.OutPath, "out", "", "output file for graphml and gexf, folder for neo4j (default <id>.graphml, <id>.gexf or <id>-neo4j)")
	return cmd
}

func runExport(ctx context.Context, opts *exportOptions) error {
	g, id, err := opts.loadUsableGraph(ctx, opts.GraphsDir, opts.Graph)
	if err != nil {
		return err
	}
	out := opts.OutPath
	if out == "" {
		out = id + "." + opts.Format
		if opts.Format == "neo4j" {
			out = id + "-neo4j"
		}
	}
	// its folder is made as report makes --out; one that cannot be is
	// exit 1 (unwritableError), not a missing input
	if err := checkWritable("export folder", filepath.Dir(filepath.Clean(out)), true); err != nil {
		return err
	}
	end := opts.Log.start("exported the graph", "writing %s (%s, %s)", out, plural(g.NodeCount(), "node"), plural(g.EdgeCount(), "edge"))
	if opts.Format == "neo4j" {
		im, size, err := writeNeo4jFolder(ctx, g, out, id)
		if err != nil {
			return err
		}
		end()
		fmt.Fprintf(opts.Out, "wrote %s: %d files, %s (%s, %s)\n\nimport it with (from that folder; also in its import.sh):\n\n%s\n",
			out, len(im.Files)+2, humanBytes(size), plural(g.NodeCount(), "node"), plural(g.EdgeCount(), "edge"), im.Command("neo4j"))
		return nil
	}
	size, err := writeExportFile(ctx, g, opts.Format, out)
	if err != nil {
		return err
	}
	end()
	fmt.Fprintf(opts.Out, "wrote %s: %s (%s, %s)\n", out, humanBytes(size), plural(g.NodeCount(), "node"), plural(g.EdgeCount(), "edge"))
	return nil
}

// writeExportFile writes g as GraphML or GEXF (format) to the file out,
// atomically (an earlier file keeps its bytes until the new one is
// complete), and returns its size in bytes.
func writeExportFile(ctx context.Context, g *graphrag.Graph, format, out string) (int64, error) {
	write := export.WriteGraphML
	if format == "gexf" {
		write = export.WriteGEXF
	}
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		return 0, fmt.Errorf("export: --out %s is a folder: give a file name", out)
	}
	var size int64
	err := atomicfile.Write(out, 0o644, func(w io.Writer) error {
		return write(ctx, &countWriter{w: w, n: &size}, g)
	})
	if err != nil {
		return 0, fmt.Errorf("export: %s: %w", out, err)
	}
	return size, nil
}

// countWriter adds the bytes written through it to *n.
type countWriter struct {
	w io.Writer
	n *int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	*c.n += int64(n)
	return n, err
}

// neo4jReadme starts the README.md an export folder holds; a folder that
// has it may be replaced by the next export.
const neo4jReadme = "# Neo4j import of graph "

// writeNeo4jFolder writes the Neo4j import of g into folder out as a
// whole: the files go to a new hidden folder beside it
// (atomicfile.TempDir), are flushed to disk, and the folder takes out's
// place in one step (atomicfile.ReplaceDir), so out is either the earlier
// export or the new one. An existing out that is not an empty folder or an
// earlier export (a README.md starting with neo4jReadme) is refused; out's
// parent folder must exist (runExport makes it). It returns the import and
// the bytes written.
func writeNeo4jFolder(ctx context.Context, g *graphrag.Graph, out, id string) (*export.Neo4jImport, int64, error) {
	out = filepath.Clean(out)
	if err := replaceable(out); err != nil {
		return nil, 0, err
	}
	tmp, err := atomicfile.TempDir(out)
	if err == nil {
		err = os.Chmod(tmp, 0o755) // the temporary folder is private
	}
	if err != nil {
		return nil, 0, fmt.Errorf("export: %w", err)
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	var size int64
	create := func(name string) (io.WriteCloser, error) {
		f, err := os.OpenFile(filepath.Join(tmp, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, err
		}
		return &syncCloser{countWriter{w: f, n: &size}, f}, nil
	}
	im, err := export.WriteNeo4j(ctx, g, create)
	if err != nil {
		return nil, 0, fmt.Errorf("export: %s: %w", out, err)
	}
	for _, f := range []struct {
		name, text string
		perm       os.FileMode
	}{{"README.md", im.Readme(id), 0o644}, {"import.sh", im.Script(), 0o755}} {
		if err := atomicfile.WriteFile(filepath.Join(tmp, f.name), []byte(f.text), f.perm); err != nil {
			return nil, 0, fmt.Errorf("export: %w", err)
		}
		size += int64(len(f.text))
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	if err := atomicfile.SyncDir(tmp); err != nil {
		return nil, 0, fmt.Errorf("export: %w", err)
	}
	if err := atomicfile.ReplaceDir(tmp, out); err != nil {
		return nil, 0, fmt.Errorf("export: %w", err)
	}
	done = true
	return im, size, nil
}

// replaceable refuses an out folder that holds something other than an
// earlier export: a file, or a folder with files and no export README.
func replaceable(out string) error {
	fi, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("export: --out %s is a file: the neo4j format writes a folder", out)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if len(entries) == 0 {
		return nil
	}
	f, err := os.Open(filepath.Join(out, "README.md"))
	if err == nil {
		head := make([]byte, len(neo4jReadme))
		_, err = io.ReadFull(f, head)
		f.Close()
		if err == nil && string(head) == neo4jReadme {
			return nil
		}
	}
	return fmt.Errorf("export: --out %s holds other files (not an earlier neo4j export): give a new or empty folder", out)
}

// syncCloser flushes a file to disk when it is closed, counting the bytes
// written.
type syncCloser struct {
	countWriter
	f *os.File
}

func (s *syncCloser) Close() error {
	return cmp.Or(s.f.Sync(), s.f.Close())
}
