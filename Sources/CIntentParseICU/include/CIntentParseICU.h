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

/* Lowercasing with a locale's own rules (Turkish and Azerbaijani lower I to dotless ı);
 * locale is an ASCII locale id, NUL-terminated. */
int32_t cip_to_lower(const uint16_t *src, int32_t length, const char *locale,
                     uint16_t *dst, int32_t dstCapacity);

/* 1 when the text has a letter of a script other than Latin and Han (Cyrillic, Greek,
 * Arabic, Hangul, ...; characters common to all scripts, and signs of a script that are no
 * letters, such as the currency signs "৳" and "៛", do not count), else 0. */
int32_t cip_has_other_script(const uint16_t *src, int32_t length);

/* 1 when the text has a symbol: a character of general category Sm, Sc, Sk or So ("+", "$",
 * "^", "♥"), an emoji (Extended_Pictographic, the regional indicators of flags) or an enclosing
 * mark (the keycap of "#️⃣"); else 0. */
int32_t cip_has_symbol(const uint16_t *src, int32_t length);

/* 1 when a run of marks reads as an emoticon (":)", ":-(", ";-)", "-_-"): no letter, digit or
 * emoji in it, and some character that is not sentence punctuation (Terminal_Punctuation such
 * as . , : ; ! ?, a quotation mark or a dash), so "...", "?!" and "--" are not; else 0. */
int32_t cip_is_emoticon(const uint16_t *src, int32_t length);

/* Removes combining marks: NFD, drop nonspacing marks, NFC ("Café" -> "Cafe"). */
int32_t cip_strip_marks(const uint16_t *src, int32_t length, uint16_t *dst, int32_t dstCapacity);

/* ICU's version ("72.1"), NUL-terminated in dst (capacity at least 20). */
void cip_icu_version(char *dst, int32_t dstCapacity);

/* ---- Transliterators (e.g. "Latin-ASCII", "Any-Latin") ---- */
void *cip_translit_open(const uint16_t *id, int32_t idLength);
/* Transliterates buf in place; *length is updated. Returns 0 or a negative status. */
int32_t cip_translit_apply(void *handle, uint16_t *buf, int32_t *length, int32_t capacity);
void cip_translit_close(void *handle);
/* The code points the transliterator may change, as inclusive [start, end] pairs written to
 * ranges (room for capacity pairs). Returns the number of pairs (more than capacity: call
 * again with more room) or a negative status. */
int32_t cip_translit_source_ranges(void *handle, uint32_t *ranges, int32_t capacity);

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
/* Writes the locale whose word break rules the iterator actually uses ("" for the root
 * rules, shared by most languages), NUL-terminated; returns its length or a negative status. */
int32_t cip_words_rules_locale(void *handle, char *dst, int32_t dstCapacity);

/* ---- Number formats: decimal, spelled-out cardinals, ordinals (digits and words) ---- */

/* Styles for cip_number_open. */
#define CIP_NUMBER_DECIMAL 0          /* "1,234.5" */
#define CIP_NUMBER_ORDINAL_DIGITS 1   /* digits with the locale's ordinal suffix: "3rd" */
#define CIP_NUMBER_ORDINAL_WORDS 2    /* spelled-out ordinals, rule set %spellout-ordinal: "third" */
#define CIP_NUMBER_SPELLOUT 3         /* spelled-out cardinals: "twenty-three" */

/* locale is an ASCII locale id; returns NULL when ICU cannot open the format. */
void *cip_number_open(const char *locale, int32_t style);
/* Parses a prefix of text. Returns the number of UTF-16 units consumed (0 when nothing parsed)
 * and stores the value in *value. NB: rule-based formats try every public rule set, so an
 * ordinal handle also reads cardinals; callers check what they got. */
int32_t cip_number_parse(void *handle, const uint16_t *text, int32_t length, double *value);
/* Formats value into dst; returns the length or a negative status. */
int32_t cip_number_format(void *handle, double value, uint16_t *dst, int32_t dstCapacity);
void cip_number_close(void *handle);
/* The locale's decimal and grouping separators (one UTF-16 unit each: "," and "." in German).
 * Returns 0, or a negative status (the separators are then left as they were). */
int32_t cip_number_separators(const char *locale, uint16_t *decimal, uint16_t *grouping);

/* ---- Currencies (ucurr) ---- */

/* Writes the ISO 4217 codes of the common, current currencies into dst as consecutive
 * 3-letter ASCII codes (no separators, no NUL); returns how many codes there are, or
 * CIP_BUFFER_TOO_SMALL when dst cannot hold 3 * count bytes. */
int32_t cip_currency_codes(char *dst, int32_t capacity);

/* Name styles for cip_currency_name. */
#define CIP_CURRENCY_SYMBOL 0         /* "$", "CA$", "€" */
#define CIP_CURRENCY_LONG_NAME 1      /* "US Dollar" */
#define CIP_CURRENCY_PLURAL_ONE 2     /* "US dollar" */
#define CIP_CURRENCY_PLURAL_OTHER 3   /* "US dollars" */
#define CIP_CURRENCY_NARROW_SYMBOL 4  /* "$" for USD, CAD, AUD... alike, "£", "¥" */

/* The name of a currency (3-letter ISO code, NUL-terminated) in a locale; returns the length,
 * 0 when ICU has none, or a negative status. */
int32_t cip_currency_name(const char *code, const char *locale, int32_t style, uint16_t *dst, int32_t dstCapacity);
/* The currency of every ISO 3166 region ICU knows, in ICU's order of regions: writes 3 ASCII
 * letters per region into dst (three spaces for a region without one; no separators, no NUL).
 * Returns how many regions there are, or CIP_BUFFER_TOO_SMALL when dst cannot hold 3 * count
 * bytes. */
int32_t cip_currency_regions(char *dst, int32_t capacity);
/* Digits after the decimal point (2 for USD, 0 for JPY), or a negative status. */
int32_t cip_currency_fraction_digits(const char *code);
/* The currency of a locale, its likely region added ("en" -> en_Latn_US -> USD): writes three
 * ASCII letters and a NUL into dst (capacity >= 4); returns 0 or a negative status. */
int32_t cip_currency_for_locale(const char *locale, char *dst, int32_t dstCapacity);

/* ---- Calendar words (udat_getSymbols) ---- */

/* Symbol kinds for cip_date_symbol. */
#define CIP_DATE_MONTHS 0             /* January ... December, index 0-11 */
#define CIP_DATE_SHORT_MONTHS 1       /* Jan ... Dec */
#define CIP_DATE_WEEKDAYS 2           /* index 1 = Sunday ... 7 = Saturday (index 0 is empty) */
#define CIP_DATE_SHORT_WEEKDAYS 3     /* Sun ... Sat */
#define CIP_DATE_AM_PM 4              /* AM, PM */

void *cip_dates_open(const char *locale);
/* How many symbols of a kind there are, or a negative status. */
int32_t cip_date_symbol_count(void *handle, int32_t kind);
/* Writes symbol `index` of `kind` into dst; returns the length or a negative status. */
int32_t cip_date_symbol(void *handle, int32_t kind, int32_t index, uint16_t *dst, int32_t dstCapacity);
void cip_dates_close(void *handle);

/* The locale's short date pattern ("dd.MM.yy", "M/d/yy", "y/M/d"): its length, or a negative
 * status. */
int32_t cip_short_date_pattern(const char *locale, uint16_t *dst, int32_t dstCapacity);

/* The first day of the week in a locale, its likely region added ("zh" -> CN -> Monday):
 * 1 = Sunday ... 7 = Saturday, or a negative status. */
int32_t cip_first_weekday(const char *locale);

/* ICU's default locale ("en_US_POSIX" where the environment names none), copied into dst with
 * a terminating NUL; returns its length, or a negative status when dst is too small. */
int32_t cip_default_locale(char *dst, int32_t dstCapacity);

#ifdef __cplusplus
}
#endif

#endif
