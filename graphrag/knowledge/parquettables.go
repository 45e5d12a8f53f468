package knowledge

// The tables of a GraphRAG index, read one by one for FromParquet
// (parquet.go): entities, relationships, text units, communities, community
// reports and covariates, each mapped as the package documentation says.

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

func (ix *index) readEntities() ([]Entity, map[string]bool, error) {
	title := ix.pick(tEntities, "title", "name")
	t, err := ix.read(tEntities, []colSpec{
		{"id", kIDString, true},
		{"human_readable_id", kIDString, false},
		{title, kString, true},
		{"type", kString, false},
		{"description", kString, false},
		{"text_unit_ids", kStringList, false},
		{"degree", kInt, false},
		{"description_embedding", kFloatList, false},
	})
	if err != nil {
		return nil, nil, err
	}
	st := ix.stat(tEntities)
	seen := map[string]bool{}
	titles := map[string]bool{}
	ents := make([]Entity, 0, t.rows)
	for r := 0; r < t.rows; r++ {
		id := t.str("id", r)
		if id == "" {
			st.Skipped++
			ix.warn.add("entity-id", "%s row %d: entity without id skipped", t.file, r)
			continue
		}
		if seen[id] {
			st.Skipped++
			ix.warn.add("entity-dup", "%s row %d: duplicate entity id %q skipped", t.file, r, id)
			continue
		}
		seen[id] = true
		e := Entity{ID: id, ShortID: t.str("human_readable_id", r), Title: t.str(title, r), Type: t.str("type", r),
			Description: t.str("description", r), TextUnitIDs: t.strs("text_unit_ids", r),
			DescriptionEmbedding: t.floats("description_embedding", r)}
		if d, ok := t.int("degree", r); ok {
			e.Rank, e.HasRank = int(d), true
		}
		titles[e.Title] = true
		ents = append(ents, e)
	}
	slices.SortStableFunc(ents, func(a, b Entity) int { return cmp.Compare(a.ID, b.ID) })
	return ents, titles, nil
}

func (ix *index) readRelationships(titles map[string]bool) ([]Relationship, error) {
	rank := ix.pick(tRelationships, "combined_degree", "rank")
	t, err := ix.read(tRelationships, []colSpec{
		{"id", kIDString, true},
		{"human_readable_id", kIDString, false},
		{"source", kString, true},
		{"target", kString, true},
		{"description", kString, false},
		{"weight", kFloat, false},
		{rank, kInt, false},
		{"text_unit_ids", kStringList, false},
	})
	if err != nil {
		return nil, err
	}
	st := ix.stat(tRelationships)
	out := make([]Relationship, 0, t.rows)
	for r := 0; r < t.rows; r++ {
		x := Relationship{ID: t.str("id", r), ShortID: t.str("human_readable_id", r), Source: t.str("source", r),
			Target: t.str("target", r), Description: t.str("description", r), TextUnitIDs: t.strs("text_unit_ids", r)}
		for _, end := range []string{x.Source, x.Target} {
			if !titles[end] {
				st.DanglingKept++
				ix.warn.add("rel-endpoint", "%s row %d (id %s): endpoint %q is not an entity; kept, as GraphRAG does (it can appear as an out-of-network relationship)", t.file, r, x.ID, end)
			}
		}
		x.Weight, x.HasWeight = t.float("weight", r)
		if v, ok := t.int(rank, r); ok {
			x.Rank, x.HasRank = int(v), true
		}
		out = append(out, x)
	}
	return out, nil
}

func (ix *index) readTextUnits() ([]TextUnit, error) {
	doc := ix.pick(tTextUnits, "document_id", "document_ids")
	docKind := kString
	if doc == "document_ids" {
		docKind = kStringList
	}
	t, err := ix.read(tTextUnits, []colSpec{
		{"id", kIDString, true},
		{"human_readable_id", kIDString, false},
		{"text", kString, true},
		{"n_tokens", kInt, false},
		{doc, docKind, false},
		{"entity_ids", kStringList, false},
		{"relationship_ids", kStringList, false},
	})
	if err != nil {
		return nil, err
	}
	out := make([]TextUnit, 0, t.rows)
	for r := 0; r < t.rows; r++ {
		// ShortID: the row position, not human_readable_id (reference §1.2, §10 #13)
		u := TextUnit{ID: t.str("id", r), ShortID: strconv.Itoa(r), HumanReadableID: t.str("human_readable_id", r),
			Text: t.str("text", r), EntityIDs: t.strs("entity_ids", r), RelationshipIDs: t.strs("relationship_ids", r)}
		if n, ok := t.int("n_tokens", r); ok {
			u.NTokens = int(n)
		}
		if docKind == kString {
			u.DocumentID = t.str(doc, r)
		} else if ds := t.strs(doc, r); len(ds) > 0 {
			u.DocumentID = ds[0]
		}
		out = append(out, u)
	}
	return out, nil
}

func (ix *index) readCommunities() ([]Community, error) {
	if _, ok := ix.files[tCommunities]; !ok {
		ix.stat(tCommunities).Absent = true
		return nil, nil
	}
	num := "community"
	if !ix.hasCol(tCommunities, "community") && ix.release == "GraphRAG 0.x" {
		num = ix.pick(tCommunities, "community", "id") // 0.x: id is the Leiden number
	}
	t, err := ix.read(tCommunities, []colSpec{
		{"id", kIDString, true},
		{"human_readable_id", kIDString, false},
		{num, kIDString, true},
		{"level", kInt, true},
		{"parent", kInt, false},
		{"children", kIntList, false},
		{"title", kString, false},
		{"entity_ids", kStringList, false},
		{"relationship_ids", kStringList, false},
		{"text_unit_ids", kStringList, false},
	})
	if err != nil {
		return nil, err
	}
	if !t.has("entity_ids") {
		return nil, &ReleaseError{Dir: ix.dir, Release: ix.release,
			Reason: t.file + " has no entity_ids column, so community membership cannot be read", Hint: migrationHint}
	}
	out := make([]Community, 0, t.rows)
	for r := 0; r < t.rows; r++ {
		c := Community{ID: t.str("id", r), ShortID: t.str("human_readable_id", r), Title: t.str("title", r),
			EntityIDs: t.strs("entity_ids", r), RelationIDs: t.strs("relationship_ids", r), TextUnitIDs: t.strs("text_unit_ids", r)}
		s := t.str(num, r)
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("knowledge: %s row %d: community %q is not a whole number: %w", t.path, r, s, ErrBadValue)
		}
		c.Community = strconv.FormatInt(n, 10)
		lv, ok := t.int("level", r)
		if !ok {
			ix.stat(tCommunities).Skipped++
			ix.warn.add("community-level", "%s row %d: community %s has no level; skipped", t.file, r, c.Community)
			continue
		}
		c.Level = int(lv)
		if p, ok := t.int("parent", r); ok {
			c.Parent = strconv.FormatInt(p, 10)
		}
		for _, ch := range t.ints("children", r) {
			c.Children = append(c.Children, strconv.FormatInt(ch, 10))
		}
		out = append(out, c)
	}
	ix.stat(tCommunities).Kept = len(out)
	return out, nil
}

// fillRanks gives entities a rank when the entities table has no degree
// column (GraphRAG 0.x/1.x): from create_final_nodes.parquet's degree when
// present, else the number of relationships touching the entity (the
// degree GraphRAG computes).
func (ix *index) fillRanks(ents []Entity, rels []Relationship) error {
	if len(ents) == 0 || ix.hasCol(tEntities, "degree") {
		return nil
	}
	if _, ok := ix.files[tNodes]; ok && ix.hasCol(tNodes, "degree") {
		t, err := ix.read(tNodes, []colSpec{{"id", kIDString, true}, {"degree", kInt, true}})
		if err != nil {
			return err
		}
		deg := map[string]int{}
		for r := 0; r < t.rows; r++ {
			id := t.str("id", r)
			if d, ok := t.int("degree", r); ok {
				deg[id] = int(d)
			}
		}
		for i := range ents {
			if d, ok := deg[ents[i].ID]; ok {
				ents[i].Rank, ents[i].HasRank = d, true
			}
		}
		ix.stat(tNodes).Kept = t.rows
		ix.notes = append(ix.notes, "entity rank←create_final_nodes.parquet degree")
		return nil
	}
	deg := map[string]int{}
	for _, r := range rels {
		deg[r.Source]++
		deg[r.Target]++
	}
	for i := range ents {
		ents[i].Rank, ents[i].HasRank = deg[ents[i].Title], true
	}
	ix.notes = append(ix.notes, "entity rank←number of relationships (the entities table has no degree column)")
	return nil
}

// assignCommunities sets each entity's community ids from the communities'
// entity lists (levels ≤ level, ascending community number). An entity in
// none is kept without community ids (B41): it stays searchable, without
// community reports, and one load note counts such entities.
// read_indexer_entities drops them (level <= community_level is false for
// its NaN level), so a question about an entity Leiden left outside every
// community found nothing; this is a deliberate difference.
func (ix *index) assignCommunities(ents []Entity, comms []Community, level int) {
	ix.stat(tEntities).Kept = len(ents)
	if ix.stats[tCommunities].Absent {
		ix.notes = append(ix.notes, "communities: absent (optional); entities carry no community ids and no community level is applied")
		return
	}
	member := map[string][]int64{}
	known := idSet(ents, func(e Entity) string { return e.ID })
	for _, c := range comms {
		if level >= 0 && c.Level > level {
			continue
		}
		n, _ := strconv.ParseInt(c.Community, 10, 64)
		for _, id := range c.EntityIDs {
			if !known[id] {
				ix.stat(tCommunities).Dangling++
				ix.warn.add("community-entity", "%s: community %s lists entity %q, which is not in the entities table", filepath.Base(ix.files[tCommunities]), c.Community, id)
				continue
			}
			member[id] = append(member[id], n)
		}
	}
	without := 0
	for i := range ents {
		switch ns := member[ents[i].ID]; {
		case len(ns) > 0:
			slices.Sort(ns)
			ns = slices.Compact(ns)
			ids := make([]string, len(ns))
			for k, n := range ns {
				ids[k] = strconv.FormatInt(n, 10)
			}
			ents[i].CommunityIDs = ids
		case level >= 0:
			without++
		default:
			ents[i].CommunityIDs = []string{"-1"}
		}
	}
	if without > 0 {
		ix.notes = append(ix.notes, fmt.Sprintf("entities: %d of %d have no community at level ≤ %d; kept and searchable without community reports (GraphRAG leaves them out)", without, len(ents), level))
	}
}

func (ix *index) readReports(level int) ([]CommunityReport, error) {
	if _, ok := ix.files[tReports]; !ok {
		ix.stat(tReports).Absent = true
		return nil, nil
	}
	t, err := ix.read(tReports, []colSpec{
		{"id", kIDString, true},
		{"community", kIDString, true},
		{"level", kInt, level >= 0},
		{"title", kString, true},
		{"summary", kString, false},
		{"full_content", kString, true},
		{"rank", kFloat, false},
	})
	if err != nil {
		return nil, err
	}
	st := ix.stat(tReports)
	var out []CommunityReport
	for r := 0; r < t.rows; r++ {
		c := t.str("community", r)
		x := CommunityReport{ID: t.str("id", r), ShortID: c, CommunityID: c, Title: t.str("title", r),
			Summary: t.str("summary", r), FullContent: t.str("full_content", r)}
		lv, hasLevel := t.int("level", r)
		x.Level = int(lv)
		if level >= 0 && (!hasLevel || x.Level > level) {
			st.Dropped++
			continue
		}
		x.Rank, x.HasRank = t.float("rank", r)
		out = append(out, x)
	}
	st.Kept = len(out)
	return out, nil
}

func (ix *index) readCovariates(titles map[string]bool) ([]Covariate, error) {
	if _, ok := ix.files[tCovariates]; !ok {
		ix.stat(tCovariates).Absent = true
		return nil, nil
	}
	attrs := []string{"object_id", "status", "start_date", "end_date", "description"}
	specs := []colSpec{
		{"id", kIDString, true},
		{"human_readable_id", kIDString, false},
		{"subject_id", kString, true},
		{"type", kString, false},
	}
	for _, a := range attrs {
		specs = append(specs, colSpec{a, kString, true})
	}
	t, err := ix.read(tCovariates, specs)
	if err != nil {
		return nil, err
	}
	st := ix.stat(tCovariates)
	out := make([]Covariate, 0, t.rows)
	for r := 0; r < t.rows; r++ {
		x := Covariate{ID: t.str("id", r), ShortID: t.str("human_readable_id", r), SubjectID: t.str("subject_id", r),
			SubjectType: "entity", CovariateType: t.str("type", r), Attributes: make([]Attribute, len(attrs))}
		if !titles[x.SubjectID] {
			st.DanglingKept++
			ix.warn.add("claim-subject", "%s row %d (id %s): subject %q is not an entity; kept, as GraphRAG does, but no search will list it", t.file, r, x.ID, x.SubjectID)
		}
		for i, a := range attrs {
			x.Attributes[i] = Attribute{Key: a, Value: t.str(a, r)}
		}
		out = append(out, x)
	}
	st.Kept = len(out)
	return out, nil
}
