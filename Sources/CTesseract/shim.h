// Tesseract's C API (layout analysis only: no recognition, no language data).
#include <tesseract/capi.h>
