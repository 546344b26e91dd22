// The document container: litehtml asks it for fonts, text widths and pictures, and
// tells it what to paint. Everything is drawn with cairo and pango into the cairo_t
// that td_webdoc_draw passes as litehtml's "hdc".
#pragma once

#include <litehtml/litehtml.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "CWebEngine.h"

namespace touchdesk {

/// One font litehtml asked for, with the layouts of the words drawn in it.
///
/// litehtml measures and draws text a word at a time, and pages repeat their words, so
/// each distinct word is shaped once and its PangoLayout reused for measuring and painting.
struct Font {
    PangoFontDescription *description = nullptr;
    int ascent = 0;
    int descent = 0;
    double underlinePosition = 0;  // below the baseline, px
    double underlineThickness = 1;
    double strikethroughPosition = 0;  // above the baseline, px
    unsigned decoration = 0;
    std::unordered_map<std::string, PangoLayout *> layouts;

    ~Font();
};

struct Clip {
    litehtml::position box;
    litehtml::border_radiuses radius;
};

class CairoContainer final : public litehtml::document_container {
public:
    CairoContainer(const td_web_callbacks *callbacks);
    ~CairoContainer();

    CairoContainer(const CairoContainer &) = delete;
    CairoContainer &operator=(const CairoContainer &) = delete;

    void setViewport(int width, int height) { viewportWidth = width; viewportHeight = height; }
    void setImage(const std::string &src, const std::string &base, cairo_surface_t *surface);

    std::string title;
    std::string baseHref;
    std::string cursor = "auto";
    std::string clickedHref;
    bool anchorClicked = false;
    std::vector<std::pair<std::string, std::string>> imageRequests;  // src, base
    std::vector<std::string> stylesheetRequests;

    // litehtml::document_container
    litehtml::uint_ptr create_font(const litehtml::tchar_t *faceName, int size, int weight,
                                   litehtml::font_style italic, unsigned int decoration,
                                   litehtml::font_metrics *fm) override;
    void delete_font(litehtml::uint_ptr hFont) override;
    int text_width(const litehtml::tchar_t *text, litehtml::uint_ptr hFont) override;
    void draw_text(litehtml::uint_ptr hdc, const litehtml::tchar_t *text, litehtml::uint_ptr hFont,
                   litehtml::web_color color, const litehtml::position &pos) override;
    int pt_to_px(int pt) const override;
    int get_default_font_size() const override;
    const litehtml::tchar_t *get_default_font_name() const override;
    void draw_list_marker(litehtml::uint_ptr hdc, const litehtml::list_marker &marker) override;
    void load_image(const litehtml::tchar_t *src, const litehtml::tchar_t *baseurl, bool redraw_on_ready) override;
    void get_image_size(const litehtml::tchar_t *src, const litehtml::tchar_t *baseurl, litehtml::size &sz) override;
    void draw_background(litehtml::uint_ptr hdc, const litehtml::background_paint &bg) override;
    void draw_borders(litehtml::uint_ptr hdc, const litehtml::borders &borders,
                      const litehtml::position &draw_pos, bool root) override;
    void set_caption(const litehtml::tchar_t *caption) override;
    void set_base_url(const litehtml::tchar_t *base_url) override;
    void link(const std::shared_ptr<litehtml::document> &doc, const litehtml::element::ptr &el) override;
    void on_anchor_click(const litehtml::tchar_t *url, const litehtml::element::ptr &el) override;
    void set_cursor(const litehtml::tchar_t *cursor) override;
    void transform_text(litehtml::tstring &text, litehtml::text_transform tt) override;
    void import_css(litehtml::tstring &text, const litehtml::tstring &url, litehtml::tstring &baseurl) override;
    void set_clip(const litehtml::position &pos, const litehtml::border_radiuses &bdr_radius,
                  bool valid_x, bool valid_y) override;
    void del_clip() override;
    void get_client_rect(litehtml::position &client) const override;
    std::shared_ptr<litehtml::element> create_element(const litehtml::tchar_t *tag_name,
                                                      const litehtml::string_map &attributes,
                                                      const std::shared_ptr<litehtml::document> &doc) override;
    void get_media_features(litehtml::media_features &media) const override;
    void get_language(litehtml::tstring &language, litehtml::tstring &culture) const override;

private:
    PangoLayout *layoutFor(Font *font, const char *text);
    cairo_surface_t *imageFor(const std::string &src, const char *base) const;
    void applyClips(cairo_t *cr) const;

    td_web_callbacks callbacks{};
    PangoFontMap *fontMap = nullptr;
    PangoContext *pango = nullptr;
    std::vector<Clip> clips;
    std::map<std::string, cairo_surface_t *> images;  // key: src \x1f base
    int viewportWidth = 970;
    int viewportHeight = 600;
};

}  // namespace touchdesk
