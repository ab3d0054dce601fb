#ifndef FOLDMARK_EXIT_HELPER_H
#define FOLDMARK_EXIT_HELPER_H

/* Hands the process's memory to a helper process before it exits, so that whoever waits
   for foldmark (a shell, CI, an editor's build task) sees it end before the kernel has
   freed that memory, which takes about 70 µs per MB on the benchmark's machine: a
   10,000-page build ended 1,067 -> 1,051 ms (median of 6 alternating), an edit of the
   real corpora 0.5-1 ms sooner (`perf stat -r 30`, twice). The CPU time that a caller
   reads for foldmark (`wait4`) no longer counts that freeing; the helper's does.

   The helper is a process that shares this one's memory (clone with CLONE_VM, not a
   thread), closes its copies of every file descriptor but a pidfd of this process (so
   that a pipe to foldmark's output ends when foldmark does), and waits on that pidfd
   until every thread of foldmark has ended, then ends itself: the memory is freed as the
   helper ends, off the path of the caller. (Killed instead when foldmark's calling thread
   ended, PR_SET_PDEATHSIG, which remains the way on a kernel without pidfds, it raced
   foldmark's other threads, and the last of them to let go of the memory most often freed
   it: a one-page edit of 1,000 pages 13.54 -> 12.61 ms, of the real corpora 43.3 -> 40.6
   ms, medians of 30 and 20 alternating.) The helper runs no Swift and allocates nothing;
   all signals are blocked in it, so only SIGKILL reaches it.

   FOLDMARK_EXIT_HELPER=0 turns it off (the caller then waits for the memory to be freed,
   and counts that time as foldmark's), and it is off under valgrind.

   Call it last, from the thread that will call exit, once every output is written.
   Returns 1 once the helper holds the memory, 0 if there is none (the process then ends
   as usual); either way the process goes on as before. */
int foldmark_exit_helper_start(void);

#endif
