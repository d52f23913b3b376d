#ifndef BURN_CFREETYPE_SHIM_H
#define BURN_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_ERRORS_H
#include FT_SIZES_H

static inline FT_Int32 burn_ft_load_color(void) { return FT_LOAD_COLOR; }
static inline FT_Int32 burn_ft_load_no_hinting(void) { return FT_LOAD_NO_HINTING; }
static inline int burn_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int burn_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
#endif
