#ifndef BURN_CAVFORMAT_SHIM_H
#define BURN_CAVFORMAT_SHIM_H
#include <libavformat/avformat.h>
#include <libavformat/avio.h>

static inline int burn_avfmt_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int burn_avfmt_nofile(void) { return AVFMT_NOFILE; }
static inline int burn_avio_flag_write(void) { return AVIO_FLAG_WRITE; }
static inline int burn_av_disposition_attached_pic(void) { return AV_DISPOSITION_ATTACHED_PIC; }
#endif
