/* The declaration of libFuzzer's driver for Swift (see burn_fuzzer.h); nothing to compile. */
#include "burn_fuzzer.h"
