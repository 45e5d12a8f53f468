package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"reportengine/templates"
)

type templatesOptions struct {
	JSON    bool
	Verbose bool
	Out     io.Writer
}

func newTemplatesCmd() *cobra.Command {
	opts := &templatesOptions{}
	cmd := &cobra.Command{
		Use:   "templates",
		Short: "List the report templates",
		Long: `List the embedded report templates (the six BettaFish template names and chapter
outlines, our own wording). Pass a name to "report --template NAME" to skip template
selection; "模板" and ".md" may be left off the name.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Out = cmd.OutOrStdout()
			return runTemplates(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the templates as JSON")
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "also list each chapter's outline")
	return cmd
}

type templateLine struct {
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Title       string            `json:"title"`
	Default     bool              `json:"default"`
	Chapters    []templateChapter `json:"chapters"`
}

type templateChapter struct {
	ChapterID string   `json:"chapter_id"`
	Title     string   `json:"title"`
	Slug      string   `json:"slug"`
	Outline   []string `json:"outline"`
}

func runTemplates(opts *templatesOptions) error {
	var lines []templateLine
	for _, t := range templates.List() {
		l := templateLine{Name: t.Name, Description: t.Description, Title: t.Title, Default: t.Name == templates.Default}
		for _, s := range t.Sections {
			l.Chapters = append(l.Chapters, templateChapter{ChapterID: s.ChapterID, Title: s.Display, Slug: s.Slug, Outline: s.Outline})
		}
		lines = append(lines, l)
	}
	if opts.JSON {
		return printJSON(opts.Out, lines)
	}
	for _, l := range lines {
		def := ""
		if l.Default {
			def = " (default)"
		}
		fmt.Fprintf(opts.Out, "%s%s — %d chapters: %s\n", l.Name, def, len(l.Chapters), l.Description)
		for _, c := range l.Chapters {
			if !opts.Verbose {
				continue
			}
			fmt.Fprintf(opts.Out, "  %s %s\n", c.ChapterID, c.Title)
			for _, o := range c.Outline {
				fmt.Fprintf(opts.Out, "      - %s\n", o)
			}
		}
	}
	return nil
}
