// Package hugepage advises the kernel to back large, freshly allocated
// buffers with transparent huge pages (2 MiB on x86-64 Linux) when they are
// first touched, so that filling them costs one page fault per 2 MiB
// instead of one per 4 KiB.
//
// It is advice only: the contents and the lifetime of the memory do not
// change, and where the kernel has no transparent huge pages, or they are
// disabled ("never"), or the platform is not Linux, Advise does nothing.
// build-graph's largest buffers (the text arenas of the state parse and
// the graph's columns) are advised; on the 300 000-record benchmark input
// that is most of the ~100 000 page faults the run otherwise takes (see
// docs/benchmarks.md, "build-graph, fourth pass").
package hugepage
