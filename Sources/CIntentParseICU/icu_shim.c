/* Plain-C wrappers over ICU; see include/CIntentParseICU.h for the contract. */
#include "CIntentParseICU.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/utrans.h>
#include <unicode/uversion.h>

/* Maps an ICU status to our return convention. */
static int32_t cip_result(UErrorCode status, int32_t length) {
    if (status == U_BUFFER_OVERFLOW_ERROR) return CIP_BUFFER_TOO_SMALL;
    if (U_FAILURE(status)) return CIP_FAILURE;
    return length;
}

int32_t cip_nfkc(const uint16_t *src, int32_t length, uint16_t *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfkc = unorm2_getNFKCInstance(&status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    int32_t n = unorm2_normalize(nfkc, (const UChar *)src, length, (UChar *)dst, dstCapacity, &status);
    return cip_result(status, n);
}

int32_t cip_fold_case(const uint16_t *src, int32_t length, int32_t turkic,
                      uint16_t *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    uint32_t options = turkic ? U_FOLD_CASE_EXCLUDE_SPECIAL_I : U_FOLD_CASE_DEFAULT;
    int32_t n = u_strFoldCase((UChar *)dst, dstCapacity, (const UChar *)src, length, options, &status);
    return cip_result(status, n);
}

int32_t cip_to_lower(const uint16_t *src, int32_t length, const char *locale,
                     uint16_t *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = u_strToLower((UChar *)dst, dstCapacity, (const UChar *)src, length, locale, &status);
    return cip_result(status, n);
}

int32_t cip_has_other_script(const uint16_t *src, int32_t length) {
    int32_t i = 0;
    while (i < length) {
        UChar32 c;
        U16_NEXT(src, i, length, c);
        UErrorCode status = U_ZERO_ERROR;
        if ((U_GET_GC_MASK(c) & U_GC_L_MASK) == 0) continue;
        UScriptCode script = uscript_getScript(c, &status);
        if (U_FAILURE(status)) continue;
        if (script != USCRIPT_COMMON && script != USCRIPT_INHERITED && script != USCRIPT_LATIN &&
            script != USCRIPT_HAN && script != USCRIPT_UNKNOWN) return 1;
    }
    return 0;
}

int32_t cip_has_symbol(const uint16_t *src, int32_t length) {
    int32_t i = 0;
    while (i < length) {
        UChar32 c;
        U16_NEXT(src, i, length, c);
        if ((U_GET_GC_MASK(c) & (U_GC_S_MASK | U_GC_ME_MASK)) != 0) return 1;
        if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) || u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) return 1;
    }
    return 0;
}

int32_t cip_is_emoticon(const uint16_t *src, int32_t length) {
    int32_t i = 0, drawn = 0;
    while (i < length) {
        UChar32 c;
        U16_NEXT(src, i, length, c);
        if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) || u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) return 0;
        if ((U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_N_MASK)) != 0) return 0;
        if (!u_hasBinaryProperty(c, UCHAR_TERMINAL_PUNCTUATION) && !u_hasBinaryProperty(c, UCHAR_QUOTATION_MARK) &&
            !u_hasBinaryProperty(c, UCHAR_DASH) && !u_isUWhiteSpace(c)) drawn = 1;
    }
    return drawn;
}

int32_t cip_strip_marks(const uint16_t *src, int32_t length, uint16_t *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    int32_t cap = length * 4 + 16;
    UChar *decomposed = (UChar *)malloc(sizeof(UChar) * (size_t)cap);
    if (decomposed == NULL) return CIP_FAILURE;
    int32_t n = unorm2_normalize(nfd, (const UChar *)src, length, decomposed, cap, &status);
    if (U_FAILURE(status)) { free(decomposed); return CIP_FAILURE; }
    int32_t kept = 0;
    for (int32_t i = 0; i < n;) {
        UChar32 c;
        int32_t start = i;
        U16_NEXT(decomposed, i, n, c);
        if (u_charType(c) == U_NON_SPACING_MARK) continue;
        for (int32_t k = start; k < i; k++) decomposed[kept++] = decomposed[k];
    }
    int32_t out = unorm2_normalize(nfc, decomposed, kept, (UChar *)dst, dstCapacity, &status);
    free(decomposed);
    return cip_result(status, out);
}

void cip_icu_version(char *dst, int32_t dstCapacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(version);
    u_versionToString(version, text);
    if (dstCapacity <= 0) return;
    strncpy(dst, text, (size_t)dstCapacity - 1);
    dst[dstCapacity - 1] = 0;
}

void *cip_translit_open(const uint16_t *id, int32_t idLength) {
    UErrorCode status = U_ZERO_ERROR;
    UTransliterator *t = utrans_openU((const UChar *)id, idLength, UTRANS_FORWARD, NULL, 0, NULL, &status);
    if (U_FAILURE(status)) return NULL;
    return t;
}

int32_t cip_translit_apply(void *handle, uint16_t *buf, int32_t *length, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t limit = *length;
    utrans_transUChars((const UTransliterator *)handle, (UChar *)buf, length, capacity, 0, &limit, &status);
    return cip_result(status, 0);
}

int32_t cip_translit_source_ranges(void *handle, uint32_t *ranges, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openEmpty();
    if (set == NULL) return CIP_FAILURE;
    utrans_getSourceSet((const UTransliterator *)handle, 0, set, &status);
    int32_t count = 0;
    int32_t items = U_SUCCESS(status) ? uset_getItemCount(set) : 0;
    for (int32_t i = 0; i < items && U_SUCCESS(status); i++) {
        UChar32 start = 0, end = 0;
        /* Strings in the set (items with a length) are left out: every code point they start
         * with is a range item of its own in a transliterator's source set. */
        if (uset_getItem(set, i, &start, &end, NULL, 0, &status) != 0) continue;
        if (count < capacity) {
            ranges[2 * count] = (uint32_t)start;
            ranges[2 * count + 1] = (uint32_t)end;
        }
        count++;
    }
    uset_close(set);
    if (U_FAILURE(status)) return CIP_FAILURE;
    return count;
}

void cip_translit_close(void *handle) {
    if (handle != NULL) utrans_close((UTransliterator *)handle);
}

void *cip_words_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    return it;
}

static int32_t cip_segment_kind(int32_t ruleStatus) {
    if (ruleStatus >= UBRK_WORD_IDEO && ruleStatus < UBRK_WORD_IDEO_LIMIT) return CIP_SEGMENT_IDEOGRAPHIC;
    if (ruleStatus >= UBRK_WORD_KANA && ruleStatus < UBRK_WORD_KANA_LIMIT) return CIP_SEGMENT_KANA;
    if (ruleStatus >= UBRK_WORD_LETTER && ruleStatus < UBRK_WORD_LETTER_LIMIT) return CIP_SEGMENT_LETTER;
    if (ruleStatus >= UBRK_WORD_NUMBER && ruleStatus < UBRK_WORD_NUMBER_LIMIT) return CIP_SEGMENT_NUMBER;
    return CIP_SEGMENT_NONE;
}

int32_t cip_words_segment(void *handle, const uint16_t *text, int32_t length,
                          int32_t *starts, int32_t *ends, int32_t *kinds, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = (UBreakIterator *)handle;
    ubrk_setText(it, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    int32_t count = 0;
    int32_t start = ubrk_first(it);
    for (int32_t end = ubrk_next(it); end != UBRK_DONE; start = end, end = ubrk_next(it)) {
        if (count < capacity) {
            starts[count] = start;
            ends[count] = end;
            kinds[count] = cip_segment_kind(ubrk_getRuleStatus(it));
        }
        count++;
    }
    /* Detach the caller's buffer so the iterator never points at freed memory. */
    ubrk_setText(it, NULL, 0, &status);
    return count;
}

int32_t cip_words_rules_locale(void *handle, char *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *id = ubrk_getLocaleByType((const UBreakIterator *)handle, ULOC_ACTUAL_LOCALE, &status);
    if (U_FAILURE(status) || id == NULL) return CIP_FAILURE;
    int32_t length = (int32_t)strlen(id);
    if (length + 1 > dstCapacity) return CIP_FAILURE;
    memcpy(dst, id, (size_t)length + 1);
    return length;
}

void cip_words_close(void *handle) {
    if (handle != NULL) ubrk_close((UBreakIterator *)handle);
}

int32_t cip_default_locale(char *dst, int32_t dstCapacity) {
    const char *id = uloc_getDefault();
    int32_t length = (int32_t)strlen(id);
    if (length + 1 > dstCapacity) return -1;
    memcpy(dst, id, (size_t)length + 1);
    return length;
}
