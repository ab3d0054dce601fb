// libFuzzer's entry point for programs that keep their own `main` (LLVM 11 and later).
// The library itself comes from `-sanitize=fuzzer` when the fuzz target is linked.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
