// Package export writes a graph in the formats other graph tools read:
// GraphML (WriteGraphML) and GEXF 1.2 (WriteGEXF), which Gephi and
// networkx open, and the CSV files of Neo4j's `neo4j-admin database import
// full` (WriteNeo4j, with the command to run: Neo4jImport.Command).
//
//	f, _ := os.Create("wuhan.graphml")
//	err := export.WriteGraphML(ctx, f, g) // errors.Is(err, export.ErrExport): a value the format cannot hold
//
// Every format carries each node's id, type, name and engines (Engines: an
// engine node's name, a source's engine list, another node's "engine")
// and each edge's ends, relation and weight, plus every other attribute as
// a typed column (Column: long, double, boolean or string; a key whose
// values mix kinds is a string column, lists and objects are their JSON
// text, a found edge's search records the JSON text of "records"). Columns
// come in the order their keys first appear in graph order, rows in graph
// order, so the same graph gives the same bytes.
//
// What a round trip loses: characters XML 1.0 cannot hold (most control
// characters) become U+FFFD in GraphML and GEXF; list and object values
// come back as their JSON text; Neo4j's importer reads an empty field as
// no value (strings are always quoted, so an empty string stays one).
//
// The writers stream to an io.Writer (the CLI writes the file or folder
// atomically) and check their context every few thousand rows. The package
// imports only graphrag and the standard library.
package export
