// Package settings reads the part of a Microsoft GraphRAG project's
// settings.yaml that reportengine uses: the local_search section, whose
// keys (reference msgraphrag-local-search.md §7) give the defaults of
// reportengine search, questions and chat; command-line flags override
// them. It is the module's only user of gopkg.in/yaml.v3.
//
//	path := settings.Find("ragtest")      // ragtest/settings.yaml, or "" when there is none
//	s, err := settings.Load(path)         // *SyntaxError / *ValueError name the file and line
//	if s.LocalSearch.MaxContextTokens != nil { … }
//
// Read keys of local_search (every one optional; a missing key leaves the
// field nil): text_unit_prop and community_prop (numbers in [0, 1]),
// conversation_history_max_turns, top_k_entities, top_k_relationships and
// max_context_tokens (whole numbers ≥ 0), prompt (a file inside the
// project folder, relative to the settings file's folder: an absolute path
// or one with ".." is a *ValueError, and ReadPrompt refuses a symbolic link
// leading out of the folder and files over MaxPromptBytes), completion_model_id and
// embedding_model_id (names of entries of the models section). Unknown
// keys are kept as warnings naming the line; GraphRAG ignores them too.
// EmbeddingModel is the model name of the embedding_model_id entry
// (default "default_embedding_model") of the models or embedding_models
// section, when present.
//
// Not done: GraphRAG's ${ENV_VAR} substitution (local_search has no
// secrets); values written as ${...} are reported as such.
package settings
