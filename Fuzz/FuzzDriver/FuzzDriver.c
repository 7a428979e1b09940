// The declaration in include/FuzzDriver.h is all this target has: libFuzzer itself is linked
// by -sanitize=fuzzer (Fuzz/run).
#include "FuzzDriver.h"
