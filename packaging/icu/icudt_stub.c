/* An empty ICU common-data package: the layout of ICU's own icu4c/source/stubdata/stubdata.cpp
 * (https://github.com/unicode-org/icu, Unicode-DFS-2016 / ICU licence), compiled by
 * packaging/prune.py as libicudata.so.<N> exporting icudt<N>_dat (-DICUDT_SYMBOL=...).
 *
 * the PySide6 wheel's libicudata is 32 MB of collation, conversion and locale data
 * that gpupicker never uses (Qt formats numbers and dates with its own CLDR tables, breaks
 * text with its own Unicode tables, reads UTF-8 only). With this stub Qt's ICU calls fail
 * and Qt falls back: QCollator compares code points (it warns "Could not create collator"),
 * locale-specific case mapping uses Qt's own tables. */
#include <stdint.h>
typedef struct {
    uint16_t size; uint16_t reserved; uint8_t isBigEndian; uint8_t charsetFamily;
    uint8_t sizeofUChar; uint8_t reservedByte; uint8_t dataFormat[4];
    uint8_t formatVersion[4]; uint8_t dataVersion[4];
} UDataInfo;
typedef struct {
    uint16_t headerSize; uint8_t magic1; uint8_t magic2; UDataInfo info;
    char padding[8]; uint32_t count; uint32_t reserved;
    const void *toc[4];
} ICU_Data_Header;
__attribute__((visibility("default"))) const ICU_Data_Header ICUDT_SYMBOL = {
    32, 0xda, 0x27,
    {sizeof(UDataInfo), 0, 0, 0 /* ASCII family */, 2, 0,
     {0x54, 0x6f, 0x43, 0x50}, {1, 0, 0, 0}, {0, 0, 0, 0}},
    {0, 0, 0, 0, 0, 0, 0, 0}, 0, 0, {0, 0, 0, 0}
};
