package storage

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"reportengine/graphrag"
)

// Info describes one stored graph without loading it.
type Info struct {
	// ID is the report id, the name of the graph's folder.
	ID string `json:"id"`
	// Path is the file path, <dir>/<id>/graphrag.json.
	Path string `json:"path"`
	// CreatedAt is the file's "created_at", parsed (see List); the zero
	// time when it is missing or in no known layout.
	CreatedAt time.Time `json:"created_at,omitzero"`
	// ModTime is the file's modification time.
	ModTime time.Time `json:"mod_time"`
	// Size is the file size in bytes.
	Size int64 `json:"size"`
	// Nodes and Edges are the counts the file declares in "stats"
	// (total_nodes, total_edges), or the number of elements of its "nodes"
	// and "edges" arrays when it has no stats. Load can return fewer: it
	// skips duplicate nodes and edges and edges to missing nodes, which
	// files of the reference writer may contain and count.
	Nodes int `json:"nodes"`
	Edges int `json:"edges"`
	// TypeCounts maps a node type to its number of nodes (the non-total
	// keys of "stats", or counted). It is nil when the file is unreadable.
	TypeCounts map[string]int `json:"type_counts"`
	// Err is nil for a readable file. Otherwise it says why the counts are
	// zero: an I/O error, or an error wrapping graphrag.ErrFormat for a file
	// that is not a graph or is cut short. List reads only the head and the
	// last bytes of files in our layout, so other damage past "stats" shows
	// up in Load, not here.
	Err error `json:"-"`
}

// MarshalJSON writes Info as a JSON object with the tagged fields, plus
// "error" (the text of Err) when Err is set.
func (in Info) MarshalJSON() ([]byte, error) {
	type plain Info
	var msg string
	if in.Err != nil {
		msg = in.Err.Error()
	}
	return json.Marshal(struct {
		plain
		Error string `json:"error,omitempty"`
	}{plain(in), msg})
}

// List describes every sub-folder of the graphs folder (but hidden ones,
// whose names start with '.', such as a save's temporary folder): a
// graph, or with Info.Err set and zero counts what is wrong with it — a
// name that fails ValidateID (wrapping ErrInvalidID), no graphrag.json
// (wrapping ErrNotFound), a graph file that is not a regular file (a
// folder: wrapping graphrag.ErrFormat), cannot be read or parsed, or is cut
// short — so that no broken graph is left out or hides the others. Files
// beside the folders are ignored; a missing graphs folder gives an empty
// list.
//
// Counts come from the head of each file: graphrag.WriteJSON puts
// "task_id", "created_at" and "stats" before "nodes", so List stops reading
// at "nodes" and its cost does not grow with the graph. Files with "stats"
// after the arrays (the reference writer's layout) are streamed element by
// element without holding them in memory.
//
// "created_at" may be RFC 3339 (with or without fractional seconds) or the
// reference writer's local time without zone, 2006-01-02T15:04:05.999999
// (a space instead of the 'T' is accepted too), read as local time.
//
// Order, newest first: by CreatedAt descending (a zero CreatedAt is the
// oldest), then by ModTime descending, then by ID ascending, so the order is
// the same on every call and every platform.
func (s *Store) List() ([]Info, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		if isNotExist(err) {
			return []Info{}, nil
		}
		return nil, fmt.Errorf("storage: list: %w", err)
	}
	out := make([]Info, 0, len(entries))
	for _, e := range entries {
		id := e.Name()
		if strings.HasPrefix(id, ".") {
			continue // hidden, or a save's temporary folder
		}
		path, folder := s.path(id), filepath.Join(s.dir, id)
		if why := badID(id); why != "" {
			if e.IsDir() {
				out = append(out, Info{ID: id, Path: path, Err: fmt.Errorf("storage: list: %s: not a usable report id: %s: %w", folder, why, ErrInvalidID)})
			}
			continue
		}
		dfi, derr := os.Stat(folder) // follows a symlinked folder
		if derr == nil && !dfi.IsDir() {
			continue // a file beside the graphs
		}
		fi, err := os.Stat(path) // follows a symlinked file
		info := Info{ID: id, Path: path}
		switch {
		case derr != nil:
			info.Err = fmt.Errorf("storage: list: %s: %w", folder, derr)
		case err != nil && isNotExist(err):
			info.ModTime, info.Err = dfi.ModTime(), fmt.Errorf("storage: list: %s: no %s in the folder: %w", folder, FileName, ErrNotFound)
		case err != nil:
			info.ModTime, info.Err = dfi.ModTime(), fmt.Errorf("storage: list: %s: %w", path, err)
		case fi.IsDir():
			info.ModTime, info.Err = fi.ModTime(), fmt.Errorf("storage: list: %s is a folder, not a graph file: %w", path, graphrag.ErrFormat)
		case !fi.Mode().IsRegular():
			info.ModTime, info.Err = fi.ModTime(), fmt.Errorf("storage: list: %s is not a regular file (%v): %w", path, fi.Mode().Type(), graphrag.ErrFormat)
		default:
			info.ModTime, info.Size = fi.ModTime(), fi.Size()
			if h, err := readHeadFile(path); err != nil {
				info.Err = fmt.Errorf("storage: list: %s: %w", path, err)
			} else {
				info.CreatedAt = parseCreatedAt(h.createdAt)
				info.Nodes, info.Edges, info.TypeCounts = h.counts()
			}
		}
		out = append(out, info)
	}
	slices.SortFunc(out, compareInfo)
	return out, nil
}

// TypeCounts returns the node counts by type that the graph file of id
// declares (Info.TypeCounts), read from its head as List reads each file,
// without reading the other graphs or the file's arrays. Errors: an id
// that fails ValidateID (ErrInvalidID), and those of reading or parsing
// the head (graphrag.ErrFormat for a file that is not a graph).
func (s *Store) TypeCounts(id string) (map[string]int, error) {
	if err := checkID("type counts", id); err != nil {
		return nil, err
	}
	h, err := readHeadFile(s.path(id))
	if err != nil {
		return nil, fmt.Errorf("storage: %s: %w", s.path(id), err)
	}
	_, _, counts := h.counts()
	return counts, nil
}

// compareInfo orders newest first: CreatedAt desc, ModTime desc, ID asc.
func compareInfo(a, b Info) int {
	if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
		return c
	}
	if c := b.ModTime.Compare(a.ModTime); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// Latest returns the id of the newest graph: the first of List that has a
// graph file under a valid id. With no graph at all the error wraps
// ErrNotFound. A graph List reports as
// unreadable can still be the latest (by its modification time); Load then
// returns its error.
func (s *Store) Latest() (string, error) {
	infos, err := s.List()
	if err != nil {
		return "", fmt.Errorf("storage: latest: %w", err)
	}
	for _, in := range infos {
		if in.Err == nil || !errors.Is(in.Err, ErrNotFound) && !errors.Is(in.Err, ErrInvalidID) {
			return in.ID, nil
		}
	}
	return "", fmt.Errorf("storage: latest: %w: no graph in %s", ErrNotFound, s.dir)
}

// createdAtLayouts are tried in order by parseCreatedAt; the last two are
// read in local time. Parsing accepts a fractional second after the seconds
// even when a layout has none.
var createdAtLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05"}

// parseCreatedAt parses a "created_at" value; unknown layouts give the zero
// time.
func parseCreatedAt(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	if t, err := time.Parse(createdAtLayouts[0], s); err == nil {
		return t
	}
	for _, layout := range createdAtLayouts[1:] {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t
		}
	}
	return time.Time{}
}

// head is what List needs from a graph file.
type head struct {
	createdAt string

	// From "stats": statTypes is nil when the file has none, a total nil
	// when the stats do not give it.
	totalNodes, totalEdges *int
	statTypes              map[string]int

	countedNodes int
	countedEdges int
	countedTypes map[string]int

	// stopped: the scan ended at "nodes" (the file's head is all it read).
	stopped bool
}

// counts returns the node and edge counts and the type counts: from
// "stats" when the file has them, else the counted elements.
func (h *head) counts() (nodes, edges int, types map[string]int) {
	nodes, edges, types = h.countedNodes, h.countedEdges, h.countedTypes
	if h.statTypes != nil {
		types = h.statTypes
		if h.totalNodes != nil {
			nodes = *h.totalNodes
		} else {
			nodes = 0
			for _, n := range types {
				nodes += n
			}
		}
		if h.totalEdges != nil {
			edges = *h.totalEdges
		}
	}
	if types == nil {
		types = map[string]int{}
	}
	return nodes, edges, types
}

// errStop ends the scan early once everything List needs has been read.
var errStop = errors.New("stop")

func readHeadFile(path string) (*head, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h, err := readHead(f)
	if err == nil && h.stopped {
		err = checkEnd(f)
	}
	return h, err
}

// checkEnd reports a graph file whose head List read but whose end is not
// the end of the graph object: the last bytes, white space aside, must
// close the edges array and the object ("]" then "}"), as every JSON
// writer of our layout ends it. A file cut short (a copy that stopped, a
// full disk) is then listed with an error instead of the counts its head
// declares. The error wraps graphrag.ErrFormat.
func checkEnd(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	n := min(fi.Size(), 64)
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, fi.Size()-n); err != nil && err != io.EOF {
		return err
	}
	tail := strings.TrimRight(string(buf), " \t\r\n")
	if strings.HasSuffix(tail, "}") && strings.HasSuffix(strings.TrimRight(strings.TrimSuffix(tail, "}"), " \t\r\n"), "]") {
		return nil
	}
	return fmt.Errorf("%w: the file is cut short (%d bytes; it does not end with the closing ] and })", graphrag.ErrFormat, fi.Size())
}

// readHead scans a graph file as a JSON token stream. It reads
// "created_at" and "stats" and stops at the first "nodes" or "edges" key
// that follows "stats". Before "stats" it counts array elements one at a
// time, decoding only the node type. A UTF-8 byte order mark before the
// JSON is skipped, as graphrag.ReadJSON skips it. Errors wrap
// graphrag.ErrFormat; a file of nothing but white space is an "empty
// graph file", as for ReadJSON.
func readHead(r io.Reader) (*head, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && string(b) == "\uFEFF" {
		_, _ = br.Discard(3)
	}
	for blank := 0; ; blank++ {
		b, err := br.Peek(1)
		if err == io.EOF {
			return nil, fmt.Errorf("%w: at $: empty graph file (%d bytes, no JSON value)", graphrag.ErrFormat, blank)
		}
		if err != nil || !strings.ContainsRune(" \t\r\n", rune(b[0])) {
			break
		}
		_, _ = br.Discard(1)
	}
	dec := json.NewDecoder(br)
	dec.UseNumber()
	h := &head{}
	err := h.object(dec, "$")
	if errors.Is(err, errStop) {
		h.stopped = true
		return h, nil
	}
	if err != nil {
		return nil, err
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, fmt.Errorf("%w: after the graph object: %v", graphrag.ErrFormat, err)
		}
		return nil, fmt.Errorf("%w: unexpected data after the graph object: %v", graphrag.ErrFormat, tok)
	}
	return h, nil
}

func formatErr(path string, dec *json.Decoder, err error) error {
	return fmt.Errorf("%w: at %s (byte %d): %v", graphrag.ErrFormat, path, dec.InputOffset(), err)
}

func expect(dec *json.Decoder, path string, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return formatErr(path, dec, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("%w: at %s: want %q, got %v", graphrag.ErrFormat, path, string(want), tok)
	}
	return nil
}

// object scans a graph object: the top level or the "graph" of the
// reference web API's {"success":…, "graph":{…}} envelope.
func (h *head) object(dec *json.Decoder, path string) error {
	if err := expect(dec, path, '{'); err != nil {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return formatErr(path, dec, err)
		}
		key, _ := tok.(string)
		kp := path + "." + key
		switch key {
		case "created_at":
			tok, err := dec.Token()
			if err != nil {
				return formatErr(kp, dec, err)
			}
			switch v := tok.(type) {
			case string:
				if h.createdAt == "" {
					h.createdAt = v
				}
			case json.Delim:
				return fmt.Errorf("%w: at %s: want a string, got %s", graphrag.ErrFormat, kp, delimName(v))
			}
		case "stats":
			if err := h.stats(dec, kp); err != nil {
				return err
			}
		case "nodes", "edges":
			if h.statTypes != nil {
				return errStop
			}
			if err := h.array(dec, kp, key == "nodes"); err != nil {
				return err
			}
		case "graph":
			if err := h.object(dec, kp); err != nil {
				return err
			}
		default:
			if err := skipValue(dec, kp); err != nil {
				return err
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return formatErr(path, dec, err)
	}
	return nil
}

// stats reads {"total_nodes": N, "total_edges": E, "<type>": n, …}. Values
// that are not integers are ignored; for a key given twice the first wins.
func (h *head) stats(dec *json.Decoder, path string) error {
	if err := expect(dec, path, '{'); err != nil {
		return err
	}
	h.statTypes = map[string]int{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return formatErr(path, dec, err)
		}
		key, _ := tok.(string)
		kp := path + "." + key
		tok, err = dec.Token()
		if err != nil {
			return formatErr(kp, dec, err)
		}
		if d, ok := tok.(json.Delim); ok {
			if err := skipRest(dec, kp, d); err != nil {
				return err
			}
			continue
		}
		num, ok := tok.(json.Number)
		if !ok {
			continue
		}
		n64, err := num.Int64()
		if err != nil || n64 < 0 {
			continue
		}
		n := int(n64)
		switch key {
		case "total_nodes":
			if h.totalNodes == nil {
				h.totalNodes = &n
			}
		case "total_edges":
			if h.totalEdges == nil {
				h.totalEdges = &n
			}
		default:
			if _, dup := h.statTypes[key]; !dup {
				h.statTypes[key] = n
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return formatErr(path, dec, err)
	}
	return nil
}

// nodeHead is the only part of a node List decodes.
type nodeHead struct {
	Type  *string `json:"type"`
	Group *string `json:"group"`
}

// array counts the elements of "nodes" or "edges", decoding one element at
// a time: for nodes only the type, for edges nothing.
func (h *head) array(dec *json.Decoder, path string, nodes bool) error {
	if err := expect(dec, path, '['); err != nil {
		return err
	}
	if nodes && h.countedTypes == nil {
		h.countedTypes = map[string]int{}
	}
	for i := 0; dec.More(); i++ {
		var n nodeHead
		var into any = &struct{}{}
		if nodes {
			into = &n
		}
		if err := dec.Decode(into); err != nil {
			return formatErr(fmt.Sprintf("%s[%d]", path, i), dec, err)
		}
		if !nodes {
			h.countedEdges++
			continue
		}
		switch {
		case n.Type != nil:
			h.countedTypes[*n.Type]++
		case n.Group != nil:
			h.countedTypes[*n.Group]++
		default:
			h.countedTypes[""]++
		}
		h.countedNodes++
	}
	if _, err := dec.Token(); err != nil {
		return formatErr(path, dec, err)
	}
	return nil
}

// skipValue reads past one JSON value of any kind.
func skipValue(dec *json.Decoder, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return formatErr(path, dec, err)
	}
	if d, ok := tok.(json.Delim); ok {
		return skipRest(dec, path, d)
	}
	return nil
}

// skipRest reads past the rest of an object or array whose opening
// delimiter d has been read.
func skipRest(dec *json.Decoder, path string, d json.Delim) error {
	if d != '{' && d != '[' {
		return fmt.Errorf("%w: at %s: unexpected %q", graphrag.ErrFormat, path, string(d))
	}
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return formatErr(path, dec, err)
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

func delimName(d json.Delim) string {
	if d == '[' {
		return "an array"
	}
	return "an object"
}
