#ifndef BURN_CAVCODEC_SHIM_H
#define BURN_CAVCODEC_SHIM_H
#include <libavcodec/avcodec.h>

static inline int burn_av_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int burn_ff_thread_frame_slice(void) { return FF_THREAD_FRAME | FF_THREAD_SLICE; }
static inline int burn_ff_thread_slice(void) { return FF_THREAD_SLICE; }
static inline int burn_av_codec_flag_low_delay(void) { return AV_CODEC_FLAG_LOW_DELAY; }
static inline int burn_ff_compliance_normal(void) { return FF_COMPLIANCE_NORMAL; }
static inline unsigned int burn_mktag(int a, int b, int c, int d) { return MKTAG(a, b, c, d); }
#endif
