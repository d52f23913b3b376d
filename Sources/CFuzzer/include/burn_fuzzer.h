#ifndef BURN_FUZZER_H
#define BURN_FUZZER_H

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver (libclang_rt.fuzzer, linked by -sanitize=fuzzer): parses libFuzzer's
   flags from argv and fuzzes `callback`. The Fuzz executable calls it from its own main,
   since SwiftPM names a Swift executable's entry point `main` itself. Only a fuzzing build
   (-DFUZZING) refers to it. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
