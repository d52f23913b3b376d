#ifndef BURN_CFONTCONFIG_SHIM_H
#define BURN_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>

/* Property names are macros of string literals. */
static inline const char *burn_fc_family(void) { return FC_FAMILY; }
static inline const char *burn_fc_weight(void) { return FC_WEIGHT; }
static inline const char *burn_fc_lang(void) { return FC_LANG; }
static inline const char *burn_fc_file(void) { return FC_FILE; }
static inline const char *burn_fc_index(void) { return FC_INDEX; }
static inline const char *burn_fc_charset(void) { return FC_CHARSET; }
#endif
