// floor_items (items.h): one pass over each item's members with simdjson's On-Demand API, any member order.
#include "items.h"

#include <simdjson.h>
#include <string_view>

using namespace simdjson;

/// The field a member of an item is stored as, or FIELD_COUNT when it is not stored.
static int field_of(std::string_view key) {
    static const std::pair<std::string_view, int> fields[] = {
        {"uri", FIELD_URI}, {"url", FIELD_URL}, {"title", FIELD_TITLE}, {"kicker", FIELD_KICKER},
        {"byline", FIELD_BYLINE}, {"abstract", FIELD_ABSTRACT}, {"section", FIELD_SECTION},
        {"subsection", FIELD_SUBSECTION}, {"item_type", FIELD_ITEM_TYPE}, {"published_date", FIELD_PUBLISHED},
        {"updated_date", FIELD_UPDATED},
    };
    for (const auto &field : fields) {
        if (field.first == key) return field.second;
    }
    return FIELD_COUNT;
}

int floor_items(const char *bytes, size_t size, size_t capacity, floor_item each, void *context) {
    ondemand::parser parser;
    ondemand::document document;
    ondemand::array results;
    if (parser.iterate(bytes, size, capacity).get(document) || document["results"].get_array().get(results)) return -1;
    for (auto element : results) {
        ondemand::object item;
        if (element.get_object().get(item)) return -1;
        const char *fields[FIELD_COUNT] = {};
        size_t lengths[FIELD_COUNT] = {};
        for (auto member : item) {
            std::string_view key;
            if (member.unescaped_key().get(key)) return -1;
            std::string_view text;
            if (key == "multimedia") {
                ondemand::array images;
                if (member.value().get_array().get(images)) continue;
                for (auto image : images) {
                    if (!fields[FIELD_THUMBNAIL] && !image["url"].get_string().get(text)) {
                        fields[FIELD_THUMBNAIL] = text.data();
                        lengths[FIELD_THUMBNAIL] = text.size();
                    }
                }
                continue;
            }
            int field = field_of(key);
            if (field == FIELD_COUNT || member.value().get_string().get(text)) continue;
            fields[field] = text.data();
            lengths[field] = text.size();
        }
        each(context, fields, lengths);
    }
    return 0;
}
