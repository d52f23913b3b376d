#ifndef BURN_CICUSYSTEM_SHIM_H
#define BURN_CICUSYSTEM_SHIM_H
/* Link flags for ICU only. Swift never imports this module: Foundation and
   ICU's headers clash ("UErrorCode has different definitions"). The CICU C
   target includes ICU and exposes a header without ICU types. */
#include <unicode/uversion.h>
#endif
