// mimalloc replaces malloc and free for the whole foldmark process (Swift's runtime and
// libcmark included): linked into the executable, its symbols come before libc's.
#include <mimalloc.h>
#include <stdlib.h>
