package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/storage"
	"reportengine/internal/settings"
	"reportengine/llm"
	"reportengine/llm/tokens"
	"reportengine/text"
)

// knowledgeFromGraph is knowledge.FromGraph (a variable so that a test
// can stand in a conversion that takes long).
var knowledgeFromGraph = knowledge.FromGraph

// saveModelFile is knowledge.SaveModelFile (a variable so that a test can
// stand in a model file whose index takes long to make).
var saveModelFile = knowledge.SaveModelFile

// maxLoadWarnings is how many load warnings of one list are printed before
// the rest are counted: a GraphRAG index can hold dozens of rows naming
// endpoints that are not entities, which would bury the answer.
const maxLoadWarnings = 5

// loadWarnings prints the warnings of loading a graph or index on c.Err,
// each as "warning: <prefix><warning>": under --quiet one line with their
// number, otherwise the first maxLoadWarnings and the number of the rest.
// search, questions, chat, query and export use it.
func (c cmdIO) loadWarnings(prefix string, list []string) {
	w := c.Err
	if len(list) == 0 {
		return
	}
	if c.quiet {
		fmt.Fprintf(w, "warning: %s%d load warnings (run without --quiet to see them)\n", prefix, len(list))
		return
	}
	for i, x := range list {
		if i == maxLoadWarnings {
			fmt.Fprintf(w, "warning: %s… and %d more load warnings like these\n", prefix, len(list)-i)
			return
		}
		fmt.Fprintf(w, "warning: %s%s\n", prefix, x)
	}
}

// openRAG loads the knowledge model, the settings, the embedder and the
// entity vectors, and builds the context builder.
func openRAG(ctx context.Context, o *ragOptions) (*ragSession, error) {
	if o.Index != "" && o.changed("graph") {
		return nil, usagef("--graph and --graphrag-index exclude each other")
	}
	if err := o.precheck(); err != nil {
		return nil, err
	}
	text.Warm() // the Chinese dictionary loads while the knowledge does
	s := &ragSession{}
	var set *settings.Settings
	if o.Index != "" {
		m, st, err := o.indexKnowledge(ctx)
		if err != nil {
			return nil, err
		}
		s.m, s.label, set = m, "index "+m.Source().Path, st
	} else {
		m, id, err := o.graphKnowledge(ctx)
		if err != nil {
			return nil, err
		}
		s.m, s.label = m, "graph "+id
	}
	if len(s.m.Entities()) == 0 {
		// nothing to search: said once, naming the file or folder, before
		// any question is read (chat would otherwise fail every answer)
		return nil, inputError{fmt.Errorf("%s (%s): %w", s.label, s.m.Source().Path, localsearch.ErrEmptyKnowledge)}
	}
	st := s.m.Stats()
	o.note("%s: %s", s.label, strings.Join(st.Lines(), "; "))
	o.loadWarnings("", st.Warnings)
	p, err := o.params(set)
	if err != nil {
		return nil, err
	}
	s.params = p
	if prompt, err := set.ReadPrompt(); err != nil {
		o.warn("%v; using the built-in prompt", err)
	} else if prompt != "" {
		s.prompt = prompt
	}
	s.tk, _ = tokens.New(o.Encoding) // precheck has refused an unknown encoding
	emb, err := o.embedder(ctx, s.m)
	if err != nil {
		return nil, err
	}
	s.params.Retrieval = o.retrieval(s.m, emb)
	store, err := o.entityVectors(ctx, s.m, emb, set)
	if err != nil {
		return nil, err
	}
	if o.manyQuestions {
		store.KeepPages()
	}
	s.builder, err = localsearch.NewContextBuilder(s.m, localsearch.Config{Tokenizer: s.tk, Embedder: emb, VectorStore: store})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// indexKnowledge loads the GraphRAG index --graphrag-index names and the
// settings.yaml found beside it (nil when none is). Errors: an
// inputError naming the flag or the settings file; ctx's.
func (o *ragOptions) indexKnowledge(ctx context.Context) (*knowledge.Model, *settings.Settings, error) {
	end := o.Log.start("loaded the index", "loading GraphRAG index %s", o.Index)
	m, err := await(ctx, func() (*knowledge.Model, error) {
		return knowledge.FromParquet(o.Index, knowledge.ParquetOptions{CommunityLevel: knowledge.Level(o.CommunityLevel)})
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, err
		}
		return nil, nil, inputError{fmt.Errorf("--graphrag-index: %w", err)}
	}
	end()
	var set *settings.Settings
	if p := settings.Find(o.Index); p != "" {
		if set, err = settings.Load(p); err != nil {
			return nil, nil, inputError{err}
		}
		for _, w := range set.Warnings {
			o.warn("%s", w)
		}
		o.note("settings: %s", p)
	}
	return m, set, nil
}

// entityVectors embeds the entities of m with emb, or reads their vectors
// from the index (when set names the embedding model they were made with)
// or the vector cache (unless --no-vector-cache), and says where each
// came from. Errors: knowledge.EntityVectors'.
func (o *ragOptions) entityVectors(ctx context.Context, m *knowledge.Model, emb llm.Embedder, set *settings.Settings) (*knowledge.ExactStore, error) {
	vo := knowledge.VectorOptions{Embedder: emb}
	if !o.NoVectorCache {
		vo.CacheDirs = knowledge.DefaultCacheDirs(m, o.userCacheDir())
	}
	if set != nil && set.EmbeddingModel != "" {
		if i := slices.IndexFunc(m.Entities(), func(e knowledge.Entity) bool { return len(e.DescriptionEmbedding) > 0 }); i >= 0 {
			vo.IndexEmbedder = &llm.EmbedderInfo{Model: set.EmbeddingModel, Dimensions: len(m.Entities()[i].DescriptionEmbedding)}
		}
	}
	end := o.Log.start("embedded the entities", "embedding %d entities", len(m.Entities()))
	store, vrep, err := knowledge.EntityVectors(ctx, m, vo)
	if err != nil {
		return nil, err
	}
	end()
	info := emb.Info()
	line := fmt.Sprintf("entity vectors (%s/%s, %d dimensions): %d from the index, %d cached, %d computed", info.Provider, info.Model, info.Dimensions, vrep.FromIndex, vrep.FromCache, vrep.Computed)
	if vrep.CacheFile != "" {
		line += "; cache " + vrep.CacheFile
	}
	o.note("%s", line)
	for _, n := range vrep.Notes {
		o.note("%s", n)
	}
	for _, w := range vrep.Warnings {
		o.warn("%s", w)
	}
	return store, nil
}

// graphKnowledge returns the knowledge model of the stored graph
// --graph names, and its id: read from the model file beside the graph
// (knowledge.ModelFileName) when that was made from the graph file's
// present bytes, else made from the graph (knowledgeFromGraph), and the
// model file written for the next search (a failure to write it is
// ignored: the next search makes the model again) and the model read
// back from it (knowledge.SaveModelFile; when that fails, the model is
// made again from the graph, once, and not saved).
func (o *ragOptions) graphKnowledge(ctx context.Context) (*knowledge.Model, string, error) {
	m, id, err := o.graphModel(ctx, true)
	if err == nil && m == nil {
		return o.graphModel(ctx, false)
	}
	return m, id, err
}

// graphModel is graphKnowledge, saving the model file when save is true;
// its model is nil when the model file was written but not read back.
func (o *ragOptions) graphModel(ctx context.Context, save bool) (*knowledge.Model, string, error) {
	c := o.cmdIO
	id, path, side, key, endLoad := o.locateGraph(ctx)
	if path != "" {
		c.Log = nil // the graph's load below is part of the stage locateGraph started
	}
	if side != "" {
		key.ReportID = id
		m, warnings, err := knowledge.ReadModelFile(ctx, side, path, key)
		if err == nil {
			endLoad()
			o.loadWarnings("graph "+id+": ", warnings)
			return m, id, nil
		}
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
	}
	g, id, loadWarnings, err := c.loadGraphFlag(ctx, o.GraphsDir, o.Graph)
	if err != nil {
		return nil, "", err
	}
	endLoad()
	if path == "" {
		path = graphFile(o.GraphsDir, id)
	}
	// the first search of a graph indexes it and keeps the index beside it
	// (about a minute on the 300 000-record graph, which said nothing for
	// that minute: new-user trial 45); later searches read the index
	endIndex := func() {}
	if save && side != "" {
		endIndex = o.cmdIO.Log.start("indexed the graph", "indexing the graph for search, once (%d nodes; the index is kept beside the graph)", g.NodeCount())
	}
	// the conversion checks ctx itself; await returns at once on Ctrl-C
	// whatever the conversion is doing
	m, err := await(ctx, func() (*knowledge.Model, error) {
		return knowledgeFromGraph(ctx, g, knowledge.GraphOptions{Path: path})
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", err
		}
		return nil, "", inputError{err}
	}
	if save && side != "" && key.ReportID == id {
		// the key's sum was taken before the graph was read: were the file
		// replaced meanwhile, the model file would name the old bytes and
		// never be used, not the other way round
		key.LoadWarnings = loadWarnings
		// the file's bigram index is made before its temporary file
		// exists and takes seconds on a large graph without looking at
		// ctx: on Ctrl-C the command returns at once (the write itself
		// stops within a thousand records and removes its part)
		m, _ = awaitCleanup(ctx, fillAbandonWait, func() (*knowledge.Model, error) {
			return saveModelFile(ctx, side, path, m, key)
		})
	}
	if err := ctx.Err(); err != nil {
		return nil, "", err // interrupted while the model file was written: stop now, not after the vectors
	}
	endIndex()
	return m, id, nil
}

// locateGraph finds the file of the graph o names and its model file
// beside it, for graphModel: the graph's id, its path and the model
// file's ("" for each not known), the model file's key (the graph's
// sum), and the end of the "loading graph" stage it started (a no-op
// when it started none). Anything wrong on the way (no such graph, a bad
// id) is left to the graph's own load, which says what is wrong; a graph
// whose sum cannot be taken has no model file tried.
func (o *ragOptions) locateGraph(ctx context.Context) (id, path, side string, key knowledge.ModelFileKey, endLoad func()) {
	id, endLoad = o.Graph, func() {}
	store, err := storage.New(o.GraphsDir)
	if err != nil {
		return id, "", "", key, endLoad
	}
	if id == storage.LatestID {
		id, err = store.Latest()
	}
	if err == nil {
		path, err = store.Path(id)
	}
	if err != nil {
		return id, "", "", key, endLoad
	}
	side = filepath.Join(filepath.Dir(path), knowledge.ModelFileName)
	size := ""
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		size = " (" + humanBytes(fi.Size()) + ")"
	}
	endLoad = o.cmdIO.Log.start("loaded the graph", "loading graph %s%s", id, size)
	if key.Graph, err = knowledge.SumFile(ctx, path); err != nil {
		side = ""
	}
	return id, path, side, key, endLoad
}
