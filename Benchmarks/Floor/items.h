// The items of a Top Stories body, read with simdjson (items.cpp) for floor.c.
#include <stddef.h>

/// The fields floor.c stores, in this order in `floor_item`'s arrays.
enum floor_field {
    FIELD_URI, FIELD_URL, FIELD_TITLE, FIELD_KICKER, FIELD_BYLINE, FIELD_ABSTRACT, FIELD_SECTION, FIELD_SUBSECTION,
    FIELD_ITEM_TYPE, FIELD_PUBLISHED, FIELD_UPDATED, FIELD_THUMBNAIL, FIELD_COUNT
};

/// Called with each item's fields (NULL when absent), valid only during the call.
typedef void (*floor_item)(void *context, const char *const *fields, const size_t *lengths);

/// Calls `each` for every item of `results` in the body of `size` bytes at `bytes` (`capacity` bytes
/// allocated, at least 64 more than `size`); 0, or -1 when the body is not a Top Stories response.
#ifdef __cplusplus
extern "C"
#endif
int floor_items(const char *bytes, size_t size, size_t capacity, floor_item each, void *context);
