#ifndef BURN_CAVDEVICE_SHIM_H
#define BURN_CAVDEVICE_SHIM_H
// The one call made into libavdevice, declared as libavdevice/avdevice.h declares it: that
// header includes libavformat's and libavcodec's, and a module that includes them takes
// their types away from the modules that own them (CAVFormat, CAVCodec, CAVUtil).
void avdevice_register_all(void);
#endif
