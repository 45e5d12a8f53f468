package localsearch

import "reportengine/graphrag/knowledge"

// PyFloat renders f as Python's str(float) (reference §Conventions):
// knowledge.PyFloat, the one implementation the loaders use too.
func PyFloat(f float64) string { return knowledge.PyFloat(f) }
