package knowledge

// The records of the Microsoft GraphRAG data model (reference
// msgraphrag-local-search.md §1.1). Field names follow the reference; list
// fields are nil when the source has no such column. Records are immutable
// once a Model is loaded: nothing in this module writes to them after Load
// returns (the reference mutates Relationship.attributes and report
// attributes during search, §10 #4; B32).

// Entity is a node of the knowledge model: a person, place, organisation,
// or (from our graphs) a topic, engine, section, search query or source.
type Entity struct {
	ID                   string    // unique id (a UUID in GraphRAG indexes, our node id for our graphs)
	ShortID              string    // human-readable id shown in context tables and [Data: Entities (…)] citations
	Title                string    // name; relationships and covariates refer to entities by Title
	Type                 string    // entity type ("PERSON", "source", …); "" when unknown
	Description          string    // free text; may contain newlines and quotes
	DescriptionEmbedding []float32 // nil unless the source stores one
	CommunityIDs         []string  // community numbers as decimal strings, ascending
	TextUnitIDs          []string  // ids of the text units that mention it
	Rank                 int       // degree (GraphRAG: entities.degree); HasRank false when the column is null
	HasRank              bool
	Attributes           []Attribute // ordered key/value pairs; nil when none
}

// Relationship is a directed, described edge between two entities, given by
// their Titles (as in GraphRAG).
type Relationship struct {
	ID          string
	ShortID     string
	Source      string  // entity Title
	Target      string  // entity Title
	Weight      float64 // GraphRAG relationships.weight; HasWeight false when null
	HasWeight   bool
	Description string
	TextUnitIDs []string
	Rank        int // combined degree; HasRank false when null
	HasRank     bool
	Attributes  []Attribute
}

// TextUnit is a chunk of source text.
type TextUnit struct {
	ID              string
	ShortID         string // the row position in GraphRAG indexes (the reference's Sources id), not HumanReadableID
	HumanReadableID string // text_units.human_readable_id when the index has it; "" otherwise
	Text            string
	EntityIDs       []string
	RelationshipIDs []string
	NTokens         int
	DocumentID      string
	Attributes      []Attribute
}

// CommunityReport is the summary of one community.
type CommunityReport struct {
	ID          string
	ShortID     string // GraphRAG: str(community)
	Title       string
	CommunityID string // str(community)
	Summary     string
	FullContent string
	Rank        float64 // HasRank false when null
	HasRank     bool
	Level       int
	Attributes  []Attribute
}

// Community is one community of the hierarchy (used for level filtering;
// local search itself works on reports).
type Community struct {
	ID          string
	ShortID     string
	Title       string
	Community   string // the community number as a decimal string
	Level       int
	Parent      string
	Children    []string
	EntityIDs   []string
	RelationIDs []string
	TextUnitIDs []string
}

// Covariate is a claim about an entity.
type Covariate struct {
	ID            string
	ShortID       string
	SubjectID     string // entity Title
	SubjectType   string // "entity"
	CovariateType string // GraphRAG reads this from the claim's `type` column (§1.2)
	TextUnitIDs   []string
	Attributes    []Attribute // object_id, status, start_date, end_date, description, in that order
}

// Attribute is one ordered key/value pair of a record's attributes. Value is
// already rendered as the reference would print it (pystr, §Conventions).
type Attribute struct {
	Key   string
	Value string
}
