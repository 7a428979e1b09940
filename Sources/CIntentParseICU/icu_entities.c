/* Plain-C wrappers over ICU for the built-in entities: number formats, currency names and
 * calendar words. See include/CIntentParseICU.h for the contract. */
#include "CIntentParseICU.h"

#include <stdio.h>
#include <string.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/ucal.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

static int32_t cip_status(UErrorCode status, int32_t length) {
    if (status == U_BUFFER_OVERFLOW_ERROR) return CIP_BUFFER_TOO_SMALL;
    if (U_FAILURE(status)) return CIP_FAILURE;
    return length;
}

/* Copies an ICU-owned string into the caller's buffer. */
static int32_t cip_copy(const UChar *src, int32_t length, uint16_t *dst, int32_t dstCapacity) {
    if (length > dstCapacity) return CIP_BUFFER_TOO_SMALL;
    if (length > 0) memcpy(dst, src, sizeof(UChar) * (size_t)length);
    return length;
}

int32_t cip_number_separators(const char *locale, uint16_t *decimal, uint16_t *grouping) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *f = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    UChar symbol[8];
    int32_t n = unum_getSymbol(f, UNUM_DECIMAL_SEPARATOR_SYMBOL, symbol, 8, &status);
    if (U_SUCCESS(status) && n == 1) *decimal = symbol[0];
    n = unum_getSymbol(f, UNUM_GROUPING_SEPARATOR_SYMBOL, symbol, 8, &status);
    if (U_SUCCESS(status) && n == 1) *grouping = symbol[0];
    unum_close(f);
    return U_FAILURE(status) ? CIP_FAILURE : 0;
}

void *cip_number_open(const char *locale, int32_t style) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatStyle icuStyle = style == CIP_NUMBER_ORDINAL_DIGITS ? UNUM_ORDINAL
        : (style == CIP_NUMBER_ORDINAL_WORDS || style == CIP_NUMBER_SPELLOUT) ? UNUM_SPELLOUT : UNUM_DECIMAL;
    UNumberFormat *f = unum_open(icuStyle, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) return NULL;
    if (style == CIP_NUMBER_ORDINAL_WORDS) {
        static const UChar ruleSet[] = u"%spellout-ordinal";
        unum_setTextAttribute(f, UNUM_DEFAULT_RULESET, ruleSet, -1, &status);
        if (U_FAILURE(status)) { unum_close(f); return NULL; }
    }
    if (style != CIP_NUMBER_DECIMAL) unum_setAttribute(f, UNUM_LENIENT_PARSE, 1);
    return f;
}

int32_t cip_number_parse(void *handle, const uint16_t *text, int32_t length, double *value) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t pos = 0;
    double v = unum_parseDouble((const UNumberFormat *)handle, (const UChar *)text, length, &pos, &status);
    if (U_FAILURE(status)) return 0;
    *value = v;
    return pos;
}

int32_t cip_number_format(void *handle, double value, uint16_t *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = unum_formatDouble((const UNumberFormat *)handle, value, (UChar *)dst, dstCapacity, NULL, &status);
    return cip_status(status, n);
}

void cip_number_close(void *handle) {
    if (handle != NULL) unum_close((UNumberFormat *)handle);
}

int32_t cip_currency_codes(char *dst, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *codes = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    int32_t count = 0, length = 0;
    const char *code;
    while ((code = uenum_next(codes, &length, &status)) != NULL && U_SUCCESS(status)) {
        if (length != 3) continue;
        if ((count + 1) * 3 <= capacity) memcpy(dst + count * 3, code, 3);
        count++;
    }
    uenum_close(codes);
    if (U_FAILURE(status)) return CIP_FAILURE;
    return count * 3 <= capacity ? count : CIP_BUFFER_TOO_SMALL;
}

int32_t cip_currency_name(const char *code, const char *locale, int32_t style, uint16_t *dst, int32_t dstCapacity) {
    UChar isoCode[4];
    if (code == NULL || strlen(code) != 3) return CIP_FAILURE;
    u_charsToUChars(code, isoCode, 4);
    UErrorCode status = U_ZERO_ERROR;
    UBool isChoiceFormat = 0;
    int32_t length = 0;
    const UChar *name;
    if (style == CIP_CURRENCY_PLURAL_ONE || style == CIP_CURRENCY_PLURAL_OTHER) {
        const char *count = style == CIP_CURRENCY_PLURAL_ONE ? "one" : "other";
        name = ucurr_getPluralName(isoCode, locale, &isChoiceFormat, count, &length, &status);
    } else {
        UCurrNameStyle nameStyle = style == CIP_CURRENCY_LONG_NAME ? UCURR_LONG_NAME
            : style == CIP_CURRENCY_NARROW_SYMBOL ? UCURR_NARROW_SYMBOL_NAME : UCURR_SYMBOL_NAME;
        name = ucurr_getName(isoCode, locale, nameStyle, &isChoiceFormat, &length, &status);
    }
    if (U_FAILURE(status) || name == NULL) return CIP_FAILURE;
    /* ICU falls back to the ISO code itself when it has no name (status U_USING_DEFAULT_WARNING). */
    if (status == U_USING_DEFAULT_WARNING) return 0;
    return cip_copy(name, length, dst, dstCapacity);
}

int32_t cip_currency_regions(char *dst, int32_t capacity) {
    const char *const *regions = uloc_getISOCountries();
    int32_t count = 0;
    for (; regions[count] != NULL; count++) {
        if ((count + 1) * 3 > capacity) continue;
        char locale[ULOC_FULLNAME_CAPACITY];
        UChar code[4] = {0};
        UErrorCode status = U_ZERO_ERROR;
        /* "und_FR": no language, the region's currency. */
        snprintf(locale, sizeof locale, "und_%s", regions[count]);
        int32_t length = ucurr_forLocale(locale, code, 4, &status);
        if (U_SUCCESS(status) && length == 3) {
            u_UCharsToChars(code, dst + count * 3, 3);
        } else {
            memcpy(dst + count * 3, "   ", 3);
        }
    }
    return count * 3 <= capacity ? count : CIP_BUFFER_TOO_SMALL;
}

int32_t cip_currency_fraction_digits(const char *code) {
    UChar isoCode[4];
    if (code == NULL || strlen(code) != 3) return CIP_FAILURE;
    u_charsToUChars(code, isoCode, 4);
    UErrorCode status = U_ZERO_ERROR;
    int32_t digits = ucurr_getDefaultFractionDigits(isoCode, &status);
    return cip_status(status, digits);
}

int32_t cip_currency_for_locale(const char *locale, char *dst, int32_t dstCapacity) {
    if (dstCapacity < 4) return CIP_BUFFER_TOO_SMALL;
    char full[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(locale, full, ULOC_FULLNAME_CAPACITY, &status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    UChar code[4] = {0};
    int32_t length = ucurr_forLocale(full, code, 4, &status);
    if (U_FAILURE(status) || length != 3) return CIP_FAILURE;
    u_UCharsToChars(code, dst, 3);
    dst[3] = '\0';
    return 0;
}

static UDateFormatSymbolType cip_symbol_type(int32_t kind) {
    switch (kind) {
    case CIP_DATE_SHORT_MONTHS: return UDAT_SHORT_MONTHS;
    case CIP_DATE_WEEKDAYS: return UDAT_WEEKDAYS;
    case CIP_DATE_SHORT_WEEKDAYS: return UDAT_SHORT_WEEKDAYS;
    case CIP_DATE_AM_PM: return UDAT_AM_PMS;
    default: return UDAT_MONTHS;
    }
}

void *cip_dates_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *f = udat_open(UDAT_DEFAULT, UDAT_DEFAULT, locale, NULL, 0, NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    return f;
}

int32_t cip_date_symbol_count(void *handle, int32_t kind) {
    return udat_countSymbols((const UDateFormat *)handle, cip_symbol_type(kind));
}

int32_t cip_date_symbol(void *handle, int32_t kind, int32_t index, uint16_t *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = udat_getSymbols((const UDateFormat *)handle, cip_symbol_type(kind), index, (UChar *)dst, dstCapacity, &status);
    return cip_status(status, n);
}

void cip_dates_close(void *handle) {
    if (handle != NULL) udat_close((UDateFormat *)handle);
}

int32_t cip_short_date_pattern(const char *locale, uint16_t *dst, int32_t dstCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *f = udat_open(UDAT_NONE, UDAT_SHORT, locale, NULL, 0, NULL, 0, &status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    int32_t n = udat_toPattern(f, 0, (UChar *)dst, dstCapacity, &status);
    udat_close(f);
    return cip_status(status, n);
}

int32_t cip_first_weekday(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *calendar = ucal_open(NULL, 0, locale, UCAL_GREGORIAN, &status);
    if (U_FAILURE(status)) return CIP_FAILURE;
    int32_t day = ucal_getAttribute(calendar, UCAL_FIRST_DAY_OF_WEEK);
    ucal_close(calendar);
    return day >= 1 && day <= 7 ? day : CIP_FAILURE;
}
