#ifndef BURN_CAVFILTER_SHIM_H
#define BURN_CAVFILTER_SHIM_H
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#endif
