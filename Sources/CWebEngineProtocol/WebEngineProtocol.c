// The protocol's tables as data, from the one list in WebEngineProtocol.h.
#include "WebEngineProtocol.h"
#include <string.h>

#define TOUCHDESK_WEB_ENTRY(name, word, fewest, arguments, example) { word, fewest, arguments, example },

static const TDWMessage orders[] = { TOUCHDESK_WEB_ORDERS(TOUCHDESK_WEB_ENTRY) };
static const TDWMessage news[] = { TOUCHDESK_WEB_NEWS(TOUCHDESK_WEB_ENTRY) };

enum { ORDERS = sizeof orders / sizeof orders[0], NEWS = sizeof news / sizeof news[0] };

int tdw_order_count(void) { return ORDERS; }
int tdw_news_count(void) { return NEWS; }
const TDWMessage *tdw_order(int index) { return index >= 0 && index < ORDERS ? &orders[index] : NULL; }
const TDWMessage *tdw_news(int index) { return index >= 0 && index < NEWS ? &news[index] : NULL; }

static int named(const TDWMessage *table, int count, const char *word, int length) {
    if (!word || length < 0) return -1;
    for (int i = 0; i < count; i++) {
        if ((int)strlen(table[i].word) == length && memcmp(table[i].word, word, (size_t)length) == 0) return i;
    }
    return -1;
}

int tdw_order_named(const char *word, int length) { return named(orders, ORDERS, word, length); }
int tdw_news_named(const char *word, int length) { return named(news, NEWS, word, length); }
