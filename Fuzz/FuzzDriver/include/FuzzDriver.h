#ifndef INTENTPARSE_FUZZ_DRIVER_H
#define INTENTPARSE_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver for programs that have a main of their own (compiler-rt's
/// FuzzerInterface.h): parses libFuzzer's flags from argc/argv and calls `callback` with each
/// input. The harnesses are Swift executables, whose main SwiftPM links in place of libFuzzer's.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
