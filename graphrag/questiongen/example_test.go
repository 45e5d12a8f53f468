package questiongen_test

import (
	"context"
	"fmt"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/questiongen"
	"reportengine/llm/offline"
)

func ExampleGenerator_Generate() {
	m, _ := knowledge.New(knowledge.Parts{
		Entities: []knowledge.Entity{
			{ID: "e1", ShortID: "0", Title: "ALPHA", Description: "Alpha is the field team.", Rank: 2, HasRank: true},
			{ID: "e2", ShortID: "1", Title: "BETA", Description: "Beta commands the field team.", Rank: 1, HasRank: true},
		},
		Relationships: []knowledge.Relationship{
			{ID: "r1", ShortID: "0", Source: "BETA", Target: "ALPHA", Description: "Beta commands Alpha", Rank: 2, HasRank: true},
		},
	})
	b, _ := localsearch.NewContextBuilder(m, localsearch.Config{})
	p := localsearch.DefaultParams()
	p.TopKMappedEntities = 0 // choose the entities by name: no embedder needed
	p.IncludeEntityNames = []string{"ALPHA", "BETA"}
	g, err := questiongen.New(questiongen.Config{Builder: b, Model: offline.New(), Params: &p})
	if err != nil {
		panic(err)
	}
	res, err := g.Generate(context.Background(), questiongen.Request{History: []string{"Tell me about Alpha"}, Count: 3})
	if err != nil {
		panic(err)
	}
	for _, q := range res.Questions {
		fmt.Println(q)
	}
	fmt.Println("query:", res.QuestionContext)
	// Output:
	// How is Beta related to Alpha?
	// What part does Beta play in this?
	// query: Tell me about Alpha
}
