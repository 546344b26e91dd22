#ifndef CWEBENGINE_H
#define CWEBENGINE_H

/*
 * A plain C face for litehtml 0.6 and our cairo/pango document container.
 *
 * One td_webdoc is one parsed page. It is not thread-safe: call it from one thread at a
 * time (TouchDeskWeb's WebDocument serialises calls behind a lock). Coordinates are
 * document pixels (CSS px); the origin is the top-left of the page.
 */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct _cairo;
struct _cairo_surface;

typedef struct td_webdoc td_webdoc;

/// Called while the document is being created, once for each <link rel=stylesheet> and
/// @import. `url` is the reference as written, `base_url` the base it is relative to (empty:
/// the document's base). Returns the stylesheet text allocated with malloc (NULL: none) and
/// stores in *out_base_url a malloc'ed absolute URL that the sheet's own relative URLs
/// resolve against.
typedef char *(*td_web_import_css_fn)(void *context, const char *url, const char *base_url,
                                      char **out_base_url);

typedef struct td_web_callbacks {
    void *context;
    td_web_import_css_fn import_css;
} td_web_callbacks;

/// Parses `html` (UTF-8). `master_css` is the default stylesheet under every page.
/// Returns NULL only when litehtml fails outright.
td_webdoc *td_webdoc_create(const char *html, const char *base_url, const char *master_css,
                            const td_web_callbacks *callbacks);
void td_webdoc_destroy(td_webdoc *doc);

/// Lays the page out for a viewport `width` × `height` px. Stores the page's own size
/// (at least the viewport width when the page is narrower, wider when its CSS says so).
void td_webdoc_layout(td_webdoc *doc, int width, int height, int *out_width, int *out_height);

/// Paints the part of the page inside the clip rect (document px) into `cr`, the page's
/// origin at (x, y) in cr's user space and every page pixel `scale` user units wide.
void td_webdoc_draw(td_webdoc *doc, struct _cairo *cr, double x, double y, double scale,
                    int clip_x, int clip_y, int clip_width, int clip_height);

/// The href of the link under a point, as written in the page (malloc'ed), or NULL.
char *td_webdoc_link_at(td_webdoc *doc, int x, int y);

/// Where the element with this id (or <a name>) sits. Returns 0 when there is none.
int td_webdoc_anchor_position(td_webdoc *doc, const char *name, int *out_x, int *out_y);

/// Moves the pointer to a point; returns 1 when hover styles changed and the page needs a
/// repaint. The cursor the page asks for ("pointer", "auto", …) is then td_webdoc_cursor.
int td_webdoc_mouse_move(td_webdoc *doc, int x, int y);
int td_webdoc_mouse_leave(td_webdoc *doc);
const char *td_webdoc_cursor(const td_webdoc *doc);

/// A press and release at a point; returns the href of the anchor clicked (malloc'ed), or NULL.
char *td_webdoc_click(td_webdoc *doc, int x, int y);

/// The <title> text, and the <base href> (both "" when absent). Valid until destroy.
const char *td_webdoc_title(const td_webdoc *doc);
const char *td_webdoc_base_href(const td_webdoc *doc);

/// Images the page asked for: `src` as written and the base it is relative to ("" for the
/// document's base). Valid until destroy.
size_t td_webdoc_image_count(const td_webdoc *doc);
const char *td_webdoc_image_src(const td_webdoc *doc, size_t index);
const char *td_webdoc_image_base(const td_webdoc *doc, size_t index);

/// Stylesheets the page asked for (as given to import_css), in order.
size_t td_webdoc_stylesheet_count(const td_webdoc *doc);
const char *td_webdoc_stylesheet_url(const td_webdoc *doc, size_t index);

/// Hands over a decoded picture for an image request; the document takes its own reference.
/// Lay the page out again afterwards: images without a size in the page change the layout.
void td_webdoc_set_image(td_webdoc *doc, const char *src, const char *base,
                         struct _cairo_surface *surface);

typedef enum td_web_image_status {
    TD_WEB_IMAGE_OK = 0,
    TD_WEB_IMAGE_UNKNOWN_FORMAT = 1,
    TD_WEB_IMAGE_TOO_LARGE = 2,
    TD_WEB_IMAGE_CORRUPT = 3,
} td_web_image_status;

/// Recognises PNG and JPEG by their signature.
int td_web_image_sniff(const unsigned char *bytes, size_t length);

/// Decodes a PNG or JPEG into a new cairo image surface (the caller owns it). Pictures
/// wider or taller than `max_side` are refused before decoding. NULL on failure, with the
/// reason in *out_status; *out_width and *out_height get the picture's size when known.
struct _cairo_surface *td_web_decode_image(const unsigned char *bytes, size_t length, int max_side,
                                           int *out_status, int *out_width, int *out_height);

void td_web_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
