// The C API of CWebEngine.h over litehtml::document and CairoContainer.
#include "CairoContainer.hpp"

#include <cstdlib>
#include <cstring>

using touchdesk::CairoContainer;

struct td_webdoc {
    explicit td_webdoc(const td_web_callbacks *callbacks) : container(callbacks) {}
    CairoContainer container;
    litehtml::context context;  // holds the master stylesheet; outlives the document
    litehtml::document::ptr document;
    int layoutWidth = 0;
};

namespace {

char *copyString(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy) std::memcpy(copy, text.c_str(), text.size() + 1);
    return copy;
}

litehtml::element::ptr findAnchor(const litehtml::element::ptr &element, const char *name) {
    if (!element) return nullptr;
    const char *id = element->get_attr("id");
    if (id && std::strcmp(id, name) == 0) return element;
    const char *tag = element->get_tagName();
    const char *anchorName = element->get_attr("name");
    if (tag && std::strcmp(tag, "a") == 0 && anchorName && std::strcmp(anchorName, name) == 0) return element;
    for (size_t i = 0; i < element->get_children_count(); ++i)
        if (auto found = findAnchor(element->get_child(int(i)), name)) return found;
    return nullptr;
}

}  // namespace

extern "C" {

td_webdoc *td_webdoc_create(const char *html, const char *base_url, const char *master_css,
                            const td_web_callbacks *callbacks) {
    try {
        auto *doc = new td_webdoc(callbacks);
        doc->container.set_base_url(base_url ? base_url : "");
        doc->container.baseHref.clear();
        doc->context.load_master_stylesheet(master_css ? master_css : "");
        doc->document = litehtml::document::createFromUTF8(html ? html : "", &doc->container, &doc->context);
        if (!doc->document) {
            delete doc;
            return nullptr;
        }
        return doc;
    } catch (...) {
        return nullptr;
    }
}

void td_webdoc_destroy(td_webdoc *doc) {
    if (!doc) return;
    doc->document.reset();  // fonts go back to the container before it goes
    delete doc;
}

void td_webdoc_layout(td_webdoc *doc, int width, int height, int *out_width, int *out_height) {
    if (!doc) return;
    width = width > 1 ? width : 1;
    doc->container.setViewport(width, height > 1 ? height : 1);
    doc->document->media_changed();
    doc->document->render(width);
    doc->layoutWidth = width;
    if (out_width) *out_width = doc->document->width() > width ? doc->document->width() : width;
    if (out_height) *out_height = doc->document->height();
}

void td_webdoc_draw(td_webdoc *doc, struct _cairo *cr, double x, double y, double scale, int clip_x, int clip_y,
                    int clip_width, int clip_height) {
    if (!doc || !cr || scale <= 0) return;
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, scale, scale);
    cairo_rectangle(cr, clip_x, clip_y, clip_width, clip_height);
    cairo_clip(cr);
    litehtml::position clip(clip_x, clip_y, clip_width, clip_height);
    doc->document->draw(reinterpret_cast<litehtml::uint_ptr>(cr), 0, 0, &clip);
    cairo_restore(cr);
}

char *td_webdoc_link_at(td_webdoc *doc, int x, int y) {
    if (!doc || !doc->document->root()) return nullptr;
    for (auto element = doc->document->root()->get_element_by_point(x, y, x, y); element;
         element = element->parent()) {
        const char *tag = element->get_tagName();
        const char *href = element->get_attr("href");
        if (tag && std::strcmp(tag, "a") == 0 && href) return copyString(href);
    }
    return nullptr;
}

int td_webdoc_anchor_position(td_webdoc *doc, const char *name, int *out_x, int *out_y) {
    if (!doc || !name || !*name) return 0;
    auto element = findAnchor(doc->document->root(), name);
    if (!element) return 0;
    // An inline element has no box of its own in litehtml 0.6; its first piece of content does.
    litehtml::element::ptr placed = element;
    while (placed->get_display() == litehtml::display_inline && placed->get_children_count() > 0)
        placed = placed->get_child(0);
    litehtml::position placement = placed->get_placement();
    if (out_x) *out_x = placement.x;
    if (out_y) *out_y = placement.y;
    return 1;
}

int td_webdoc_mouse_move(td_webdoc *doc, int x, int y) {
    if (!doc) return 0;
    litehtml::position::vector redraw;
    return doc->document->on_mouse_over(x, y, x, y, redraw) ? 1 : 0;
}

int td_webdoc_mouse_leave(td_webdoc *doc) {
    if (!doc) return 0;
    litehtml::position::vector redraw;
    doc->container.set_cursor("auto");
    return doc->document->on_mouse_leave(redraw) ? 1 : 0;
}

const char *td_webdoc_cursor(const td_webdoc *doc) { return doc ? doc->container.cursor.c_str() : "auto"; }

char *td_webdoc_click(td_webdoc *doc, int x, int y) {
    if (!doc) return nullptr;
    litehtml::position::vector redraw;
    doc->container.anchorClicked = false;
    doc->document->on_mouse_over(x, y, x, y, redraw);
    doc->document->on_lbutton_down(x, y, x, y, redraw);
    doc->document->on_lbutton_up(x, y, x, y, redraw);
    return doc->container.anchorClicked ? copyString(doc->container.clickedHref) : nullptr;
}

const char *td_webdoc_title(const td_webdoc *doc) { return doc ? doc->container.title.c_str() : ""; }

const char *td_webdoc_base_href(const td_webdoc *doc) { return doc ? doc->container.baseHref.c_str() : ""; }

size_t td_webdoc_image_count(const td_webdoc *doc) { return doc ? doc->container.imageRequests.size() : 0; }

const char *td_webdoc_image_src(const td_webdoc *doc, size_t index) {
    return doc && index < doc->container.imageRequests.size() ? doc->container.imageRequests[index].first.c_str() : "";
}

const char *td_webdoc_image_base(const td_webdoc *doc, size_t index) {
    return doc && index < doc->container.imageRequests.size() ? doc->container.imageRequests[index].second.c_str() : "";
}

size_t td_webdoc_stylesheet_count(const td_webdoc *doc) { return doc ? doc->container.stylesheetRequests.size() : 0; }

const char *td_webdoc_stylesheet_url(const td_webdoc *doc, size_t index) {
    return doc && index < doc->container.stylesheetRequests.size() ? doc->container.stylesheetRequests[index].c_str()
                                                                    : "";
}

void td_webdoc_set_image(td_webdoc *doc, const char *src, const char *base, struct _cairo_surface *surface) {
    if (!doc || !src || !surface) return;
    doc->container.setImage(src, base ? base : "", surface);
}

void td_web_free(void *pointer) { std::free(pointer); }

}  // extern "C"
