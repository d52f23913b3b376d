#ifndef BURN_ICU_H
#define BURN_ICU_H
/* ICU behind a header without ICU types, so Swift modules that also import
   Foundation never see ICU's own headers. All text is UTF-16. Swift calls these only
   through the UnicodeText module. */
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes ICU's version ("72.1") into out. Returns its length. */
int32_t burn_icu_version(char *out, int32_t capacity);

/* Line-break opportunities of text (UTF-16 offsets where a line may start,
   excluding 0, including length) for locale (BCP-47, may be NULL; "ja" gets
   ICU's default strictness). hard[i], when hard is not NULL, tells whether
   offsets[i] is a mandatory break (after a newline).
   Writes at most capacity offsets; returns how many there are in all,
   or a negative ICU error code. */
int32_t burn_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, bool *hard, int32_t capacity);

/* Word boundaries of text (UTF-16 offsets, excluding 0, including length) for
   locale (BCP-47, may be NULL): dictionary-based for Chinese, Japanese, Thai,
   Lao, Khmer and Burmese. Same buffer and return rules as burn_icu_line_breaks. */
int32_t burn_icu_word_boundaries(const uint16_t *text, int32_t length, const char *locale,
                                 int32_t *offsets, int32_t capacity);

/* The line-break class (UAX #14) of the code point c, as its short name ("AL", "ID", "BK")
   into out, NUL-terminated when there is room. Returns the name's length. */
int32_t burn_icu_line_break_class(uint32_t c, char *out, int32_t capacity);

/* Converts `length` bytes in the encoding `name` (any name or alias ICU's converters know:
   "windows-1252", "Shift_JIS", "UTF-16LE") to UTF-8 in out. Returns the UTF-8 length (with
   out NULL and capacity 0: the length needed), or a negative ICU error code (an unknown
   name is U_FILE_ACCESS_ERROR). Bytes the encoding does not define become U+FFFD. */
int32_t burn_icu_convert_to_utf8(const char *name, const uint8_t *bytes, int32_t length, uint8_t *out,
                                 int32_t capacity);

/* Whether ICU has a converter for the encoding `name`. */
bool burn_icu_knows_encoding(const char *name);

/* ICU's charset detector (ucsdet) on `length` bytes: writes the most likely encoding's name
   into out and returns its confidence (0...100), or a negative ICU error code. */
int32_t burn_icu_detect_encoding(const uint8_t *bytes, int32_t length, char *out, int32_t capacity);

/* Whether `tag` is a well-formed BCP-47 language tag: ICU parses all of it. */
bool burn_icu_is_language_tag(const char *tag);

/* Expands a BCP-47 tag with likely subtags ("zh-TW" -> "zh-Hant-TW").
   Returns the length written, or a negative ICU error code. */
int32_t burn_icu_likely_subtags(const char *tag, char *out, int32_t capacity);

/* An ICU transliterator ("Hant-Hans", ...), opaque. NULL on failure, with *error set. */
typedef struct burn_icu_transliterator burn_icu_transliterator;
burn_icu_transliterator *burn_icu_transliterator_open(const char *id, int32_t *error);
void burn_icu_transliterator_close(burn_icu_transliterator *transliterator);

/* Transliterates text (UTF-16) into out. Returns the length of the result (which may exceed
   capacity: call again with a larger buffer), or a negative ICU error code. */
int32_t burn_icu_transliterate(burn_icu_transliterator *transliterator, const uint16_t *text, int32_t length,
                               uint16_t *out, int32_t capacity);

/* text in capitals by the case rules of locale (BCP-47, may be NULL or empty for the
   language-neutral rules: "tr" and "az" map i to İ, "lt" keeps dots, "el" drops accents)
   into out. Returns the length of the result (which may exceed capacity: call again with a
   larger buffer), or a negative ICU error code. */
int32_t burn_icu_to_upper(const uint16_t *text, int32_t length, const char *locale, uint16_t *out,
                          int32_t capacity);
/* text in small letters by the case rules of locale (as burn_icu_to_upper: "tr" and "az"
   map I to ı, "lt" adds dots above where they are kept); same return. */
int32_t burn_icu_to_lower(const uint16_t *text, int32_t length, const char *locale, uint16_t *out,
                          int32_t capacity);

/* Bidi embedding levels of text, one per UTF-16 unit. The paragraph is right to left when
   right_to_left is true (the language is written that way), else its direction comes from
   the first strong character (left to right when there is none). Returns 0, or a negative
   ICU error code. */
int32_t burn_icu_bidi_levels(const uint16_t *text, int32_t length, bool right_to_left, uint8_t *levels);

/* The ISO 15924 script code of a code point ("Latn", "Hani", "Zyyy" for common, "Zinh"
   for inherited, "Zzzz" for unassigned) into out, NUL-terminated when there is room.
   Returns the code's length. */
int32_t burn_icu_script_code(uint32_t codepoint, char *out, int32_t capacity);

/* The ISO 15924 codes of the scripts a code point is used with (its Script_Extensions:
   "Hira Kana" for the prolonged sound mark, "Bopo Hang Hani Hira Kana Yiii" for the
   ideographic full stop, its own script alone for most), separated by single spaces, into
   out, NUL-terminated. Returns how many scripts there are, or a negative ICU error code. */
int32_t burn_icu_script_extensions(uint32_t codepoint, char *out, int32_t capacity);

/* Name of the last error code returned above. */
const char *burn_icu_error_name(int32_t code);

#ifdef __cplusplus
}
#endif
#endif
