#ifndef BURN_CAVUTIL_SHIM_H
#define BURN_CAVUTIL_SHIM_H
#include <libavutil/avutil.h>
#include <libavutil/avstring.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/hash.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/mathematics.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/tx.h>

/* Macros that Swift cannot import, as functions. */
static inline int burn_averror(int posix_errno) { return AVERROR(posix_errno); }
static inline int burn_averror_eof(void) { return AVERROR_EOF; }
static inline int burn_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int burn_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t burn_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int burn_av_time_base(void) { return AV_TIME_BASE; }
static inline AVRational burn_av_time_base_q(void) { AVRational q = { 1, AV_TIME_BASE }; return q; }
static inline int burn_av_error_max_string_size(void) { return AV_ERROR_MAX_STRING_SIZE; }
static inline uint64_t burn_av_pix_fmt_flag_rgb(void) { return AV_PIX_FMT_FLAG_RGB; }
static inline uint64_t burn_av_pix_fmt_flag_hwaccel(void) { return AV_PIX_FMT_FLAG_HWACCEL; }
static inline uint64_t burn_av_pix_fmt_flag_alpha(void) { return AV_PIX_FMT_FLAG_ALPHA; }
#endif
