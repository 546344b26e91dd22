// The line protocol between TouchDesk (TouchDeskWeb's `WebEngine`) and its web helper
// (`touchdesk-web-engine`), written once: the two tables below are the only place a message's
// name, its arguments and its meaning are written. From them come a C enum of orders and one of
// news (both sides switch over these; the C compiler's -Werror=switch and Swift's exhaustive
// switch over a closed enum fail the build when a side does not handle a message), the names on
// the wire, and the fewest arguments each message needs (a shorter line is refused).
//
// The wire: one text line per message, "NAME ARGUMENTS…", words split by single spaces; an
// argument shown as A<TAB>B is split at the first tab instead (URLs and messages hold spaces).
// The helper's first line is `hello VERSION`: TouchDesk refuses a helper of another version with
// a message that says so (it ends it at once; it never waits on a protocol it does not know).
//
// Change a message (its name, its arguments or their meaning), add or remove one: raise
// TOUCHDESK_WEB_PROTOCOL_VERSION, and record the transcript test's exchange again if it moved
// (Tests/TouchDeskWebTests/Transcripts/README.md says how).
#ifndef TOUCHDESK_WEB_ENGINE_PROTOCOL_H
#define TOUCHDESK_WEB_ENGINE_PROTOCOL_H

/// The protocol's version, the helper's first line (`hello 3`). Version 1 had no `hello`; 2 had no `once`.
#define TOUCHDESK_WEB_PROTOCOL_VERSION 3

// V is a view: 0 "as the page is", 1 "scaled to fit". X, Y in the view's points; MODS a GDK
// modifier mask. Frames are in device pixels (SCALE device pixels per point).
//
// Each entry: X(Case, "name", fewest arguments, "ARGUMENTS", "an example of the arguments")

/// Orders: TouchDesk → helper.
#define TOUCHDESK_WEB_ORDERS(X) \
    /* Load a page in both views (the fit view follows each page the as-is view commits to). */ \
    X(Open, "open", 1, "URL", "about:blank") \
    X(Back, "back", 0, "", "") \
    X(Forward, "forward", 0, "", "") \
    X(Reload, "reload", 0, "", "") \
    /* Stop both views' loads; what came stays shown. */ \
    X(Stop, "stop", 0, "", "") \
    /* A view's size in points (applied once the window's resizes settle). */ \
    X(Size, "size", 3, "V W H", "0 320 240") \
    /* The last frame of view V is read: its slot may be written again. */ \
    X(Ack, "ack", 1, "V", "0") \
    X(Button, "button", 6, "V press|release X Y BUTTON MODS", "1 release 5 5 1 0") \
    X(Motion, "motion", 4, "V X Y MODS", "0 10 10 0") \
    X(Scroll, "scroll", 5, "V X Y DX DY", "0 10 10 0 1") \
    /* KEYSYM is the X keysym's name (Escape, Tab, a). */ \
    X(Key, "key", 4, "V press|release KEYSYM MODS", "0 press Shift_L 0") \
    /* Text typed through TouchDesk's input method, as key presses. */ \
    X(Text, "text", 1, "V UTF8", "0 ") \
    X(Javascript, "javascript", 1, "0|1", "1") \
    /* The as-is view's zoom level, 0.25…5. */ \
    X(Zoom, "zoom", 1, "Z", "1") \
    /* Highlight TEXT in both views and count it in the as-is view (`found`); no TEXT: end the search. */ \
    X(Find, "find", 0, "TEXT", "") \
    X(FindNext, "findnext", 0, "", "") \
    X(FindPrevious, "findprevious", 0, "", "") \
    /* Answered by `pong N`: a helper that stops answering is ended as hung. */ \
    X(Ping, "ping", 1, "N", "1") \
    /* Copy the as-is view's selection to the clipboard. */ \
    X(Copy, "copy", 0, "", "") \
    /* Device pixels per point, 1…4. */ \
    X(Scale, "scale", 1, "S", "1") \
    /* The page's context menu from the keyboard (answered by `menu`). */ \
    X(Menu, "menu", 1, "V", "0") \
    /* Follow a link the user chose in TouchDesk's menu (a page's link: no local files). */ \
    X(Link, "link", 1, "URL", "about:blank") \
    /* TouchDesk's Tab ring reached the page from before it (forward: the page's first link or field */ \
    /* takes the focus) or after it (backward: its last). */ \
    X(FocusIn, "focusin", 2, "V forward|backward", "0 forward") \
    /* The ring left the page: it looks unfocused until its next key or click. */ \
    X(FocusOut, "focusout", 1, "V", "0") \
    /* The as-is view's whole page as a PNG (answered by `saved` or `savefailed`). */ \
    X(SavePage, "savepage", 1, "FILE", "/nonexistent/touchdesk/page.png") \
    /* The page's source as the server sent it (answered by `htmlsaved` or `htmlfailed`). */ \
    X(SaveSource, "savehtml", 1, "FILE", "/nonexistent/touchdesk/page.html") \
    /* Started ahead of need: exit unless another order (but `open`) comes within SECONDS. */ \
    X(Spare, "spare", 1, "SECONDS", "600") \
    /* Web Pages is left (pages throttle their timers) or shown again. */ \
    X(Hide, "hide", 0, "", "") \
    X(Show, "show", 0, "", "")

/// News: helper → TouchDesk.
#define TOUCHDESK_WEB_NEWS(X) \
    /* The helper's first line: the protocol it speaks. */ \
    X(Hello, "hello", 1, "VERSION", "3") \
    /* Both views exist. */ \
    X(Ready, "ready", 0, "", "") \
    /* A new picture of view V in its slot of the shared memory; TouchDesk answers `ack V`. */ \
    X(Frame, "frame", 5, "V W H STRIDE SCALE", "0 320 240 1280 1") \
    /* The address the as-is view committed to. */ \
    X(Address, "uri", 1, "URL", "http://127.0.0.1/") \
    X(Title, "title", 0, "TEXT", "A page") \
    /* The as-is view's estimated load progress, 0…1. */ \
    X(Progress, "progress", 1, "P", "0.500") \
    /* Whether either view is loading. */ \
    X(Loading, "loading", 1, "0|1", "1") \
    X(History, "history", 2, "BACK FORWARD", "1 0") \
    /* MESSAGE is WebKit's words, or the helper's own as "@CODE N…" (worded in TouchDesk's language). */ \
    X(Failed, "failed", 1, "URL<TAB>MESSAGE", "http://127.0.0.1/\t@noanswer 30") \
    /* The server answered with an error status; its page is shown. */ \
    X(Status, "status", 1, "CODE TEXT", "404 Not Found") \
    /* The link under the pointer; none: off links. */ \
    X(Hover, "hover", 0, "URL", "http://127.0.0.1/next.html") \
    /* A CSS cursor name. */ \
    X(Cursor, "cursor", 1, "NAME", "pointer") \
    /* A navigation turned down, and why. */ \
    X(Refused, "refused", 1, "URL<TAB>WHY", "http://127.0.0.1/a.zip\tnot a page") \
    /* A page from the network tried to open a local file (a link, a script, a redirect). */ \
    X(LocalRefused, "localrefused", 1, "URL", "file:///etc/passwd") \
    /* View V's web process ended: it crashed, or passed the memory limit. */ \
    X(Crashed, "crashed", 2, "V crashed|memory", "0 memory") \
    /* Matches of the `find` text in the as-is view (1001: more than 1000). */ \
    X(Found, "found", 1, "N", "3") \
    /* The as-is page's size in CSS px. */ \
    X(Content, "content", 2, "W H", "970 2400") \
    /* The fit view's zoom now shows the page's whole width. */ \
    X(Fitted, "fitted", 0, "", "") \
    /* The page is too big to hold twice: the fit view let its copy go, until the next page. */ \
    X(ShownOnce, "once", 0, "", "") \
    X(Pong, "pong", 1, "N", "1") \
    /* A Tab took the focus past a view's last element (or, backward, its first). */ \
    X(PageEnd, "pageend", 2, "V forward|backward", "0 forward") \
    /* The page's context menu: where, whether text is selected, the link there if any. */ \
    X(Menu, "menu", 4, "V X Y SELECTED<TAB>LINK", "0 10 20 1\thttp://127.0.0.1/") \
    X(Saved, "saved", 1, "FILE", "/tmp/page.png") \
    /* A long page's picture is under way: rows pictured of the whole. */ \
    X(SaveProgress, "saveprogress", 2, "ROWS OF", "4000 12000") \
    X(SaveFailed, "savefailed", 1, "MESSAGE", "@toolong 300000 200000") \
    X(SourceSaved, "htmlsaved", 1, "FILE", "/tmp/page.html") \
    X(SourceFailed, "htmlfailed", 1, "MESSAGE", "no page is shown") \
    /* The page's accessible tree is offered under this AT-SPI plug id. */ \
    X(Plug, "plug", 1, "ID", ":1.42:/org/a11y/atspi/accessible/1") \
    /* An order the helper did not take: an unknown name, or too few arguments. */ \
    X(BadOrder, "badorder", 1, "LINE", "zoom")

#define TOUCHDESK_WEB_ORDER_CASE(name, word, fewest, arguments, example) TDWOrder##name,
#define TOUCHDESK_WEB_NEWS_CASE(name, word, fewest, arguments, example) TDWNews##name,

/// An order; Swift sees `TDWOrder.open`, … and must switch over every one.
typedef enum __attribute__((enum_extensibility(closed))) TDWOrder {
    TOUCHDESK_WEB_ORDERS(TOUCHDESK_WEB_ORDER_CASE)
} TDWOrder;

/// A piece of news; Swift sees `TDWNews.frame`, …
typedef enum __attribute__((enum_extensibility(closed))) TDWNews {
    TOUCHDESK_WEB_NEWS(TOUCHDESK_WEB_NEWS_CASE)
} TDWNews;

/// A message as the tables write it.
typedef struct TDWMessage {
    /// Its name on the wire.
    const char *word;
    /// The fewest arguments (space-separated words after the name) it needs.
    int fewest;
    /// Its arguments, for people.
    const char *arguments;
    /// An example of the arguments (the tests send and parse them).
    const char *example;
} TDWMessage;

int tdw_order_count(void);
int tdw_news_count(void);
/// The order or news at this index (as the enums count), or NULL past the end.
const TDWMessage *tdw_order(int index);
const TDWMessage *tdw_news(int index);
/// The index of the order or news named `word` (the first `length` bytes of it), or -1.
int tdw_order_named(const char *word, int length);
int tdw_news_named(const char *word, int length);

#endif
