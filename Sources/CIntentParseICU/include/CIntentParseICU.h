#ifndef CINTENTPARSEICU_H
#define CINTENTPARSEICU_H

/*
 * The only door to ICU. Swift modules that import Foundation cannot also import ICU's own
 * headers (Foundation bundles an ICU with the same type names), so this header speaks plain C
 * with <stdint.h> types only: text is UTF-16 (uint16_t), lengths and offsets are in UTF-16 code
 * units, and every function reports failure through its return value (negative = ICU error).
 *
 * Handles (void *) wrap ICU objects that are costly to open. They are not thread-safe; the Swift
 * side serialises access to each handle.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes returned (as negative numbers) beside ICU's own failures. */
#define CIP_BUFFER_TOO_SMALL (-1)
#define CIP_FAILURE (-2)

/* NFKC. Writes into dst (capacity dstCapacity) and returns the length, or a negative status;
 * CIP_BUFFER_TOO_SMALL means the buffer was too small: call again with a larger one. */
int32_t cip_nfkc(const uint16_t *src, int32_t length, uint16_t *dst, int32_t dstCapacity);

/* Full case folding; turkic != 0 folds I to dotless ı and İ to i (Turkish, Azerbaijani). */
int32_t cip_fold_case(const uint16_t *src, int32_t length, int32_t turkic,
                      uint16_t *dst, int32_t dstCapacity);

/* Removes combining marks: NFD, drop nonspacing marks, NFC ("Café" -> "Cafe"). */
int32_t cip_strip_marks(const uint16_t *src, int32_t length, uint16_t *dst, int32_t dstCapacity);

/* ---- Transliterators (e.g. "Latin-ASCII", "Any-Latin") ---- */
void *cip_translit_open(const uint16_t *id, int32_t idLength);
/* Transliterates buf in place; *length is updated. Returns 0 or a negative status. */
int32_t cip_translit_apply(void *handle, uint16_t *buf, int32_t *length, int32_t capacity);
void cip_translit_close(void *handle);

/* ---- Word segmentation (ICU's word break iterator) ---- */

/* Segment kinds reported by cip_words_segment. */
#define CIP_SEGMENT_NONE 0       /* spaces, punctuation, symbols */
#define CIP_SEGMENT_NUMBER 1
#define CIP_SEGMENT_LETTER 2
#define CIP_SEGMENT_KANA 3
#define CIP_SEGMENT_IDEOGRAPHIC 4

/* locale is an ASCII locale id ("en", "zh", "tr"), NUL-terminated. */
void *cip_words_open(const char *locale);
/* Writes up to capacity segments (start, end, kind) of text; returns the total number of
 * segments (which may exceed capacity: call again with more room), or a negative status. */
int32_t cip_words_segment(void *handle, const uint16_t *text, int32_t length,
                          int32_t *starts, int32_t *ends, int32_t *kinds, int32_t capacity);
void cip_words_close(void *handle);

/* ---- Spelled-out numbers (ICU rule-based number format, spellout rules) ---- */
void *cip_spellout_open(const char *locale);
/* Parses text as a spelled-out number. Returns the number of UTF-16 units consumed (0 when
 * nothing parsed) and stores the value in *value. */
int32_t cip_spellout_parse(void *handle, const uint16_t *text, int32_t length, double *value);
/* Formats value as words into dst; returns the length or a negative status. */
int32_t cip_spellout_format(void *handle, double value, uint16_t *dst, int32_t dstCapacity);
void cip_spellout_close(void *handle);

#ifdef __cplusplus
}
#endif

#endif
