package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"reportengine/graphrag/storage"
)

// graphsOptions are the inputs of `reportengine graphs`.
type graphsOptions struct {
	GraphsDir string
	JSON      bool
	Out       io.Writer
}

func newGraphsCmd(d *Deps) *cobra.Command {
	opts := &graphsOptions{}
	cmd := &cobra.Command{
		Use:   "graphs [flags]",
		Short: "List the stored graphs, newest first",
		Long: `List the graphs stored under the graphs folder (<graphs>/<report-id>/graphrag.json),
newest first (by created_at, then file time, then id), with node and edge counts.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Out = cmd.OutOrStdout()
			return runGraphs(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the list as JSON")
	return cmd
}

func runGraphs(_ context.Context, opts *graphsOptions) error {
	store, err := storage.New(opts.GraphsDir)
	if err != nil {
		return err
	}
	list, err := store.List()
	if err != nil {
		return err
	}
	if opts.JSON {
		if list == nil {
			list = []storage.Info{}
		}
		return printJSON(opts.Out, list)
	}
	if len(list) == 0 {
		fmt.Fprintf(opts.Out, "no graphs in %s\n", opts.GraphsDir)
		return nil
	}
	var tw table
	tw.row("ID", "CREATED", "NODES", "EDGES", "SIZE")
	var broken []storage.Info
	for _, g := range list {
		created := "-"
		if !g.CreatedAt.IsZero() {
			created = g.CreatedAt.Format("2006-01-02 15:04:05")
		}
		nodes, edges := fmt.Sprint(g.Nodes), fmt.Sprint(g.Edges)
		if g.Err != nil {
			nodes, edges = "?", "?"
			broken = append(broken, g)
		}
		tw.row(safeText(g.ID), created, nodes, edges, humanBytes(g.Size))
	}
	if err := tw.print(opts.Out); err != nil {
		return err
	}
	for _, g := range broken {
		fmt.Fprintf(opts.Out, "unreadable: %s: %s\n", safeText(g.ID), safeText(oneLine(g.Err.Error())))
	}
	return nil
}
