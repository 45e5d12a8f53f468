package server

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
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
			s.internal(w, r, err, "the reports could not be listed")
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
		return cmp.Or(tb.Compare(ta), cmp.Compare(a.ID, b.ID))
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
		data, err := readLimited(filepath.Join(dir, "manifest.json"), maxManifestBytes)
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

// maxManifestBytes is the largest manifest.json /api/reports reads, in
// bytes (the renderer's are a few KB).
const maxManifestBytes = 4 << 20

// readLimited reads a whole file of at most limit bytes; a larger one is
// an error saying so (without the path).
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errors.New("cannot be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, errors.New("cannot be read")
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, nil
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

// errNoReport: the report folder does not exist, or is not a folder (a
// symbolic link to one included).
var errNoReport = errors.New("no such report folder")

// openReportFile opens <ReportsDir>/<id>/<name> for reading. The reports
// folder is opened as an os.Root, so neither ".." nor a symbolic link
// leads outside it; the report folder itself must be a real folder, not a
// symbolic link (errNoReport), even one to a folder inside the root.
func (s *Server) openReportFile(id, name string) (*os.File, error) {
	root, err := os.OpenRoot(s.cfg.ReportsDir)
	if err != nil {
		return nil, errNoReport
	}
	defer root.Close()
	fi, err := root.Lstat(id)
	if err != nil || !fi.IsDir() {
		return nil, errNoReport
	}
	return root.Open(filepath.Join(id, name))
}

// handleReportFile serves GET /reports/{id}/{path...}: a file inside
// <ReportsDir>/<id>, read-only. The reports folder is opened as an
// os.Root, so neither ".." nor a symbolic link can reach outside it, and a
// report folder that is a symbolic link is not served at all; "" serves
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
	name := cmp.Or(r.PathValue("path"), reportIndex)
	if !fs.ValidPath(name) || slices.ContainsFunc(strings.Split(name, "/"), func(e string) bool { return strings.HasPrefix(e, ".") }) {
		s.fail(w, r, http.StatusNotFound, "no file %q in report %q", name, id)
		return
	}
	f, err := s.openReportFile(id, filepath.FromSlash(name))
	if errors.Is(err, errNoReport) {
		s.fail(w, r, http.StatusNotFound, "report %q not found", id)
		return
	}
	var fi os.FileInfo
	if err == nil {
		defer f.Close()
		fi, err = f.Stat()
	}
	if err != nil || !fi.Mode().IsRegular() {
		s.fail(w, r, http.StatusNotFound, "no file %q in report %q", name, id)
		return
	}
	w.Header().Set("Content-Security-Policy", cspReport)
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, path.Base(name), fi.ModTime(), io.ReadSeeker(f))
}
