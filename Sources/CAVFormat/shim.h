#ifndef BURN_CAVFORMAT_SHIM_H
#define BURN_CAVFORMAT_SHIM_H
#include <libavformat/avformat.h>
#include <libavformat/avio.h>

static inline int burn_avfmt_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int burn_avfmt_nofile(void) { return AVFMT_NOFILE; }
static inline int burn_avio_flag_write(void) { return AVIO_FLAG_WRITE; }
static inline int burn_av_disposition_attached_pic(void) { return AV_DISPOSITION_ATTACHED_PIC; }
static inline int burn_avfmt_flag_flush_packets(void) { return AVFMT_FLAG_FLUSH_PACKETS; }

/// Sets `context`'s interrupt callback: FFmpeg's blocking calls (open, read, write, listen)
/// ask `callback(opaque)` and give up with AVERROR_EXIT when it returns non-zero.
static inline void burn_set_interrupt(AVFormatContext *context, int (*callback)(void *), void *opaque) {
    context->interrupt_callback.callback = callback;
    context->interrupt_callback.opaque = opaque;
}
#endif
