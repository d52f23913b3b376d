#ifndef BURN_CSWSCALE_SHIM_H
#define BURN_CSWSCALE_SHIM_H
#include <libswscale/swscale.h>

static inline int burn_sws_area(void) { return SWS_AREA; }
static inline int burn_sws_bilinear(void) { return SWS_BILINEAR; }
static inline int burn_sws_accurate(void) { return SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT; }
static inline int burn_sws_cs_itu709(void) { return SWS_CS_ITU709; }
static inline int burn_sws_cs_itu601(void) { return SWS_CS_ITU601; }
static inline int burn_sws_cs_bt2020(void) { return SWS_CS_BT2020; }
#endif
