#define _GNU_SOURCE
#include "exit_helper.h"

#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { waiting = 0, holding = 1, gone = 2 };

struct helper {
    pid_t parent;
    /* A pidfd of foldmark's process, or -1 where the kernel has none (before Linux 5.3). */
    int process;
    atomic_int state;
};

/* Runs in the helper, on its own stack and with the caller's thread-local storage: raw
   system calls only, none of which sets errno when it succeeds.

   It waits on a pidfd of foldmark's process, which the kernel makes readable once every
   thread of it has ended and its caller can collect it: each thread, as it ends, has then
   let go of the memory, and the helper, the last to hold it, frees it as it ends itself.
   (Killed when foldmark's calling thread ended, PR_SET_PDEATHSIG, the helper ended as
   foldmark's threads did, and whichever let go of the memory last freed it: most often
   one of foldmark's, before its caller could see it end. That remains the way on a kernel
   without pidfds.) */
static int helper_main(void *argument) {
    struct helper *helper = argument;
    int process = helper->process;
    int closed = process >= 0
        ? (process == 0 || syscall(SYS_close_range, 0U, (unsigned)process - 1, 0U) == 0)
            && syscall(SYS_close_range, (unsigned)process + 1, ~0U, 0U) == 0
        : syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) == 0
            && syscall(SYS_close_range, 0U, ~0U, 0U) == 0;
    if (!closed || syscall(SYS_getppid) != helper->parent) {
        atomic_store(&helper->state, gone);
        syscall(SYS_exit, 0);
    }
    atomic_store(&helper->state, holding);
    if (process >= 0) {
        struct pollfd ended = {.fd = process, .events = POLLIN};
        /* Every signal it could be woken by is blocked: it returns when foldmark has ended
           (or on an error, and the helper then ends early, as if there were none). */
        syscall(SYS_ppoll, &ended, 1UL, NULL, NULL, 0UL);
        syscall(SYS_exit, 0);
    }
    for (;;) syscall(SYS_ppoll, NULL, 0UL, NULL, NULL, 0UL);
}

/* Whether to start one: not when FOLDMARK_EXIT_HELPER is 0, nor under valgrind (whose
   preloaded library names it), which stops the process at a clone that is neither a
   thread nor a fork. */
static int wanted(void) {
    const char *setting = getenv("FOLDMARK_EXIT_HELPER");
    if (setting != NULL && strcmp(setting, "0") == 0) return 0;
    const char *preloaded = getenv("LD_PRELOAD");
    return preloaded == NULL || strstr(preloaded, "vgpreload") == NULL;
}

int foldmark_exit_helper_start(void) {
    if (!wanted()) return 0;
    static struct helper helper;
    enum { stackSize = 64 * 1024 };
    char *stack = mmap(NULL, stackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return 0;
    helper.parent = getpid();
    helper.process = (int)syscall(SYS_pidfd_open, helper.parent, 0U);
    atomic_store(&helper.state, waiting);
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    int pid = clone(helper_main, stack + stackSize, CLONE_VM, &helper);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (pid < 0) {
        if (helper.process >= 0) close(helper.process);
        return 0;
    }
    /* It takes a few microseconds; wait at most 100 ms, then end without it (a pipe to
       foldmark's output may then stay open until the helper closes it). */
    struct timespec pause = {0, 20 * 1000};
    int state = waiting;
    for (int tries = 0; tries < 5000 && state == waiting; tries++) {
        state = atomic_load(&helper.state);
        if (state == waiting) nanosleep(&pause, NULL);
    }
    /* The helper has its own copy of the pidfd (or ended, or never got that far). */
    if (helper.process >= 0) close(helper.process);
    return state == holding;
}
