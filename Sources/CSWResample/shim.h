#ifndef BURN_CSWRESAMPLE_SHIM_H
#define BURN_CSWRESAMPLE_SHIM_H
#include <libswresample/swresample.h>
#endif
