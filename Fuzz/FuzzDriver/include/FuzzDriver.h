#ifndef INTENTPARSE_FUZZ_DRIVER_H
#define INTENTPARSE_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver for programs that have a main of their own (compiler-rt's
/// FuzzerInterface.h): parses libFuzzer's flags from argc/argv and calls `callback` with each
/// input. The harnesses are Swift executables, whose main SwiftPM links in place of libFuzzer's.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// LeakSanitizer's (sanitizer/lsan_interface.h): allocations made between the two are never
/// reported as leaks. The harnesses load what every input shares between them: Swift keeps
/// enum tags in the spare bits of pointers, so objects reached only through such an enum
/// (the grammar's `indirect enum Expression`, Foundation's `Data`) look unreachable to
/// LeakSanitizer although a global holds them.
void __lsan_disable(void);
void __lsan_enable(void);

#endif
