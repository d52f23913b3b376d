#include "burn_vision.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <exception>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/dnn.hpp>
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>

namespace {

void fill(char *error, size_t size, const char *message) {
    if (error && size > 0) std::snprintf(error, size, "%s", message);
}

int copy_boxes(const std::vector<cv::Rect> &found, burn_vision_box *boxes, int capacity) {
    int count = 0;
    for (const cv::Rect &rect : found) {
        if (count >= capacity) break;
        boxes[count++] = burn_vision_box{rect.x, rect.y, rect.width, rect.height};
    }
    return count;
}

}  // namespace

// YuNet (face_detection_yunet_2023mar.onnx) run by OpenCV's dnn module. OpenCV 4.6's
// cv::FaceDetectorYN reads only the older single-output model, so the 2023 model's outputs
// are decoded here: for each stride (8, 16, 32) a grid of cells, each with a class score, an
// objectness, a box (centre offset in cells, log width and height in strides) and five
// landmarks (unused). A cell's score is the geometric mean of class and objectness.
struct burn_face_finder {
    cv::dnn::Net net;
};

namespace {

const int strides[] = {8, 16, 32};
const std::vector<std::string> output_names = {"cls_8",  "cls_16",  "cls_32",  "obj_8", "obj_16", "obj_32",
                                               "bbox_8", "bbox_16", "bbox_32", "kps_8", "kps_16", "kps_32"};
// Boxes that overlap more than this (intersection over union) are one face.
const float overlap_limit = 0.3f;

float clamped(float value) { return value < 0.f ? 0.f : (value > 1.f ? 1.f : value); }

}  // namespace

extern "C" burn_face_finder *burn_face_finder_open(const char *model_path, char *error, size_t error_size) {
    try {
        auto *finder = new burn_face_finder();
        finder->net = cv::dnn::readNetFromONNX(model_path);
        if (finder->net.empty()) {
            delete finder;
            fill(error, error_size, "OpenCV could not load the model");
            return nullptr;
        }
        // One thread: the pass samples a frame a second beside the decoder's threads, and
        // OpenCV's thread pool cost more CPU than it saved (the faces pass of a 60 s 1080x1920
        // clip: 12.5 s of CPU with one thread, 16.1 s with OpenCV's default; issue 58).
        cv::setNumThreads(1);
        finder->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        finder->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        return finder;
    } catch (const std::exception &exception) {
        fill(error, error_size, exception.what());
        return nullptr;
    }
}

extern "C" int burn_face_finder_find(burn_face_finder *finder, const uint8_t *gray, int width, int height, int stride,
                                     int min_size, float min_score, burn_vision_box *boxes, int capacity, char *error,
                                     size_t error_size) {
    try {
        cv::Mat picture(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(stride));
        // The network takes three channels at any size that is a multiple of its largest stride.
        const int divisor = 32;
        const int padded_width = (width + divisor - 1) / divisor * divisor;
        const int padded_height = (height + divisor - 1) / divisor * divisor;
        cv::Mat colour, padded;
        cv::cvtColor(picture, colour, cv::COLOR_GRAY2BGR);
        cv::copyMakeBorder(colour, padded, 0, padded_height - height, 0, padded_width - width, cv::BORDER_CONSTANT,
                           cv::Scalar::all(0));
        finder->net.setInput(cv::dnn::blobFromImage(padded));
        std::vector<cv::Mat> outputs;
        finder->net.forward(outputs, output_names);
        if (outputs.size() != output_names.size()) {
            fill(error, error_size, "the model's outputs are not YuNet's (cls, obj, bbox, kps at strides 8, 16, 32)");
            return -1;
        }
        std::vector<cv::Rect> found;
        std::vector<float> scores;
        for (int level = 0; level < 3; ++level) {
            const int step = strides[level];
            const int columns = padded_width / step, rows = padded_height / step;
            const cv::Mat &cls = outputs[level], &obj = outputs[level + 3], &bbox = outputs[level + 6];
            if (cls.total() != size_t(columns * rows) || obj.total() != cls.total() || bbox.total() != 4 * cls.total()) {
                fill(error, error_size, "the model's outputs do not match the picture's size");
                return -1;
            }
            const float *cls_v = cls.ptr<float>(), *obj_v = obj.ptr<float>(), *bbox_v = bbox.ptr<float>();
            for (int row = 0; row < rows; ++row) {
                for (int column = 0; column < columns; ++column) {
                    const int cell = row * columns + column;
                    const float score = std::sqrt(clamped(cls_v[cell]) * clamped(obj_v[cell]));
                    if (score < min_score) continue;
                    const float *box = bbox_v + 4 * cell;
                    const float centre_x = (column + box[0]) * step, centre_y = (row + box[1]) * step;
                    const float box_width = std::exp(box[2]) * step, box_height = std::exp(box[3]) * step;
                    if (box_width < min_size) continue;
                    found.emplace_back(int(centre_x - box_width / 2), int(centre_y - box_height / 2), int(box_width),
                                       int(box_height));
                    scores.push_back(score);
                }
            }
        }
        std::vector<int> kept;
        cv::dnn::NMSBoxes(found, scores, min_score, overlap_limit, kept);
        std::vector<cv::Rect> faces;
        const cv::Rect frame(0, 0, width, height);
        for (int index : kept) {
            cv::Rect face = found[size_t(index)] & frame;
            if (face.area() > 0) faces.push_back(face);
        }
        return copy_boxes(faces, boxes, capacity);
    } catch (const std::exception &exception) {
        fill(error, error_size, exception.what());
        return -1;
    }
}

extern "C" void burn_face_finder_close(burn_face_finder *finder) { delete finder; }

struct burn_text_finder {
    TessBaseAPI *api;
};

extern "C" burn_text_finder *burn_text_finder_open(const char *data_folder, char *error, size_t error_size) {
    TessBaseAPI *api = TessBaseAPICreate();
    if (!api) {
        fill(error, error_size, "Tesseract could not start");
        return nullptr;
    }
    // Leptonica reports its own failures on stderr; a frame it cannot use gives no lines instead.
    setMsgSeverity(L_SEVERITY_NONE);
    // The English model's page layout: with it, layout analysis keeps far fewer text lines
    // in photographs than without a model (none on our test clips' faces and gradients).
    if (TessBaseAPIInit3(api, data_folder, "eng") != 0) {
        TessBaseAPIDelete(api);
        fill(error, error_size, "Tesseract could not load its English model");
        return nullptr;
    }
    TessBaseAPISetPageSegMode(api, tesseract::PSM_AUTO);
    // Tesseract's debug messages (resolution guesses and the like) go nowhere.
    TessBaseAPISetVariable(api, "debug_file", "/dev/null");
    return new burn_text_finder{api};
}

extern "C" int burn_text_finder_find(burn_text_finder *finder, const uint8_t *gray, int width, int height, int stride,
                                     burn_vision_box *boxes, int capacity, char *error, size_t error_size) {
    TessBaseAPISetImage(finder->api, gray, width, height, 1, stride);
    // A video frame has no resolution of its own; 70 is Tesseract's least.
    TessBaseAPISetSourceResolution(finder->api, 70);
    TessPageIterator *lines = TessBaseAPIAnalyseLayout(finder->api);
    if (!lines) {
        TessBaseAPIClear(finder->api);
        return 0;
    }
    int count = 0;
    do {
        TessPolyBlockType type = TessPageIteratorBlockType(lines);
        using namespace tesseract;
        bool text = type == PT_FLOWING_TEXT || type == PT_HEADING_TEXT || type == PT_PULLOUT_TEXT ||
                    type == PT_CAPTION_TEXT || type == PT_VERTICAL_TEXT;
        int left, top, right, bottom;
        if (text && count < capacity && TessPageIteratorBoundingBox(lines, RIL_TEXTLINE, &left, &top, &right, &bottom)) {
            boxes[count++] = burn_vision_box{left, top, right - left, bottom - top};
        }
    } while (TessPageIteratorNext(lines, tesseract::RIL_TEXTLINE));
    TessPageIteratorDelete(lines);
    TessBaseAPIClear(finder->api);
    (void)error;
    (void)error_size;
    return count;
}

extern "C" void burn_text_finder_close(burn_text_finder *finder) {
    if (!finder) return;
    TessBaseAPIEnd(finder->api);
    TessBaseAPIDelete(finder->api);
    delete finder;
}
