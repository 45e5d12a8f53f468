package localsearch_test

import (
	"context"
	"fmt"
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/llm/offline"
)

// exampleModel is a two-entity knowledge model.
func exampleModel() *knowledge.Model {
	m, err := knowledge.New(knowledge.Parts{
		Entities: []knowledge.Entity{
			{ID: "e1", ShortID: "0", Title: "ALPHA", Description: "Alpha is the field team.", Rank: 1, HasRank: true, TextUnitIDs: []string{"t1"}},
			{ID: "e2", ShortID: "1", Title: "BETA", Description: "Beta commands the field team from the base.", Rank: 1, HasRank: true, TextUnitIDs: []string{"t1"}},
		},
		Relationships: []knowledge.Relationship{
			{ID: "r1", ShortID: "0", Source: "BETA", Target: "ALPHA", Description: "Beta commands Alpha", Weight: 3, HasWeight: true, Rank: 2, HasRank: true},
		},
		TextUnits: []knowledge.TextUnit{{ID: "t1", ShortID: "0", Text: "Beta sent Alpha to the northern ridge. The weather turned."}},
	})
	if err != nil {
		panic(err)
	}
	return m
}

// exampleEngine answers offline; the entities are chosen by name (k = 0,
// so no embedder is needed).
func exampleEngine() *localsearch.Engine {
	b, err := localsearch.NewContextBuilder(exampleModel(), localsearch.Config{})
	if err != nil {
		panic(err)
	}
	p := localsearch.DefaultParams()
	p.TopKMappedEntities = 0
	p.IncludeEntityNames = []string{"BETA", "ALPHA"}
	e, err := localsearch.NewEngine(b, localsearch.EngineConfig{Model: offline.New(), Params: &p})
	if err != nil {
		panic(err)
	}
	return e
}

func ExampleContextBuilder_Build() {
	b, _ := localsearch.NewContextBuilder(exampleModel(), localsearch.Config{})
	p := localsearch.DefaultParams()
	p.TopKMappedEntities = 2 // the empty query selects the highest-ranked entities
	c, err := b.Build(context.Background(), "", nil, p)
	if err != nil {
		panic(err)
	}
	// Sections are joined by "\n\n" after tables that end in "\n"; blank
	// lines are shown as "~" here.
	for _, line := range strings.Split(strings.TrimSuffix(c.Text, "\n"), "\n") {
		if line == "" {
			line = "~"
		}
		fmt.Println(line)
	}
	// Output:
	// -----Entities-----
	// id|entity|description|number of relationships
	// 0|ALPHA|Alpha is the field team.|1
	// 1|BETA|Beta commands the field team from the base.|1
	// ~
	// ~
	// -----Relationships-----
	// id|source|target|description|weight
	// 0|BETA|ALPHA|Beta commands Alpha|3.0
	// ~
	// ~
	// -----Sources-----
	// id|text
	// 0|Beta sent Alpha to the northern ridge. The weather turned.
}

func ExampleEngine_Search() {
	res, err := exampleEngine().Search(context.Background(), localsearch.Query{Text: "Where did Beta send Alpha?"})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Response)
	for _, c := range res.Citations {
		fmt.Printf("cited %s %s, in context: %v\n", c.Table, c.ID, c.InContext)
	}
	fmt.Println("model calls:", res.LLMCalls, "extractive:", res.Extractive)
	// Output:
	// **Extracted answer**: the offline model copied the sentences of the retrieved context most relevant to the question; nothing below was written by a language model.
	//
	// - Beta sent Alpha to the northern ridge [Data: Sources (0)].
	// - Beta commands the field team from the base [Data: Entities (1)].
	// - Alpha is the field team [Data: Entities (0)].
	// cited sources 0, in context: true
	// cited entities 1, in context: true
	// cited entities 0, in context: true
	// model calls: 1 extractive: true
}

func ExampleEngine_Stream() {
	var streamed strings.Builder
	res, err := exampleEngine().Stream(context.Background(), localsearch.Query{Text: "Where did Beta send Alpha?"},
		func(ev localsearch.Event) error {
			if ev.Context != nil {
				fmt.Println("context sections:", ev.Context.Sections)
				return nil
			}
			streamed.WriteString(ev.Delta)
			return nil
		})
	if err != nil {
		panic(err)
	}
	fmt.Println("streamed == response:", streamed.String() == res.Response)
	fmt.Println("unknown citations:", len(res.UnknownCitations()))
	// Output:
	// context sections: [Entities Sources]
	// streamed == response: true
	// unknown citations: 0
}
