#include "CairoContainer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace touchdesk {

namespace {

std::string imageKey(const std::string &src, const char *base) {
    std::string key = src;
    key += '\x1f';
    if (base) key += base;
    return key;
}

void setColor(cairo_t *cr, const litehtml::web_color &color) {
    cairo_set_source_rgba(cr, color.red / 255.0, color.green / 255.0, color.blue / 255.0, color.alpha / 255.0);
}

/// A rectangle with elliptical corners; radii are clamped so opposite corners never overlap.
void roundedRectangle(cairo_t *cr, double x, double y, double w, double h, litehtml::border_radiuses r) {
    if (w <= 0 || h <= 0) return;
    auto clampPair = [](int &a, int &b, double room) {
        if (a < 0) a = 0;
        if (b < 0) b = 0;
        double sum = a + b;
        if (sum > room && sum > 0) {
            a = int(a * room / sum);
            b = int(b * room / sum);
        }
    };
    clampPair(r.top_left_x, r.top_right_x, w);
    clampPair(r.bottom_left_x, r.bottom_right_x, w);
    clampPair(r.top_left_y, r.bottom_left_y, h);
    clampPair(r.top_right_y, r.bottom_right_y, h);
    if (!r.top_left_x && !r.top_left_y && !r.top_right_x && !r.top_right_y && !r.bottom_left_x &&
        !r.bottom_left_y && !r.bottom_right_x && !r.bottom_right_y) {
        cairo_rectangle(cr, x, y, w, h);
        return;
    }
    const double k = 0.5522847498;  // control-point distance of a cubic quarter ellipse
    cairo_new_sub_path(cr);
    cairo_move_to(cr, x + r.top_left_x, y);
    cairo_line_to(cr, x + w - r.top_right_x, y);
    if (r.top_right_x || r.top_right_y)
        cairo_curve_to(cr, x + w - r.top_right_x * (1 - k), y, x + w, y + r.top_right_y * (1 - k), x + w, y + r.top_right_y);
    cairo_line_to(cr, x + w, y + h - r.bottom_right_y);
    if (r.bottom_right_x || r.bottom_right_y)
        cairo_curve_to(cr, x + w, y + h - r.bottom_right_y * (1 - k), x + w - r.bottom_right_x * (1 - k), y + h,
                       x + w - r.bottom_right_x, y + h);
    cairo_line_to(cr, x + r.bottom_left_x, y + h);
    if (r.bottom_left_x || r.bottom_left_y)
        cairo_curve_to(cr, x + r.bottom_left_x * (1 - k), y + h, x, y + h - r.bottom_left_y * (1 - k), x,
                       y + h - r.bottom_left_y);
    cairo_line_to(cr, x, y + r.top_left_y);
    if (r.top_left_x || r.top_left_y)
        cairo_curve_to(cr, x, y + r.top_left_y * (1 - k), x + r.top_left_x * (1 - k), y, x + r.top_left_x, y);
    cairo_close_path(cr);
}

litehtml::web_color shade(litehtml::web_color c, double factor) {
    auto f = [factor](litehtml::byte v) { return litehtml::byte(std::clamp(v * factor, 0.0, 255.0)); };
    return litehtml::web_color(f(c.red), f(c.green), f(c.blue), c.alpha);
}

}  // namespace

Font::~Font() {
    for (auto &entry : layouts) g_object_unref(entry.second);
    if (description) pango_font_description_free(description);
}

CairoContainer::CairoContainer(const td_web_callbacks *cb) {
    if (cb) callbacks = *cb;
    // A font map of our own: pango objects may then move with the document between
    // threads, as long as one thread uses them at a time.
    fontMap = pango_cairo_font_map_new();
    pango = pango_font_map_create_context(fontMap);
    // Metrics independent of the device transform, so one layout serves every scale.
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(pango, options);
    cairo_font_options_destroy(options);
    pango_cairo_context_set_resolution(pango, 96);
    pango_context_set_round_glyph_positions(pango, FALSE);
}

CairoContainer::~CairoContainer() {
    for (auto &entry : images) cairo_surface_destroy(entry.second);
    if (pango) g_object_unref(pango);
    if (fontMap) g_object_unref(fontMap);
}

void CairoContainer::setImage(const std::string &src, const std::string &base, cairo_surface_t *surface) {
    std::string key = imageKey(src, base.c_str());
    auto found = images.find(key);
    if (found != images.end()) cairo_surface_destroy(found->second);
    images[key] = cairo_surface_reference(surface);
}

cairo_surface_t *CairoContainer::imageFor(const std::string &src, const char *base) const {
    auto found = images.find(imageKey(src, base));
    return found == images.end() ? nullptr : found->second;
}

// MARK: - Fonts and text

litehtml::uint_ptr CairoContainer::create_font(const litehtml::tchar_t *faceName, int size, int weight,
                                               litehtml::font_style italic, unsigned int decoration,
                                               litehtml::font_metrics *fm) {
    auto *font = new Font();
    std::string families;
    // CSS quotes family names; pango wants a plain comma-separated list.
    for (const char *c = faceName ? faceName : ""; *c; ++c)
        if (*c != '"' && *c != '\'') families += *c;
    if (families.empty()) families = "sans-serif";
    font->description = pango_font_description_new();
    pango_font_description_set_family(font->description, families.c_str());
    pango_font_description_set_absolute_size(font->description, std::max(size, 1) * PANGO_SCALE);
    pango_font_description_set_weight(font->description, PangoWeight(std::clamp(weight, 100, 1000)));
    pango_font_description_set_style(font->description,
                                     italic == litehtml::fontStyleItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
    font->decoration = decoration;

    // The metrics of the first font that draws "x", read from its layout: cheaper than
    // pango_context_get_metrics, which shapes a sample text through the whole fallback list.
    PangoLayout *x = layoutFor(font, "x");
    PangoRectangle ink, logical;
    pango_layout_get_extents(x, &ink, &logical);
    int baseline = pango_layout_get_baseline(x);
    font->ascent = int(std::lround(double(baseline) / PANGO_SCALE));
    font->descent = int(std::lround(double(logical.height - baseline) / PANGO_SCALE));
    double px = std::max(size, 1);
    font->underlineThickness = std::max(1.0, std::round(px / 14.0));
    font->underlinePosition = std::max(1.0, std::round(font->descent / 2.0));
    font->strikethroughPosition = double(baseline - ink.y) / PANGO_SCALE / 2.0;  // half the x-height
    if (fm) {
        fm->ascent = font->ascent;
        fm->descent = font->descent;
        fm->height = font->ascent + font->descent;
        int xHeight = int(std::lround(double(ink.height) / PANGO_SCALE));
        fm->x_height = xHeight > 0 ? xHeight : font->ascent / 2;
        // Spaces only need painting when a line under or through them shows.
        fm->draw_spaces = italic == litehtml::fontStyleItalic || decoration != 0;
    }
    return reinterpret_cast<litehtml::uint_ptr>(font);
}

void CairoContainer::delete_font(litehtml::uint_ptr hFont) { delete reinterpret_cast<Font *>(hFont); }

PangoLayout *CairoContainer::layoutFor(Font *font, const char *text) {
    auto found = font->layouts.find(text);
    if (found != font->layouts.end()) return found->second;
    PangoLayout *layout = pango_layout_new(pango);
    pango_layout_set_font_description(layout, font->description);
    pango_layout_set_text(layout, text, -1);
    font->layouts.emplace(text, layout);
    return layout;
}

int CairoContainer::text_width(const litehtml::tchar_t *text, litehtml::uint_ptr hFont) {
    auto *font = reinterpret_cast<Font *>(hFont);
    if (!font || !text || !*text) return 0;
    PangoRectangle logical;
    pango_layout_get_extents(layoutFor(font, text), nullptr, &logical);
    return int(std::ceil(double(logical.width) / PANGO_SCALE));
}

void CairoContainer::draw_text(litehtml::uint_ptr hdc, const litehtml::tchar_t *text, litehtml::uint_ptr hFont,
                               litehtml::web_color color, const litehtml::position &pos) {
    auto *cr = reinterpret_cast<cairo_t *>(hdc);
    auto *font = reinterpret_cast<Font *>(hFont);
    if (!cr || !font || !text || !*text) return;
    PangoLayout *layout = layoutFor(font, text);
    double baseline = pos.bottom() - font->descent;
    double layoutBaseline = double(pango_layout_get_baseline(layout)) / PANGO_SCALE;

    cairo_save(cr);
    applyClips(cr);
    setColor(cr, color);
    cairo_move_to(cr, pos.x, baseline - layoutBaseline);
    pango_cairo_show_layout(cr, layout);

    if (font->decoration) {
        double width = text_width(text, hFont);
        double t = font->underlineThickness;
        auto line = [&](double y) {
            cairo_rectangle(cr, pos.x, y, width, t);
            cairo_fill(cr);
        };
        if (font->decoration & litehtml::font_decoration_underline) line(baseline + font->underlinePosition);
        if (font->decoration & litehtml::font_decoration_linethrough) line(baseline - font->strikethroughPosition);
        if (font->decoration & litehtml::font_decoration_overline) line(baseline - font->ascent);
    }
    cairo_restore(cr);
}

int CairoContainer::pt_to_px(int pt) const { return int(std::lround(pt * 96.0 / 72.0)); }

int CairoContainer::get_default_font_size() const { return 16; }

const litehtml::tchar_t *CairoContainer::get_default_font_name() const { return "sans-serif"; }

void CairoContainer::transform_text(litehtml::tstring &text, litehtml::text_transform tt) {
    if (text.empty()) return;
    gchar *result = nullptr;
    switch (tt) {
    case litehtml::text_transform_none:
        return;
    case litehtml::text_transform_uppercase:
        result = g_utf8_strup(text.c_str(), -1);
        break;
    case litehtml::text_transform_lowercase:
        result = g_utf8_strdown(text.c_str(), -1);
        break;
    case litehtml::text_transform_capitalize: {
        const char *next = g_utf8_next_char(text.c_str());
        gchar *first = g_utf8_strup(text.c_str(), next - text.c_str());
        text = std::string(first) + next;
        g_free(first);
        return;
    }
    }
    if (result) {
        text = result;
        g_free(result);
    }
}

// MARK: - Boxes

void CairoContainer::applyClips(cairo_t *cr) const {
    for (const Clip &clip : clips) {
        roundedRectangle(cr, clip.box.x, clip.box.y, clip.box.width, clip.box.height, clip.radius);
        cairo_clip(cr);
    }
}

void CairoContainer::set_clip(const litehtml::position &pos, const litehtml::border_radiuses &radius, bool, bool) {
    clips.push_back(Clip{pos, radius});
}

void CairoContainer::del_clip() {
    if (!clips.empty()) clips.pop_back();
}

void CairoContainer::draw_background(litehtml::uint_ptr hdc, const litehtml::background_paint &bg) {
    auto *cr = reinterpret_cast<cairo_t *>(hdc);
    if (!cr) return;
    cairo_save(cr);
    applyClips(cr);
    roundedRectangle(cr, bg.clip_box.x, bg.clip_box.y, bg.clip_box.width, bg.clip_box.height, bg.border_radius);
    cairo_clip(cr);

    if (bg.color.alpha) {
        setColor(cr, bg.color);
        cairo_paint(cr);
    }

    cairo_surface_t *image = bg.image.empty() ? nullptr : imageFor(bg.image, bg.baseurl.c_str());
    if (image) {
        int imageWidth = cairo_image_surface_get_width(image);
        int imageHeight = cairo_image_surface_get_height(image);
        double w = bg.image_size.width > 0 ? bg.image_size.width : imageWidth;
        double h = bg.image_size.height > 0 ? bg.image_size.height : imageHeight;
        if (w > 0 && h > 0 && imageWidth > 0 && imageHeight > 0) {
            cairo_pattern_t *pattern = cairo_pattern_create_for_surface(image);
            cairo_matrix_t matrix;
            cairo_matrix_init_scale(&matrix, imageWidth / w, imageHeight / h);
            cairo_matrix_translate(&matrix, -bg.position_x, -bg.position_y);
            cairo_pattern_set_matrix(pattern, &matrix);
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD);
            const litehtml::position &box = bg.clip_box;
            switch (bg.repeat) {
            case litehtml::background_repeat_repeat:
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT);
                cairo_rectangle(cr, box.x, box.y, box.width, box.height);
                break;
            case litehtml::background_repeat_repeat_x:
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT);
                cairo_rectangle(cr, box.x, bg.position_y, box.width, h);
                break;
            case litehtml::background_repeat_repeat_y:
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT);
                cairo_rectangle(cr, bg.position_x, box.y, w, box.height);
                break;
            case litehtml::background_repeat_no_repeat:
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
                cairo_rectangle(cr, bg.position_x, bg.position_y, w, h);
                break;
            }
            cairo_set_source(cr, pattern);
            cairo_fill(cr);
            cairo_pattern_destroy(pattern);
        }
    }
    cairo_restore(cr);
}

void CairoContainer::draw_borders(litehtml::uint_ptr hdc, const litehtml::borders &borders,
                                  const litehtml::position &box, bool) {
    auto *cr = reinterpret_cast<cairo_t *>(hdc);
    if (!cr || box.width <= 0 || box.height <= 0) return;
    auto visible = [](const litehtml::border &b) {
        return b.width > 0 && b.style != litehtml::border_style_none && b.style != litehtml::border_style_hidden &&
               b.color.alpha > 0;
    };
    if (!visible(borders.left) && !visible(borders.top) && !visible(borders.right) && !visible(borders.bottom)) return;

    const double x = box.x, y = box.y, w = box.width, h = box.height;
    const double l = borders.left.width, t = borders.top.width, r = borders.right.width, b = borders.bottom.width;

    cairo_save(cr);
    applyClips(cr);
    // The ring between the outer and inner (rounded) edges; each side then fills its own
    // trapezoid inside it, so corners split on the diagonal as in a browser.
    litehtml::border_radiuses inner = borders.radius;
    inner.top_left_x -= int(l); inner.top_left_y -= int(t);
    inner.top_right_x -= int(r); inner.top_right_y -= int(t);
    inner.bottom_right_x -= int(r); inner.bottom_right_y -= int(b);
    inner.bottom_left_x -= int(l); inner.bottom_left_y -= int(b);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    roundedRectangle(cr, x, y, w, h, borders.radius);
    roundedRectangle(cr, x + l, y + t, w - l - r, h - t - b, inner);
    cairo_clip(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);

    struct Side {
        const litehtml::border &border;
        double points[8];
        double x1, y1, x2, y2;  // the side's centre line, for dashes and dots
        bool lighterWhenInset;
    };
    Side sides[] = {
        {borders.top, {x, y, x + w, y, x + w - r, y + t, x + l, y + t}, x, y + t / 2, x + w, y + t / 2, false},
        {borders.right, {x + w, y, x + w, y + h, x + w - r, y + h - b, x + w - r, y + t}, x + w - r / 2, y,
         x + w - r / 2, y + h, true},
        {borders.bottom, {x + w, y + h, x, y + h, x + l, y + h - b, x + w - r, y + h - b}, x, y + h - b / 2, x + w,
         y + h - b / 2, true},
        {borders.left, {x, y + h, x, y, x + l, y + t, x + l, y + h - b}, x + l / 2, y, x + l / 2, y + h, false},
    };
    for (const Side &side : sides) {
        const litehtml::border &border = side.border;
        if (!visible(border)) continue;
        litehtml::web_color color = border.color;
        switch (border.style) {
        case litehtml::border_style_inset:
        case litehtml::border_style_groove:
            color = shade(color, side.lighterWhenInset ? 1.3 : 0.6);
            break;
        case litehtml::border_style_outset:
        case litehtml::border_style_ridge:
            color = shade(color, side.lighterWhenInset ? 0.6 : 1.3);
            break;
        default:
            break;
        }
        setColor(cr, color);
        if (border.style == litehtml::border_style_dashed || border.style == litehtml::border_style_dotted) {
            cairo_save(cr);
            cairo_new_path(cr);
            cairo_move_to(cr, side.points[0], side.points[1]);
            for (int i = 2; i < 8; i += 2) cairo_line_to(cr, side.points[i], side.points[i + 1]);
            cairo_close_path(cr);
            cairo_clip(cr);
            double dash = border.style == litehtml::border_style_dotted ? border.width : border.width * 3;
            cairo_set_dash(cr, &dash, 1, 0);
            cairo_set_line_width(cr, border.width);
            if (border.style == litehtml::border_style_dotted) cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
            cairo_move_to(cr, side.x1, side.y1);
            cairo_line_to(cr, side.x2, side.y2);
            cairo_stroke(cr);
            cairo_restore(cr);
        } else {
            cairo_move_to(cr, side.points[0], side.points[1]);
            for (int i = 2; i < 8; i += 2) cairo_line_to(cr, side.points[i], side.points[i + 1]);
            cairo_close_path(cr);
            cairo_fill(cr);
        }
    }
    cairo_restore(cr);
}

void CairoContainer::draw_list_marker(litehtml::uint_ptr hdc, const litehtml::list_marker &marker) {
    auto *cr = reinterpret_cast<cairo_t *>(hdc);
    if (!cr) return;
    cairo_save(cr);
    applyClips(cr);
    const litehtml::position &p = marker.pos;
    cairo_surface_t *image = marker.image.empty() ? nullptr : imageFor(marker.image, marker.baseurl);
    if (image) {
        double w = cairo_image_surface_get_width(image), h = cairo_image_surface_get_height(image);
        cairo_set_source_surface(cr, image, p.x, p.y + (p.height - h) / 2);
        cairo_rectangle(cr, p.x, p.y + (p.height - h) / 2, w, h);
        cairo_fill(cr);
    } else {
        setColor(cr, marker.color);
        double size = std::min(p.width, p.height);
        double cx = p.x + p.width / 2.0, cy = p.y + p.height / 2.0;
        switch (marker.marker_type) {
        case litehtml::list_style_type_circle:
            cairo_set_line_width(cr, std::max(1.0, size / 6));
            cairo_arc(cr, cx, cy, size / 2 - size / 12, 0, 2 * M_PI);
            cairo_stroke(cr);
            break;
        case litehtml::list_style_type_disc:
            cairo_arc(cr, cx, cy, size / 2, 0, 2 * M_PI);
            cairo_fill(cr);
            break;
        case litehtml::list_style_type_square:
            cairo_rectangle(cr, cx - size / 2, cy - size / 2, size, size);
            cairo_fill(cr);
            break;
        default:
            // Numbered markers are text, which litehtml draws itself through draw_text.
            break;
        }
    }
    cairo_restore(cr);
}

// MARK: - Resources and the page

void CairoContainer::load_image(const litehtml::tchar_t *src, const litehtml::tchar_t *baseurl, bool) {
    if (!src || !*src) return;
    std::pair<std::string, std::string> request{src, baseurl ? baseurl : ""};
    if (std::find(imageRequests.begin(), imageRequests.end(), request) == imageRequests.end())
        imageRequests.push_back(request);
}

void CairoContainer::get_image_size(const litehtml::tchar_t *src, const litehtml::tchar_t *baseurl,
                                    litehtml::size &sz) {
    cairo_surface_t *image = src ? imageFor(src, baseurl) : nullptr;
    sz.width = image ? cairo_image_surface_get_width(image) : 0;
    sz.height = image ? cairo_image_surface_get_height(image) : 0;
}

void CairoContainer::import_css(litehtml::tstring &text, const litehtml::tstring &url, litehtml::tstring &baseurl) {
    stylesheetRequests.push_back(url);
    if (!callbacks.import_css) return;
    char *resolvedBase = nullptr;
    // Sheets linked from the page are relative to its <base href> when it has one.
    const std::string &base = baseurl.empty() ? baseHref : baseurl;
    char *css = callbacks.import_css(callbacks.context, url.c_str(), base.c_str(), &resolvedBase);
    if (css) {
        text = css;
        std::free(css);
    }
    if (resolvedBase) {
        baseurl = resolvedBase;
        std::free(resolvedBase);
    }
}

void CairoContainer::set_caption(const litehtml::tchar_t *caption) { title = caption ? caption : ""; }

void CairoContainer::set_base_url(const litehtml::tchar_t *base_url) { baseHref = base_url ? base_url : ""; }

void CairoContainer::link(const std::shared_ptr<litehtml::document> &, const litehtml::element::ptr &) {}

void CairoContainer::on_anchor_click(const litehtml::tchar_t *url, const litehtml::element::ptr &) {
    clickedHref = url ? url : "";
    anchorClicked = true;
}

void CairoContainer::set_cursor(const litehtml::tchar_t *c) { cursor = c && *c ? c : "auto"; }

void CairoContainer::get_client_rect(litehtml::position &client) const {
    client = litehtml::position(0, 0, viewportWidth, viewportHeight);
}

std::shared_ptr<litehtml::element> CairoContainer::create_element(const litehtml::tchar_t *,
                                                                  const litehtml::string_map &,
                                                                  const std::shared_ptr<litehtml::document> &) {
    return nullptr;
}

void CairoContainer::get_media_features(litehtml::media_features &media) const {
    media.type = litehtml::media_type_screen;
    media.width = viewportWidth;
    media.height = viewportHeight;
    media.device_width = viewportWidth;
    media.device_height = viewportHeight;
    media.color = 8;
    media.color_index = 0;
    media.monochrome = 0;
    media.resolution = 96;
}

void CairoContainer::get_language(litehtml::tstring &language, litehtml::tstring &culture) const {
    language = "en";
    culture = "";
}

}  // namespace touchdesk
