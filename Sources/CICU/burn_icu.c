#include "burn_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#include <unicode/uloc.h>
#include <unicode/uversion.h>
#include <unicode/utrans.h>
#include <unicode/utypes.h>
#include <unicode/ustring.h>

/* Copies text into out (as much as fits, NUL-terminated when capacity > 0). Returns the
   length of text. */
static int32_t copy_text(const char *text, char *out, int32_t capacity) {
    int32_t length = (int32_t)strlen(text);
    if (capacity > 0) {
        int32_t n = length < capacity - 1 ? length : capacity - 1;
        memcpy(out, text, (size_t)n);
        out[n] = 0;
    }
    return length;
}

int32_t burn_icu_version(char *out, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    return copy_text(text, out, capacity);
}

/* ICU locale ID ("zh_Hant_TW") from a BCP-47 tag; empty on failure. */
static void locale_id(const char *tag, char *out, int32_t capacity) {
    out[0] = 0;
    if (tag == NULL || tag[0] == 0) return;
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, out, capacity, &parsed, &status);
    if (U_FAILURE(status)) out[0] = 0;
}

/* The boundaries of an iterator of the given type over text (see burn_icu.h),
   with hard[i] set for mandatory line breaks when hard is not NULL. */
static int32_t boundaries(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                          int32_t *offsets, bool *hard, int32_t capacity) {
    char id[ULOC_FULLNAME_CAPACITY];
    locale_id(locale, id, (int32_t)sizeof(id));
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(type, id, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    int32_t count = 0;
    for (int32_t pos = ubrk_following(it, 0); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = pos;
            if (hard != NULL) {
                int32_t rule = ubrk_getRuleStatus(it);
                hard[count] = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
            }
        }
        count++;
    }
    ubrk_close(it);
    return count;
}

int32_t burn_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, bool *hard, int32_t capacity) {
    return boundaries(UBRK_LINE, text, length, locale, offsets, hard, capacity);
}

int32_t burn_icu_word_boundaries(const uint16_t *text, int32_t length, const char *locale,
                                 int32_t *offsets, int32_t capacity) {
    return boundaries(UBRK_WORD, text, length, locale, offsets, NULL, capacity);
}

int32_t burn_icu_line_break_class(uint32_t c, char *out, int32_t capacity) {
    int32_t value = u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK);
    const char *name = u_getPropertyValueName(UCHAR_LINE_BREAK, value, U_SHORT_PROPERTY_NAME);
    return copy_text(name != NULL ? name : "XX", out, capacity);
}

int32_t burn_icu_convert_to_utf8(const char *name, const uint8_t *bytes, int32_t length, uint8_t *out,
                                 int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ucnv_convert("UTF-8", name, (char *)out, capacity, (const char *)bytes, length, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR && capacity == 0) return n;
    if (U_FAILURE(status)) return -(int32_t)status;
    return n;
}

bool burn_icu_knows_encoding(const char *name) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(name, &status);
    if (converter) ucnv_close(converter);
    return U_SUCCESS(status) && converter != NULL;
}

int32_t burn_icu_detect_encoding(const uint8_t *bytes, int32_t length, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet_open(&status);
    if (U_FAILURE(status)) return -(int32_t)status;
    ucsdet_setText(detector, (const char *)bytes, length, &status);
    const UCharsetMatch *match = ucsdet_detect(detector, &status);
    int32_t confidence = -1;
    if (U_SUCCESS(status) && match) {
        const char *name = ucsdet_getName(match, &status);
        confidence = ucsdet_getConfidence(match, &status);
        if (U_SUCCESS(status) && name && capacity > 0) {
            strncpy(out, name, (size_t)capacity - 1);
            out[capacity - 1] = 0;
        }
    }
    ucsdet_close(detector);
    return U_FAILURE(status) ? -(int32_t)status : confidence;
}

bool burn_icu_is_language_tag(const char *tag) {
    char id[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = (int32_t)strlen(tag);
    uloc_forLanguageTag(tag, id, (int32_t)sizeof(id), &parsed, &status);
    return U_SUCCESS(status) && length > 0 && parsed == length;
}

int32_t burn_icu_likely_subtags(const char *tag, char *out, int32_t capacity) {
    char id[ULOC_FULLNAME_CAPACITY];
    char maximized[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, id, (int32_t)sizeof(id), &parsed, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    uloc_addLikelySubtags(id, maximized, (int32_t)sizeof(maximized), &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    int32_t n = uloc_toLanguageTag(maximized, out, capacity, true, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    return n;
}

struct burn_icu_transliterator {
    UTransliterator *handle;
};

burn_icu_transliterator *burn_icu_transliterator_open(const char *id, int32_t *error) {
    UChar wide[64];
    UErrorCode status = U_ZERO_ERROR;
    u_uastrncpy(wide, id, (int32_t)(sizeof(wide) / sizeof(wide[0])) - 1);
    wide[sizeof(wide) / sizeof(wide[0]) - 1] = 0;
    UTransliterator *handle = utrans_openU(wide, -1, UTRANS_FORWARD, NULL, 0, NULL, &status);
    if (U_FAILURE(status) || handle == NULL) {
        if (error) *error = (int32_t)status;
        return NULL;
    }
    burn_icu_transliterator *result = malloc(sizeof(*result));
    if (result == NULL) {
        utrans_close(handle);
        if (error) *error = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->handle = handle;
    if (error) *error = 0;
    return result;
}

void burn_icu_transliterator_close(burn_icu_transliterator *transliterator) {
    if (transliterator == NULL) return;
    utrans_close(transliterator->handle);
    free(transliterator);
}

int32_t burn_icu_transliterate(burn_icu_transliterator *transliterator, const uint16_t *text, int32_t length,
                               uint16_t *out, int32_t capacity) {
    if (capacity < length) return length;
    memcpy(out, text, (size_t)length * sizeof(uint16_t));
    int32_t textLength = length;
    int32_t limit = length;
    UErrorCode status = U_ZERO_ERROR;
    utrans_transUChars(transliterator->handle, (UChar *)out, &textLength, capacity, 0, &limit, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return textLength > capacity ? textLength : capacity + 1;
    if (U_FAILURE(status)) return -(int32_t)status;
    return textLength;
}

/* u_strToUpper or u_strToLower of text for locale into out, as burn_icu_to_upper returns it. */
typedef int32_t (*case_mapping)(UChar *, int32_t, const UChar *, int32_t, const char *, UErrorCode *);
static int32_t map_case(case_mapping map, const uint16_t *text, int32_t length, const char *locale, uint16_t *out,
                        int32_t capacity) {
    char id[ULOC_FULLNAME_CAPACITY];
    locale_id(locale, id, (int32_t)sizeof(id));
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = map((UChar *)out, capacity, (const UChar *)text, length, id, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return n;
    if (U_FAILURE(status)) return -(int32_t)status;
    return n;
}

int32_t burn_icu_to_upper(const uint16_t *text, int32_t length, const char *locale, uint16_t *out,
                          int32_t capacity) {
    return map_case(u_strToUpper, text, length, locale, out, capacity);
}

int32_t burn_icu_to_lower(const uint16_t *text, int32_t length, const char *locale, uint16_t *out,
                          int32_t capacity) {
    return map_case(u_strToLower, text, length, locale, out, capacity);
}

int32_t burn_icu_bidi_levels(const uint16_t *text, int32_t length, bool right_to_left, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    ubidi_setPara(bidi, (const UChar *)text, length, right_to_left ? UBIDI_RTL : UBIDI_DEFAULT_LTR, NULL, &status);
    if (U_SUCCESS(status)) {
        const UBiDiLevel *result = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status)) memcpy(levels, result, (size_t)length);
    }
    ubidi_close(bidi);
    return U_FAILURE(status) ? -(int32_t)status : 0;
}

int32_t burn_icu_script_code(uint32_t codepoint, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &status);
    const char *name = U_SUCCESS(status) ? uscript_getShortName(code) : NULL;
    return copy_text(name != NULL ? name : "Zzzz", out, capacity);
}

int32_t burn_icu_script_extensions(uint32_t codepoint, char *out, int32_t capacity) {
    UScriptCode codes[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = uscript_getScriptExtensions((UChar32)codepoint, codes, 64, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    int32_t used = 0;
    for (int32_t i = 0; i < count; i++) {
        const char *name = uscript_getShortName(codes[i]);
        if (name == NULL) name = "Zzzz";
        int32_t length = (int32_t)strlen(name);
        if (used + length + 1 > capacity) return -(int32_t)U_BUFFER_OVERFLOW_ERROR;
        if (i > 0) out[used - 1] = ' ';
        memcpy(out + used, name, (size_t)length);
        used += length + 1;
        out[used - 1] = 0;
    }
    if (count == 0 && capacity > 0) out[0] = 0;
    return count;
}

const char *burn_icu_error_name(int32_t code) {
    return u_errorName((UErrorCode)(code < 0 ? -code : code));
}
