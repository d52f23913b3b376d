#ifndef BURN_VISION_H
#define BURN_VISION_H

// Faces (the YuNet model run by OpenCV's dnn module) and text lines (Tesseract's layout analysis) found in
// one 8-bit grey picture. C++ stays in burn_vision.cpp; these are plain C.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A box in pixels of the picture searched, from its top left.
typedef struct burn_vision_box {
    int32_t x, y, width, height;
} burn_vision_box;

typedef struct burn_face_finder burn_face_finder;

/// A face finder from a YuNet ONNX model (the 2023 release), or NULL with `error` filled.
burn_face_finder *burn_face_finder_open(const char *model_path, char *error, size_t error_size);
/// The faces in `gray` at least `min_size` pixels wide and scored at least `min_score` (0...1),
/// up to `capacity` of them into `boxes`, in the picture: their count, or -1 with `error` filled.
int burn_face_finder_find(burn_face_finder *finder, const uint8_t *gray, int width, int height, int stride,
                          int min_size, float min_score, burn_vision_box *boxes, int capacity, char *error,
                          size_t error_size);
void burn_face_finder_close(burn_face_finder *finder);

typedef struct burn_text_finder burn_text_finder;

/// A text-line finder: Tesseract with the English model of `data_folder` (its tessdata), used
/// for page layout analysis only, or NULL with `error` filled.
burn_text_finder *burn_text_finder_open(const char *data_folder, char *error, size_t error_size);
/// The text lines Tesseract's layout analysis finds in `gray` (blocks of text only, not
/// pictures or lines), up to `capacity` of them into `boxes`: their count, or -1.
int burn_text_finder_find(burn_text_finder *finder, const uint8_t *gray, int width, int height, int stride,
                          burn_vision_box *boxes, int capacity, char *error, size_t error_size);
void burn_text_finder_close(burn_text_finder *finder);

#ifdef __cplusplus
}
#endif

#endif
