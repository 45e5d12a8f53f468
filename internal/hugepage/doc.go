// Package hugepage advises the kernel to back large, freshly allocated
// buffers with transparent huge pages (2 MiB on x86-64 Linux) when they are
// first touched, so that filling them costs one page fault per 2 MiB
// instead of one per 4 KiB.
//
// It is advice only: the contents and the lifetime of the memory do not
// change, and where the kernel has no transparent huge pages, or they are
// disabled ("never"), or the platform is not Linux, Advise does nothing.
// The state parse's text blocks of a large document (8 MiB each, which
// hold every string it keeps) are advised: on the 300 000-record benchmark
// input about 26 000 of the ~95 000 page faults build-graph otherwise
// takes (see docs/benchmarks.md, "build-graph, fourth pass"). Buffers read
// once and dropped (a one-off query's read of graphrag.json) are not: with
// defrag "madvise" a fault may wait for the kernel to compact memory, which
// made such a read take 77–257 ms instead of about 90 (the same file,
// "Where a one-off query's system time goes").
package hugepage
