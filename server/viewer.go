package server

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"reportengine/graphrag/storage"
)

// assets holds the viewer page, its script and style, and the vendored
// vis-network build (assets/vendor/vis-network: the npm package's
// standalone minified build, its stylesheet, both licence files and a
// VERSION file naming the version and checksums).
//
//go:embed assets
var assets embed.FS

// viewerPage is the page template, parsed once.
var viewerPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.ParseFS(assets, "assets/viewer.html"))
})

// assetTags are the ETags of the embedded files, computed once.
var assetTags = sync.OnceValue(func() map[string]string {
	tags := map[string]string{}
	_ = fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := assets.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		tags[strings.TrimPrefix(p, "assets/")] = `"` + hex.EncodeToString(sum[:8]) + `"`
		return nil
	})
	return tags
})

// viewerData fills the page template; html/template escapes every field.
type viewerData struct {
	ReportID string // "" = the latest graph
	Limit    int
	Search   bool // the question box is shown
}

// handleViewer serves GET /graph-viewer and /graph-viewer/{report_id}: the
// page, with the report id in data-report-id ("" or "latest": the newest
// graph). The page loads its graph from /api/graph/…, so an id without a
// graph yet is not an error here (the page retries every 5 s, as the
// reference viewer did); an id that fails storage.ValidateID is a 400.
func (s *Server) handleViewer(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("report_id")
	if id == storage.LatestID {
		id = ""
	}
	if err := storage.ValidateID(id); id != "" && err != nil {
		s.fail(w, r, http.StatusBadRequest, "%v", err)
		return
	}
	var buf bytes.Buffer
	if err := viewerPage().Execute(&buf, viewerData{ReportID: id, Limit: s.cfg.DefaultLimit, Search: s.cfg.Search != nil}); err != nil {
		s.internal(w, r, err, "the viewer page could not be made")
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", cspViewer)
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write(buf.Bytes())
}

// handleAsset serves GET /assets/{path...} from the embedded files (not
// the page template), with an ETag so browsers revalidate cheaply.
func (s *Server) handleAsset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("path")
	tag, ok := assetTags()[name]
	if !ok || name == "viewer.html" {
		s.fail(w, r, http.StatusNotFound, "no asset %q", name)
		return
	}
	data, _ := assets.ReadFile("assets/" + name) // an embedded file assetTags found: it reads
	h := w.Header()
	h.Set("ETag", tag)
	h.Set("Cache-Control", "no-cache")
	if path.Base(name) == "VERSION" || strings.HasPrefix(path.Base(name), "LICENSE") {
		h.Set("Content-Type", "text/plain; charset=utf-8")
	}
	http.ServeContent(w, r, path.Base(name), time.Time{}, bytes.NewReader(data))
}
