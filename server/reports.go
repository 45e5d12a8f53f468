package server

import (
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"reportengine/graphrag/storage"
)

// reportIndex is the file /reports/{id}/ serves.
const reportIndex = "report.html"

// reportInfo is one entry of GET /api/reports, read from the run's
// manifest.json when it has one (report runs written by `reportengine
// report`); a folder with only report.html is listed with its id.
type reportInfo struct {
	ID        string   `json:"id"`
	URL       string   `json:"url"`
	Topic     string   `json:"topic,omitempty"`
	Template  string   `json:"template,omitempty"`
	Status    string   `json:"status,omitempty"`
	GraphID   string   `json:"graph_id,omitempty"`
	CreatedAt string   `json:"created_at,omitempty"`
	Files     []string `json:"files"`
	Error     string   `json:"error,omitempty"`
}

// manifestHead is the part of manifest.json (nodes.Manifest) the list
// shows.
type manifestHead struct {
	Topic     string `json:"topic"`
	Template  string `json:"template"`
	Status    string `json:"status"`
	GraphID   string `json:"graphId"`
	CreatedAt string `json:"createdAt"`
}

// reportFiles are the files of a run the list names when present.
var reportFiles = []string{"report.html", "report.md", "report.pdf", "document_ir.json", "evidence.json", "manifest.json"}

// handleReports serves GET /api/reports: {success, reports:[…]}, every
// folder of ReportsDir whose name is a valid report id and that holds
// report.html or manifest.json, newest first (createdAt, then id).
func (s *Server) handleReports(w http.ResponseWriter, r *http.Request) {
	out := []reportInfo{}
	if s.cfg.ReportsDir != "" {
		entries, err := os.ReadDir(s.cfg.ReportsDir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			s.fail(w, r, http.StatusInternalServerError, "listing reports: %v", err)
			return
		}
		for _, e := range entries {
			if !e.IsDir() || storage.ValidateID(e.Name()) != nil {
				continue
			}
			if ri, ok := s.reportInfo(e.Name()); ok {
				out = append(out, ri)
			}
		}
	}
	slices.SortFunc(out, func(a, b reportInfo) int {
		ta, _ := time.Parse(time.RFC3339Nano, a.CreatedAt)
		tb, _ := time.Parse(time.RFC3339Nano, b.CreatedAt)
		if c := tb.Compare(ta); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	writeJSON(w, http.StatusOK, struct {
		Success bool         `json:"success"`
		Reports []reportInfo `json:"reports"`
	}{true, out})
}

func (s *Server) reportInfo(id string) (reportInfo, bool) {
	dir := filepath.Join(s.cfg.ReportsDir, id)
	ri := reportInfo{ID: id, URL: "/reports/" + id + "/", Files: []string{}}
	for _, f := range reportFiles {
		if fi, err := os.Lstat(filepath.Join(dir, f)); err == nil && fi.Mode().IsRegular() {
			ri.Files = append(ri.Files, f)
		}
	}
	if len(ri.Files) == 0 {
		return ri, false
	}
	if slices.Contains(ri.Files, "manifest.json") {
		data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		var m manifestHead
		if err == nil {
			err = json.Unmarshal(data, &m)
		}
		if err != nil {
			ri.Error = "manifest.json: " + err.Error()
		} else {
			ri.Topic, ri.Template, ri.Status, ri.GraphID, ri.CreatedAt = m.Topic, m.Template, m.Status, m.GraphID, m.CreatedAt
		}
	}
	return ri, true
}

// handleReportRedirect sends /reports/{id} to /reports/{id}/.
func (s *Server) handleReportRedirect(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("report_id")
	if err := storage.ValidateID(id); err != nil {
		s.fail(w, r, http.StatusBadRequest, "%v", err)
		return
	}
	http.Redirect(w, r, "/reports/"+id+"/", http.StatusMovedPermanently)
}

// handleReportFile serves GET /reports/{id}/{path...}: a file inside
// <ReportsDir>/<id>, read-only. The folder is opened as an os.Root, so
// neither ".." nor a symbolic link can reach outside it; "" serves
// report.html; folders are never listed (404), nor are hidden files (any
// path element starting with '.'). HTML gets a policy without scripts
// (cspReport): a report is a document, and the renderer's one inline helper
// (open collapsed details before printing) is not needed to read it.
func (s *Server) handleReportFile(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("report_id")
	if err := storage.ValidateID(id); err != nil {
		s.fail(w, r, http.StatusBadRequest, "%v", err)
		return
	}
	if s.cfg.ReportsDir == "" {
		s.fail(w, r, http.StatusNotFound, "no reports folder is served")
		return
	}
	name := r.PathValue("path")
	if name == "" {
		name = reportIndex
	}
	if !fs.ValidPath(name) || slices.ContainsFunc(strings.Split(name, "/"), func(e string) bool { return strings.HasPrefix(e, ".") }) {
		s.fail(w, r, http.StatusNotFound, "no file %q in report %q", name, id)
		return
	}
	root, err := os.OpenRoot(filepath.Join(s.cfg.ReportsDir, id))
	if err != nil {
		s.fail(w, r, http.StatusNotFound, "report %q not found", id)
		return
	}
	defer root.Close()
	f, err := root.Open(filepath.FromSlash(name))
	if err != nil {
		s.fail(w, r, http.StatusNotFound, "no file %q in report %q", name, id)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		s.fail(w, r, http.StatusNotFound, "no file %q in report %q", name, id)
		return
	}
	w.Header().Set("Content-Security-Policy", cspReport)
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, path.Base(name), fi.ModTime(), io.ReadSeeker(f))
}
