#ifndef BURN_CHARFBUZZ_SHIM_H
#define BURN_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ft.h>

static inline hb_tag_t burn_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
#endif
