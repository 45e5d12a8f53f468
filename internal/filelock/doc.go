// Package filelock takes an exclusive, non-waiting lock on an open file
// that the operating system releases when the file is closed or the
// process ends, however it ends (SIGKILL included), so a dead holder
// never blocks a later one. It is the one user of golang.org/x/sys.
//
// On Unix it is flock(2) on the whole file. On Windows it is LockFileEx
// on one byte far past any data (offset 2^62): the lock is mandatory
// there, so locking the data would keep other processes from reading the
// holder's own note in the file. Elsewhere (Plan 9, WebAssembly) TryLock
// locks nothing and never reports busy.
//
// Take builds a lock file on it: made when missing, the holder's line
// ("pid N, started T") written in, a busy one refused at once with that
// line (*LockedError), removed on Release. A report's work area
// (nodes.OpenWork) and a graph's save (build-graph, report) hold one.
package filelock
