#include "burn_icu.h"

#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>

int32_t burn_icu_version(char *out, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    int32_t length = (int32_t)strlen(text);
    if (capacity > 0) {
        int32_t n = length < capacity - 1 ? length : capacity - 1;
        memcpy(out, text, (size_t)n);
        out[n] = 0;
    }
    return length;
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

int32_t burn_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, int32_t capacity) {
    char id[ULOC_FULLNAME_CAPACITY];
    locale_id(locale, id, (int32_t)sizeof(id));
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, id, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    int32_t count = 0;
    for (int32_t pos = ubrk_following(it, 0); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count < capacity) offsets[count] = pos;
        count++;
    }
    ubrk_close(it);
    return count;
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

const char *burn_icu_error_name(int32_t code) {
    return u_errorName((UErrorCode)(code < 0 ? -code : code));
}
