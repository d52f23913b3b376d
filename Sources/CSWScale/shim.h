#ifndef BURN_CSWSCALE_SHIM_H
#define BURN_CSWSCALE_SHIM_H
#include <libswscale/swscale.h>
#endif
