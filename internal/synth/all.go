package synth

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// WriteAll writes a full synthetic input set under dir. For each engine it
// writes <dir>/<engine>_engine_streamlit_reports/state_<q>_bench.json, where
// <q> is FileTopic of the topic, and it also writes <dir>/logs/forum.log with
// forumEntries speeches (see WriteForum; forumEntries may be 0). The three
// state files are written concurrently. It returns the four paths in the
// order query, media, insight, forum. On error the returned paths are nil,
// and files that were already written are left in place.
func WriteAll(dir string, cfg Config, forumEntries int) (paths []string, err error) {
	norm, err := cfg.normalize()
	if err != nil {
		return nil, err
	}
	if forumEntries < 0 {
		return nil, fmt.Errorf("synth: negative forum entry count %d", forumEntries)
	}
	name := "state_" + FileTopic(norm.Topic) + "_bench.json"
	for _, e := range engineNames {
		paths = append(paths, filepath.Join(dir, e+"_engine_streamlit_reports", name))
	}
	paths = append(paths, filepath.Join(dir, "logs", "forum.log"))

	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i, e := range engineNames {
		wg.Go(func() {
			errs[i] = writeFile(paths[i], func(w io.Writer) error { return WriteState(w, e, cfg) })
		})
	}
	errs[len(paths)-1] = writeFile(paths[len(paths)-1], func(w io.Writer) error {
		return WriteForum(w, forumEntries, norm.Seed)
	})
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return paths, nil
}

// writeFile creates path (and its directory) and fills it with write.
func writeFile(path string, write func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	// WriteState and WriteForum buffer internally.
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("synth: writing %s: %w", path, err)
	}
	return nil
}
