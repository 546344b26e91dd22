// touchdesk-web-engine: the helper that hosts WebKitGTK for Web Pages, so GTK, its main loop and
// every page's bugs stay out of TouchDesk's own process (DESIGN.md, "engines").
//
// Two offscreen WebKitWebViews show one page: view 0 "as the page is" (zoom 1) and view 1 "scaled
// to fit" (its zoom level shrinks the page's whole width into the view). TouchDesk talks to us
// over a socket (fd 3), one text line per message; frames go through a shared memory file (fd 4)
// that TouchDesk made: view v's pixels live at offset v * slot, and we write a view's slot again
// only after TouchDesk has acknowledged the last frame, so it never reads a half-written one.
//
// The messages, their arguments and the protocol's version are written once, in
// Sources/CWebEngineProtocol/include/WebEngineProtocol.h; handleLine switches over every order
// there (-Werror=switch), and `tell` sends news by its entry.
//
// Frames are in device pixels: at `scale 2` WebKit renders the page at twice the resolution
// (GDK's window scale, which WebKit takes as its device scale factor), never a 1× picture scaled up.
//
// `--save-page URL FILE WIDTH` instead loads one page at that width and saves its whole length.
// Without a usable display we start a private Xvfb and use that (`--help` of touchdesk says so).
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <dirent.h>
#include <unistd.h>
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>
#include <gdk/gdkx.h>
#include <zlib.h>
#include "WebEngineProtocol.h"

enum { AS_IS = 0, FIT = 1, VIEWS = 2 };

typedef struct {
    GtkWidget *window;
    WebKitWebView *web;
    int width, height;
    int contentHeight;          // the page's height in CSS px, as last measured (the as-is view)
    int wantWidth, wantHeight;  // the size TouchDesk asked for last, applied once the resizes settle
    gboolean dirty;    // damaged since the last frame was drawn
    gboolean pending;  // a frame is out and not yet acknowledged
    gboolean crashed;
    char *allowed;     // the address we last asked this view to load (typed, or the fit view following)
    char *committed;   // the address of the page the view shows
    char *wanted;      // an address asked for and not yet shown (redone if the page is stuck)
    gboolean stopAsked;
    gboolean restarting;     // its stuck process was ended to load `wanted` again: the end of the old load is no news
    unsigned char *scratch;  // the frame being drawn, compared with the one last sent
    size_t scratchBytes;
    int sentWidth, sentHeight;
    gboolean tabbed;   // a Tab (Shift+Tab) went to the page since its last other key or click
} View;

static View views[VIEWS];
static int channel = 3;
static unsigned char *shared;
static size_t slot;
static GString *inbox;
static guint flushSource;
static guint timeoutSource;
static int loadTimeoutSeconds = 30;
static pid_t privateX;
static double contentWidth = 0;
static gboolean debugging;
static int loadingViews;  // a bit per view that is loading
static int deviceScale = 1;
static gboolean sharedProcess;  // the fit view is related to the as-is view: one web process serves both
static gboolean fitReleased;  // the page is too big to hold twice: the fit view let its copy go (the memory bound)
static char *provisionalURI;  // a page from the network the as-is view is loading, until it commits

// MARK: - Messages out

static void sendLine(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
static void sendLine(const char *fmt, ...) {
    if (channel < 0) return;
    va_list ap;
    va_start(ap, fmt);
    char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    // One line per message: a title or URL with a newline in it must not start a second one.
    for (char *c = text; *c; c++) if (*c == '\n' || *c == '\r') *c = ' ';
    if (debugging) fprintf(stderr, "engine> %s\n", text);
    GString *line = g_string_new(text);
    g_string_append_c(line, '\n');
    size_t done = 0;
    while (done < line->len) {
        ssize_t n = write(channel, line->str + done, line->len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(0);  // TouchDesk is gone: so are we
        done += (size_t)n;
    }
    g_string_free(line, TRUE);
    g_free(text);
}

/// Sends a piece of news: its name from the protocol's table, then its arguments (none: NULL).
static void tell(TDWNews news, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void tell(TDWNews news, const char *fmt, ...) {
    const char *word = tdw_news((int)news)->word;
    if (!fmt) { sendLine("%s", word); return; }
    va_list ap;
    va_start(ap, fmt);
    char *arguments = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    sendLine("%s %s", word, arguments);
    g_free(arguments);
}

static int viewIndex(WebKitWebView *web) { return web == views[FIT].web ? FIT : AS_IS; }

// MARK: - Frames

static gboolean flush(gpointer data) {
    (void)data;
    flushSource = 0;
    for (int v = 0; v < VIEWS; v++) {
        View *view = &views[v];
        if (!view->dirty || view->pending || view->width <= 0 || !shared) continue;
        int scale = gtk_widget_get_scale_factor(GTK_WIDGET(view->web));
        int pw = view->width * scale, ph = view->height * scale;
        int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, pw);
        size_t bytes = (size_t)stride * (size_t)ph;
        if (bytes > slot) continue;
        // Draw into a scratch buffer first: WebKit damages the window after every frame it is
        // shown, even when nothing changed, and an unchanged frame must not cost TouchDesk a redraw.
        if (view->scratchBytes != bytes) {
            g_free(view->scratch);
            view->scratch = g_malloc(bytes);
            view->scratchBytes = bytes;
            view->sentWidth = 0;
        }
        cairo_surface_t *s = cairo_image_surface_create_for_data(view->scratch, CAIRO_FORMAT_ARGB32, pw, ph, stride);
        cairo_surface_set_device_scale(s, scale, scale);
        cairo_t *cr = cairo_create(s);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        gtk_widget_draw(GTK_WIDGET(view->web), cr);
        cairo_destroy(cr);
        cairo_surface_flush(s);
        cairo_surface_destroy(s);
        view->dirty = FALSE;
        unsigned char *target = shared + slot * (size_t)v;
        if (view->sentWidth == pw && view->sentHeight == ph && memcmp(target, view->scratch, bytes) == 0)
            continue;
        if (debugging && view->sentWidth == pw) {
            int x0 = pw, y0 = ph, x1 = -1, y1 = -1;
            for (int y = 0; y < ph; y++) for (int x = 0; x < pw; x++) {
                size_t o = (size_t)y * (size_t)stride + (size_t)x * 4;
                if (memcmp(target + o, view->scratch + o, 4)) { if (x < x0) x0 = x; if (y < y0) y0 = y; if (x > x1) x1 = x; if (y > y1) y1 = y; }
            }
            fprintf(stderr, "engine: view %d changed in %d,%d to %d,%d\n", v, x0, y0, x1, y1);
        }
        memcpy(target, view->scratch, bytes);
        view->sentWidth = pw;
        view->sentHeight = ph;
        view->pending = TRUE;
        tell(TDWNewsFrame, "%d %d %d %d %d", v, pw, ph, stride, scale);
    }
    return G_SOURCE_REMOVE;
}

static void scheduleFlush(void) {
    if (!flushSource) flushSource = g_idle_add_full(G_PRIORITY_LOW, flush, NULL, NULL);
}

static gboolean damaged(GtkWidget *w, GdkEvent *e, gpointer data) {
    (void)w; (void)e;
    if (debugging) fprintf(stderr, "engine: damage %d\n", GPOINTER_TO_INT(data));
    views[GPOINTER_TO_INT(data)].dirty = TRUE;
    scheduleFlush();
    return FALSE;
}

// MARK: - The fit view's zoom

static void applyFitZoom(void) {
    if (views[FIT].width <= 0) return;
    double page = contentWidth > views[AS_IS].width ? contentWidth : views[AS_IS].width;
    if (page <= 0) return;
    // The whole width beside the vertical scrollbar (a classic one, under 20 px).
    double zoom = (double)(views[FIT].width - 20) / page;
    if (zoom > 1) zoom = 1;
    if (zoom < 0.05) zoom = 0.05;
    webkit_web_view_set_zoom_level(views[FIT].web, zoom);
    tell(TDWNewsFitted, NULL);
}

static guint remeasureSource;
static int measureTries;  // measurements in a row that found the page not yet laid out at the view's width
static gboolean remeasure(gpointer data);

static void measured(GObject *source, GAsyncResult *result, gpointer data) {
    (void)data;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, NULL);
    if (!value) return;
    if (jsc_value_is_array(value)) {
        JSCValue *w = jsc_value_object_get_property_at_index(value, 0);
        JSCValue *h = jsc_value_object_get_property_at_index(value, 1);
        JSCValue *inner = jsc_value_object_get_property_at_index(value, 2);
        // The page must have been laid out at the view's present width: the web process learns a
        // new size a moment after the view is given it, and a width measured before that would
        // leave the fit view's zoom one resize behind. Then it is asked again, a little later.
        double zoom = webkit_web_view_get_zoom_level(views[AS_IS].web);
        double laidOut = jsc_value_to_double(inner) * zoom;
        if (fabs(laidOut - views[AS_IS].width) > 2 && measureTries < 40) {
            measureTries++;
            if (!remeasureSource) remeasureSource = g_timeout_add(25, remeasure, NULL);
        } else {
            measureTries = 0;
            contentWidth = jsc_value_to_double(w);
            views[AS_IS].contentHeight = (int)jsc_value_to_double(h);
            tell(TDWNewsContent, "%d %d", (int)contentWidth, (int)jsc_value_to_double(h));
            applyFitZoom();
        }
        g_object_unref(w);
        g_object_unref(h);
        g_object_unref(inner);
    }
    g_object_unref(value);
}

/// Asks the as-is view how wide its page is, and how wide its window (in an isolated world, so it
/// works with the page's own scripts off and a page cannot fake the answer by redefining globals).
static void measure(void) {
    static const char *script = "[document.documentElement.scrollWidth, document.documentElement.scrollHeight, window.innerWidth]";
    webkit_web_view_evaluate_javascript(views[AS_IS].web, script, -1, "touchdesk", NULL, NULL, measured, NULL);
}

static gboolean remeasure(gpointer data) {
    (void)data;
    remeasureSource = 0;
    measure();
    return G_SOURCE_REMOVE;
}

// MARK: - Loading

static const char *errorPage =
    "<!DOCTYPE html><html><head><meta charset='utf-8'><title>%s</title><style>"
    "html{background:#f4f1ec;height:100%%}body{font:16px sans-serif;color:#333;margin:0;padding:48px}"
    "h1{color:#a02020;font-size:28px;margin:0 0 16px}p{max-width:640px;line-height:1.5}code{word-break:break-all}"
    "</style></head><body><h1>%s</h1><p>%s</p><p><code>%s</code></p></body></html>";

static void showError(WebKitWebView *web, const char *uri, const char *headline, const char *message) {
    char *h = g_markup_escape_text(headline, -1), *m = g_markup_escape_text(message, -1);
    char *u = g_markup_escape_text(uri ? uri : "", -1);
    char *html = g_strdup_printf(errorPage, h, h, m, u);
    webkit_web_view_load_alternate_html(web, html, uri, NULL);
    g_free(html); g_free(h); g_free(m); g_free(u);
}

static gboolean loadTimedOut(gpointer data) {
    (void)data;
    timeoutSource = 0;
    const char *uri = webkit_web_view_get_uri(views[AS_IS].web);
    char *copy = g_strdup(uri ? uri : "");
    char *message = g_strdup_printf("The server did not answer within %d seconds.", loadTimeoutSeconds);
    /* To TouchDesk as a code and a number: it words the message in the user's language. */
    tell(TDWNewsFailed, "%s\t@noanswer %d", copy, loadTimeoutSeconds);
    for (int v = 0; v < VIEWS; v++) {
        webkit_web_view_stop_loading(views[v].web);
        showError(views[v].web, copy, "The page took too long", message);
    }
    g_free(message);
    g_free(copy);
    return G_SOURCE_REMOVE;
}

// A slowloris server that sends the page's document a byte every few seconds (or a body that
// never ends) would keep the load going for ever: once the page has answered, its document must
// have come within twice the first-answer timeout, else it is stopped where it is (what came
// stays shown) and the status line says so. The rest of the page (pictures, styles) has no such
// bound; Stop and Esc end it.
static guint bodySource;

/// Stops both views' loads (what came stays shown) and says the load is over.
static void stopViews(void) {
    if (loadingViews) { loadingViews = 0; tell(TDWNewsLoading, "0"); }
    for (int v = 0; v < VIEWS; v++) {
        views[v].stopAsked = TRUE;
        webkit_web_view_stop_loading(views[v].web);
    }
}

static gboolean bodyTimedOut(gpointer data) {
    (void)data;
    bodySource = 0;
    const char *uri = webkit_web_view_get_uri(views[AS_IS].web);
    tell(TDWNewsFailed, "%s\t@stalled %d", uri ? uri : "", 2 * loadTimeoutSeconds);
    stopViews();
    return G_SOURCE_REMOVE;
}

static void documentArrived(WebKitWebResource *resource, gpointer data) {
    (void)data;
    if (bodySource && resource == webkit_web_view_get_main_resource(views[AS_IS].web)) {
        g_source_remove(bodySource);
        bodySource = 0;
    }
}

static void documentFailed(WebKitWebResource *resource, GError *error, gpointer data) {
    (void)error;
    documentArrived(resource, data);
}

static void armTimeout(gboolean on) {
    if (timeoutSource) { g_source_remove(timeoutSource); timeoutSource = 0; }
    if (bodySource) { g_source_remove(bodySource); bodySource = 0; }
    if (on) timeoutSource = g_timeout_add_seconds((guint)loadTimeoutSeconds, loadTimedOut, NULL);
}

/// The page has answered: from now on its document's body is timed.
static void armBodyTimeout(WebKitWebView *web) {
    armTimeout(FALSE);
    WebKitWebResource *main = webkit_web_view_get_main_resource(web);
    if (!main) return;
    bodySource = g_timeout_add_seconds((guint)(2 * loadTimeoutSeconds), bodyTimedOut, NULL);
    g_signal_connect(main, "finished", G_CALLBACK(documentArrived), NULL);
    g_signal_connect(main, "failed", G_CALLBACK(documentFailed), NULL);
}

static void sendHistory(void) {
    WebKitWebView *web = views[AS_IS].web;
    tell(TDWNewsHistory, "%d %d", webkit_web_view_can_go_back(web), webkit_web_view_can_go_forward(web));
}

static void loadChanged(WebKitWebView *web, WebKitLoadEvent event, gpointer data) {
    (void)data;
    int v = viewIndex(web);
    if (debugging) fprintf(stderr, "engine: view %d load event %d %s\n", v, event, webkit_web_view_get_uri(web));
    if (event == WEBKIT_LOAD_COMMITTED) {
        g_free(views[v].committed);
        views[v].committed = g_strdup(webkit_web_view_get_uri(web));
        g_clear_pointer(&views[v].wanted, g_free);
        views[v].stopAsked = FALSE;
    }
    if (views[v].restarting) {
        if (event == WEBKIT_LOAD_FINISHED) return;  // the ended load; the new one follows
        if (event == WEBKIT_LOAD_COMMITTED) views[v].restarting = FALSE;
    }
    // "loading 0" only once both views have finished: the fit view starts when the as-is view commits.
    // "loading 1" at every start of the as-is view's load, even while the fit view still loads the
    // page before: TouchDesk learns from it that the load it asked for began (before, an address
    // opened while the fit view was still loading got no "loading 1", so TouchDesk took the later
    // "loading 0" for the old page's and showed the new page as loading for ever; an Esc then
    // stopped a load nobody saw).
    int before = loadingViews;
    if (v == FIT && fitReleased) loadingViews &= ~(1 << FIT);  // its empty page is no load of the page's
    else if (event == WEBKIT_LOAD_STARTED) loadingViews |= 1 << v;
    else if (event == WEBKIT_LOAD_FINISHED) loadingViews &= ~(1 << v);
    if (loadingViews && (!before || (v == AS_IS && event == WEBKIT_LOAD_STARTED))) tell(TDWNewsLoading, "1");
    if (v == AS_IS) {
        switch (event) {
        case WEBKIT_LOAD_STARTED: {
            armTimeout(TRUE);
            const char *uri = webkit_web_view_get_uri(web);
            g_free(provisionalURI);
            provisionalURI = uri && (g_str_has_prefix(uri, "http:") || g_str_has_prefix(uri, "https:")) ? g_strdup(uri) : NULL;
            break;
        }
        case WEBKIT_LOAD_COMMITTED: {
            g_clear_pointer(&provisionalURI, g_free);
            armBodyTimeout(web);
            const char *uri = webkit_web_view_get_uri(web);
            if (uri) {
                tell(TDWNewsAddress, "%s", uri);
                // The fit view follows the as-is view to every page it commits to (with its copy
                // again, even of a page that was too big to hold twice: it may have changed).
                fitReleased = FALSE;
                const char *other = webkit_web_view_get_uri(views[FIT].web);
                if (!other || strcmp(other, uri) != 0) {
                    g_free(views[FIT].allowed);
                    views[FIT].allowed = g_strdup(uri);
                    loadingViews |= 1 << FIT;
                    g_free(views[FIT].wanted);
                    views[FIT].wanted = g_strdup(uri);
                    webkit_web_view_load_uri(views[FIT].web, uri);
                }
            }
            break;
        }
        case WEBKIT_LOAD_FINISHED:
            armTimeout(FALSE);
            measure();
            break;
        case WEBKIT_LOAD_REDIRECTED:
            break;
        }
        sendHistory();
    }
    if (before && !loadingViews) tell(TDWNewsLoading, "0");
    views[v].crashed = FALSE;
}

static gboolean isLocal(const char *uri) { return uri && g_ascii_strncasecmp(uri, "file:", 5) == 0; }

/// A page from the network tried to open a local file (a link, a server's redirect): the load is
/// refused, and the status line says so; a page being saved headless ends at once with the message.
static void refuseLocal(WebKitWebView *web, const char *target) {
    if (debugging) fprintf(stderr, "engine: view %d: %s refused\n", viewIndex(web), target);
    if (channel < 0) {
        fprintf(stderr, "touchdesk-web-engine: A page from the network may not open local files (%s)\n", target);
        gtk_main_quit();
        return;
    }
    if (viewIndex(web) == AS_IS) tell(TDWNewsLocalRefused, "%s", target);
}

static gboolean loadFailed(WebKitWebView *web, WebKitLoadEvent event, const char *uri, GError *error, gpointer data) {
    (void)event; (void)data;
    if (debugging) fprintf(stderr, "engine: view %d load of %s failed: %s %d %s\n", viewIndex(web), uri, g_quark_to_string(error->domain), error->code, error->message);
    if (isLocal(uri) && g_strcmp0(uri, views[viewIndex(web)].allowed) != 0) {
        // A load that ended at a local file the user did not ask for: a server's redirect,
        // which WebKit cancels (or, at other times, ends the web process for: see the probe).
        g_clear_pointer(&provisionalURI, g_free);
        if (viewIndex(web) == AS_IS) armTimeout(FALSE);
        refuseLocal(web, uri);
        return TRUE;
    }
    if (channel < 0) return FALSE;  // saving a page: its own handler reports the failure
    if (views[viewIndex(web)].restarting) return TRUE;  // the stuck load we ended ourselves
    if (g_error_matches(error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED)) return FALSE;
    if (g_error_matches(error, WEBKIT_POLICY_ERROR, WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE))
        return TRUE;  // we turned it down ourselves (and said why)
    if (viewIndex(web) == AS_IS) {
        armTimeout(FALSE);
        tell(TDWNewsFailed, "%s\t%s", uri, error->message);
    }
    showError(web, uri, "This page could not be loaded", error->message);
    return TRUE;
}

static void titleChanged(WebKitWebView *web, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    if (viewIndex(web) != AS_IS) return;
    const char *title = webkit_web_view_get_title(web);
    tell(TDWNewsTitle, "%s", title ? title : "");
}

static void progressChanged(WebKitWebView *web, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    if (viewIndex(web) != AS_IS) return;
    tell(TDWNewsProgress, "%.3f", webkit_web_view_get_estimated_load_progress(web));
}


/// A page from the network may neither read nor navigate to local files; the fit view's links go
/// through the as-is view, so both views always show one page.
static gboolean decidePolicy(WebKitWebView *web, WebKitPolicyDecision *decision, WebKitPolicyDecisionType type, gpointer data) {
    (void)data;
    if (type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE) {
        WebKitResponsePolicyDecision *r = WEBKIT_RESPONSE_POLICY_DECISION(decision);
        if (!webkit_response_policy_decision_is_main_frame_main_resource(r)) return FALSE;
        WebKitURIResponse *response = webkit_response_policy_decision_get_response(r);
        guint code = webkit_uri_response_get_status_code(response);
        if (viewIndex(web) == AS_IS && code >= 400)
            tell(TDWNewsStatus, "%u %s", code, soup_status_get_phrase(code));
        if (!webkit_response_policy_decision_is_mime_type_supported(r)) {
            const char *type = webkit_uri_response_get_mime_type(response);
            if (viewIndex(web) == AS_IS)
                tell(TDWNewsRefused, "%s\tnot a page or a picture (%s); TouchDesk does not download files",
                         webkit_uri_response_get_uri(response), type ? type : "unknown type");
            webkit_policy_decision_ignore(decision);
            return TRUE;
        }
        return FALSE;
    }
    WebKitNavigationPolicyDecision *n = WEBKIT_NAVIGATION_POLICY_DECISION(decision);
    WebKitNavigationAction *action = webkit_navigation_policy_decision_get_navigation_action(n);
    WebKitURIRequest *request = webkit_navigation_action_get_request(action);
    const char *target = webkit_uri_request_get_uri(request);
    const char *current = webkit_web_view_get_uri(web);
    View *view = &views[viewIndex(web)];
    WebKitNavigationType how = webkit_navigation_action_get_navigation_type(action);
    (void)current;
    // A server's redirect to a local file is never the user's doing, whatever page the view showed
    // before (the start page is a file too); it is refused here, before the load starts (let
    // through, WebKit ended the web process for it, which looked like a crash).
    gboolean redirect = webkit_navigation_action_is_redirect(action);
    if (isLocal(target) && (redirect || (view->committed && !isLocal(view->committed) && g_strcmp0(target, view->allowed) != 0
                                         && how != WEBKIT_NAVIGATION_TYPE_BACK_FORWARD && how != WEBKIT_NAVIGATION_TYPE_RELOAD))) {
        // Only the user (an address typed, Back) takes a page from the network to a local file.
        webkit_policy_decision_ignore(decision);
        refuseLocal(web, target);
        return TRUE;
    }
    if (type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION) {
        webkit_policy_decision_ignore(decision);
        webkit_web_view_load_uri(views[AS_IS].web, target);
        return TRUE;
    }
    if (viewIndex(web) == FIT && webkit_navigation_action_get_navigation_type(action) == WEBKIT_NAVIGATION_TYPE_LINK_CLICKED) {
        webkit_policy_decision_ignore(decision);
        webkit_web_view_load_uri(views[AS_IS].web, target);
        return TRUE;
    }
    return FALSE;
}

static void mouseTarget(WebKitWebView *web, WebKitHitTestResult *hit, guint modifiers, gpointer data) {
    (void)web; (void)modifiers; (void)data;
    if (webkit_hit_test_result_context_is_link(hit)) tell(TDWNewsHover, "%s", webkit_hit_test_result_get_link_uri(hit));
    else tell(TDWNewsHover, NULL);
}

// MARK: - The page's pointer shape

/// The CSS cursor names WebKit asks GDK for (by name, from the cursor theme). WebKit sets the one
/// the page wants on its view's window; GDK keeps one cursor object per name, so the object WebKit
/// set is found again here by asking for each name. A picture of the page's own (`url(...)`)
/// matches none and is told as "default".
static const char *const cursorNames[] = {
    "default", "pointer", "text", "vertical-text", "wait", "progress", "crosshair", "cell", "move", "all-scroll",
    "not-allowed", "no-drop", "help", "context-menu", "copy", "alias", "grab", "grabbing", "zoom-in", "zoom-out",
    "col-resize", "row-resize", "ew-resize", "ns-resize", "nesw-resize", "nwse-resize", "e-resize", "w-resize",
    "n-resize", "s-resize", "ne-resize", "nw-resize", "se-resize", "sw-resize", "none",
};
enum { CURSOR_NAMES = sizeof cursorNames / sizeof cursorNames[0] };
static GdkCursor *namedCursors[CURSOR_NAMES];
static const char *sentCursor;

static void cursorChanged(GdkWindow *window, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    GdkCursor *cursor = gdk_window_get_cursor(window);
    const char *name = "default";
    if (cursor)
        for (int i = 0; i < CURSOR_NAMES; i++) {
            if (!namedCursors[i]) namedCursors[i] = gdk_cursor_new_from_name(gdk_window_get_display(window), cursorNames[i]);
            if (namedCursors[i] == cursor) { name = cursorNames[i]; break; }
        }
    if (debugging) fprintf(stderr, "engine: cursor %p %s\n", (void *)cursor, name);
    if (name == sentCursor) return;
    sentCursor = name;
    tell(TDWNewsCursor, "%s", name);
}

// MARK: - The memory bound

static guint memoryLimitMB = 1024;
static gint64 memoryKillTime;  // when we last ended a web process for its memory (both views report its end)

/// WebKit's own memory-pressure kill did not end a page that allocates in a loop (its process
/// reached 2.4 GB under a 400 MB limit), so we watch the web processes ourselves: ten times a second
/// (a page allocating at 1 GB/s overshot by 470 MB between looks half a second apart). A
/// WebKitWebProcess under us past the limit is killed if it keeps growing or passes one and a half
/// times it (`pastBound`), and the views say the page used too much memory; past half the limit
/// the fit view gives up its copy of the page (`releaseFitCopy`).
/// The network process (one, shared by both views and every load) holds what the server sends
/// until the web process takes it: a server sending faster than the page is parsed (an endless
/// body) grows it. It is not killed (WebKit would only start another); past the limit above what
/// it held when the load began, the load is stopped, which drops what it holds for it.
static long networkBaseKB = -1;     // its memory when the current load began; -1: take the next reading
static gboolean networkStopped;     // this load was stopped for it already

static void watchNetwork(long kb) {
    if (!loadingViews) { networkBaseKB = -1; networkStopped = FALSE; return; }
    if (networkBaseKB < 0) networkBaseKB = kb;
    if (networkStopped || kb - networkBaseKB <= (long)memoryLimitMB * 1024) return;
    networkStopped = TRUE;
    if (debugging) fprintf(stderr, "engine: network process at %ld MB (%ld at the load's start): load stopped\n", kb / 1024, networkBaseKB / 1024);
    const char *uri = webkit_web_view_get_uri(views[AS_IS].web);
    tell(TDWNewsFailed, "%s\t@download %u", uri ? uri : "", memoryLimitMB);
    armTimeout(FALSE);
    stopViews();
}

// Which of the processes under us are WebKit's web and network processes, found by a walk of
// /proc: on every look while a page loads (new processes come then), else once a second. The
// looks between read only those processes' resident size, so an idle page's watch costs a few
// small reads ten times a second, not a walk of every process on the machine.
enum { WATCHED_MAX = 32 };
static pid_t watched[WATCHED_MAX];
static gboolean watchedNetwork[WATCHED_MAX];
static int watchedCount, looksSinceWalk;

static void findWatched(void) {
    enum { MAX = 4096 };
    static pid_t pids[MAX], parents[MAX];
    static gboolean web[MAX], network[MAX];
    int n = 0;
    watchedCount = 0;
    DIR *proc = opendir("/proc");
    if (!proc) return;
    struct dirent *e;
    while ((e = readdir(proc)) && n < MAX) {
        pid_t pid = (pid_t)atoi(e->d_name);
        if (pid <= 0) continue;
        char path[64], buf[512];
        snprintf(path, sizeof path, "/proc/%d/stat", pid);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t got = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[got] = 0;
        char *open = strchr(buf, '('), *close = strrchr(buf, ')');
        if (!open || !close || close[1] == 0) continue;
        pids[n] = pid;
        parents[n] = (pid_t)atoi(close + 4);  // ") S PPID"
        web[n] = strncmp(open + 1, "WebKitWebProces", 15) == 0;
        network[n] = strncmp(open + 1, "WebKitNetworkPr", 15) == 0;
        n++;
    }
    closedir(proc);
    pid_t self = getpid();
    for (int i = 0; i < n && watchedCount < WATCHED_MAX; i++) {
        if (!web[i] && !network[i]) continue;
        gboolean ours = FALSE;
        pid_t p = parents[i];
        for (int depth = 0; depth < 8 && p > 1 && !ours; depth++) {
            if (p == self) { ours = TRUE; break; }
            int k = -1;
            for (int j = 0; j < n; j++) if (pids[j] == p) { k = j; break; }
            p = k >= 0 ? parents[k] : 0;
        }
        if (!ours) continue;
        watched[watchedCount] = pids[i];
        watchedNetwork[watchedCount] = network[i];
        watchedCount++;
    }
}

/// A process's resident memory in KB, or -1 if it is gone.
static long residentKB(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/statm", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long size = 0, resident = -1;
    if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/// One copy where one will do: the two views share a web process, and each holds its own copy of
/// the page (its document, layout and pictures; a 20,000-row table: 460 MB each over the process's
/// 160 MB). When that process passes half the limit, the fit view lets its copy go (it shows
/// nothing, and TouchDesk says why in its place) until the as-is view commits to another page, so
/// a big honest page costs one copy, not two.
static void releaseFitCopy(long kb) {
    if (fitReleased || !sharedProcess || !views[FIT].allowed || g_strcmp0(views[FIT].allowed, views[AS_IS].committed) != 0) return;
    fitReleased = TRUE;
    if (debugging) fprintf(stderr, "engine: web process at %ld MB, past half of %u MB: the fit view lets its copy go\n", kb / 1024, memoryLimitMB);
    webkit_web_view_stop_loading(views[FIT].web);
    g_clear_pointer(&views[FIT].wanted, g_free);
    g_free(views[FIT].allowed);
    views[FIT].allowed = g_strdup("about:blank");
    webkit_web_view_load_uri(views[FIT].web, "about:blank");
    tell(TDWNewsShownOnce, NULL);
}

/// Growth, not size alone: a web process past the limit has two seconds to settle. It is ended
/// if it still grows after them (more than 16 MB in the last second: a script allocating in a loop,
/// a body that never ends), or at once past one and a half times the limit, whatever it does; a big
/// honest page that settles just past the limit as its load ends stays. Each process's last ten
/// looks (a second) are kept, and since when it has been past the limit.
enum { LOOKS = 10, GROWING_KB = 16 * 1024 };
static const gint64 settleUS = 2 * G_USEC_PER_SEC;
static struct { pid_t pid; long kb[LOOKS]; int next; gint64 pastSince; } looks[WATCHED_MAX];

/// Whether the process is to be ended for its memory, `kb` resident now.
static gboolean pastBound(pid_t pid, long kb, gboolean *growing) {
    long limit = (long)memoryLimitMB * 1024;
    int k = -1;
    for (int i = 0; i < WATCHED_MAX && k < 0; i++) if (looks[i].pid == pid) k = i;
    for (int i = 0; i < WATCHED_MAX && k < 0; i++) if (looks[i].pid == 0 || kill(looks[i].pid, 0) != 0) k = i;
    if (k < 0) k = 0;
    if (looks[k].pid != pid) {
        looks[k].pid = pid; looks[k].next = 0; looks[k].pastSince = 0;
        for (int j = 0; j < LOOKS; j++) looks[k].kb[j] = kb;
    }
    long secondAgo = looks[k].kb[looks[k].next];  // the oldest look, ten looks ago
    looks[k].kb[looks[k].next] = kb;
    looks[k].next = (looks[k].next + 1) % LOOKS;
    *growing = kb - secondAgo > GROWING_KB;
    gint64 now = g_get_monotonic_time();
    if (kb <= limit) { looks[k].pastSince = 0; return FALSE; }
    if (!looks[k].pastSince) looks[k].pastSince = now;
    return kb > limit + limit / 2 || (*growing && now - looks[k].pastSince >= settleUS);
}

static gboolean watchMemory(gpointer data) {
    (void)data;
    if (loadingViews || ++looksSinceWalk >= 10) { findWatched(); looksSinceWalk = 0; }
    for (int i = 0; i < watchedCount; i++) {
        long kb = residentKB(watched[i]);
        if (kb < 0) { looksSinceWalk = 10; continue; }  // gone: walk again at the next look
        if (watchedNetwork[i]) {
            watchNetwork(kb);
            continue;
        }
        if (kb > (long)memoryLimitMB * 1024 / 2) releaseFitCopy(kb);
        gboolean growing;
        if (pastBound(watched[i], kb, &growing)) {
            if (debugging) fprintf(stderr, "engine: web process %d at %ld MB, past %u MB%s: ended\n", watched[i], kb / 1024, memoryLimitMB, growing ? " and growing" : "");
            memoryKillTime = g_get_monotonic_time();
            kill(watched[i], SIGKILL);
            looksSinceWalk = 10;
        }
    }
    return G_SOURCE_CONTINUE;
}

// MARK: - A server's redirect to a local file

// A server's redirect to a `file:` address never reaches our navigation policy: WebKit's UI side
// ends the web process as soon as it hears of the redirect (a web process may not name a file it
// was not given), before any policy decision, and reports a crash. So when a web process dies while
// a page from the network is still on its way (not yet committed), we ask the server ourselves,
// following its redirects one at a time without loading anything: if they lead to a local file,
// that was the cause, and the views say so and show the page they showed before; otherwise it
// was a crash, reported as one.
static gboolean probing;       // a crash is being looked into: the views' reports wait for it
static int probeViews;         // a bit per view whose process ended meanwhile
static SoupSession *probeSession;

typedef struct { SoupMessage *message; char *uri; int hops; } Probe;

static void probeAsk(const char *uri, int hops);

static void probeConcluded(const char *file) {
    probing = FALSE;
    if (channel < 0) {
        // Saving a page headless: nothing more will come of this load; say why and go.
        if (file) fprintf(stderr, "touchdesk-web-engine: A page from the network may not open local files (%s)\n", file);
        else fprintf(stderr, "touchdesk-web-engine: the page's web process crashed\n");
        gtk_main_quit();
        return;
    }
    if (file) {
        if (debugging) fprintf(stderr, "engine: the web process ended on a redirect to %s\n", file);
        tell(TDWNewsLocalRefused, "%s", file);
        // The page shown before comes back (the ended process took both views' pages with it).
        for (int v = 0; v < VIEWS; v++) views[v].crashed = FALSE;
        const char *before = views[AS_IS].committed;
        if (before) {
            g_free(views[AS_IS].allowed);
            views[AS_IS].allowed = g_strdup(before);
            webkit_web_view_load_uri(views[AS_IS].web, before);
        }
    } else {
        for (int v = 0; v < VIEWS; v++) if (probeViews & (1 << v)) tell(TDWNewsCrashed, "%d crashed", v);
    }
    probeViews = 0;
}

static void probeAnswered(GObject *source, GAsyncResult *result, gpointer data) {
    Probe *p = data;
    GInputStream *body = soup_session_send_finish(SOUP_SESSION(source), result, NULL);
    if (body) { g_input_stream_close(body, NULL, NULL); g_object_unref(body); }
    guint status = soup_message_get_status(p->message);
    const char *location = SOUP_STATUS_IS_REDIRECTION(status)
        ? soup_message_headers_get_one(soup_message_get_response_headers(p->message), "Location") : NULL;
    char *next = NULL;
    if (location) {
        GUri *target = g_uri_parse_relative(soup_message_get_uri(p->message), location, G_URI_FLAGS_NONE, NULL);
        if (target) { next = g_uri_to_string(target); g_uri_unref(target); }
    }
    if (next && isLocal(next)) probeConcluded(next);
    else if (next && p->hops < 20 && (g_str_has_prefix(next, "http:") || g_str_has_prefix(next, "https:"))) probeAsk(next, p->hops + 1);
    else probeConcluded(NULL);
    g_free(next);
    g_object_unref(p->message);
    g_free(p->uri);
    g_free(p);
}

static void probeAsk(const char *uri, int hops) {
    SoupMessage *message = soup_message_new("GET", uri);
    if (!message) { probeConcluded(NULL); return; }
    soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT);
    if (!probeSession) probeSession = soup_session_new_with_options("timeout", 10, NULL);
    Probe *p = g_new0(Probe, 1);
    p->message = message; p->uri = g_strdup(uri); p->hops = hops;
    soup_session_send_async(probeSession, message, G_PRIORITY_DEFAULT, NULL, probeAnswered, p);
}

static void processTerminated(WebKitWebView *web, WebKitWebProcessTerminationReason reason, gpointer data) {
    (void)data;
    int v = viewIndex(web);
    if (debugging) fprintf(stderr, "engine: view %d web process ended, reason %d\n", v, reason);
    if (reason == WEBKIT_WEB_PROCESS_TERMINATED_BY_API) return;  // we ended a stuck page ourselves
    views[v].crashed = TRUE;
    armTimeout(FALSE);
    if (loadingViews) { loadingViews = 0; tell(TDWNewsLoading, "0"); }
    // One process serves both views: each reports its end, so a kill of ours counts for a while.
    gboolean memory = reason == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT
                      || (memoryKillTime && g_get_monotonic_time() - memoryKillTime < 5 * G_USEC_PER_SEC);
    if (!memory && reason == WEBKIT_WEB_PROCESS_CRASHED && (probing || provisionalURI)) {
        probeViews |= 1 << v;
        if (!probing) {
            probing = TRUE;
            char *uri = provisionalURI;
            provisionalURI = NULL;
            probeAsk(uri, 0);
            g_free(uri);
        }
        return;
    }
    tell(TDWNewsCrashed, "%d %s", v, memory ? "memory" : "crashed");
}

// found-text's own count is of the matches just shown (1), so the total comes from count_matches.
static void countedMatches(WebKitFindController *f, guint count, gpointer data) {
    (void)f; (void)data;
    tell(TDWNewsFound, "%u", count > 1000 ? 1001 : count);  // past the search's limit WebKit says G_MAXUINT
}

static void notFound(WebKitFindController *f, gpointer data) {
    (void)f; (void)data;
    tell(TDWNewsFound, "0");
}

// MARK: - The context menu (drawn by TouchDesk)

typedef struct { int view; double x, y; char *link; } MenuAsk;

static void menuAnswered(GObject *source, GAsyncResult *result, gpointer data) {
    MenuAsk *ask = data;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, NULL);
    gboolean selected = FALSE;
    char *link = ask->link;
    double x = ask->x, y = ask->y;
    if (value && jsc_value_is_array(value)) {
        JSCValue *l = jsc_value_object_get_property_at_index(value, 0);
        JSCValue *s = jsc_value_object_get_property_at_index(value, 1);
        JSCValue *px = jsc_value_object_get_property_at_index(value, 2);
        JSCValue *py = jsc_value_object_get_property_at_index(value, 3);
        selected = jsc_value_to_boolean(s);
        if (!link) { char *found = jsc_value_to_string(l); if (found && *found) link = g_strdup(found); g_free(found); }
        if (x < 0) {
            // From the keyboard: just below the focused element (CSS pixels, times the page zoom).
            double zoom = webkit_web_view_get_zoom_level(WEBKIT_WEB_VIEW(source));
            x = jsc_value_to_double(px) * zoom; y = jsc_value_to_double(py) * zoom;
        }
        g_object_unref(l); g_object_unref(s); g_object_unref(px); g_object_unref(py);
    }
    if (value) g_object_unref(value);
    tell(TDWNewsMenu, "%d %.0f %.0f %d\t%s", ask->view, x, y, selected ? 1 : 0, link ? link : "");
    if (link != ask->link) g_free(link);
    g_free(ask->link);
    g_free(ask);
}

/// Asks the page (in our isolated world, so it works with scripts off) whether text is selected,
/// and for a menu from the keyboard which link has the focus and where it is; then tells TouchDesk.
static void askMenu(int v, double x, double y, const char *link) {
    static const char *script =
        "(() => { const a = document.activeElement;"
        " const l = a && a.closest ? a.closest('a[href]') : null;"
        " const e = l || (a !== document.body && a !== document.documentElement ? a : null);"
        " const r = e ? e.getBoundingClientRect() : null; const s = getSelection();"
        " return [l ? l.href : '', !!s && !s.isCollapsed && s.toString().length > 0,"
        " r ? Math.max(0, r.left) : 16, r ? Math.max(0, r.bottom) : 16]; })()";
    MenuAsk *ask = g_new0(MenuAsk, 1);
    ask->view = v; ask->x = x; ask->y = y; ask->link = link && *link ? g_strdup(link) : NULL;
    webkit_web_view_evaluate_javascript(views[v].web, script, -1, "touchdesk", NULL, NULL, menuAnswered, ask);
}

static gboolean contextMenu(WebKitWebView *w, WebKitContextMenu *m, GdkEvent *e, WebKitHitTestResult *h, gpointer d) {
    (void)m; (void)d;
    double x = -1, y = -1;
    GdkEventType type = e ? gdk_event_get_event_type(e) : GDK_NOTHING;
    if (type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE) gdk_event_get_coords(e, &x, &y);
    askMenu(viewIndex(w), x, y, webkit_hit_test_result_context_is_link(h) ? webkit_hit_test_result_get_link_uri(h) : NULL);
    return TRUE;  // no GTK menu in an offscreen window: TouchDesk draws its own
}

// MARK: - Saving the page as a picture

// A page no taller than cairo's image limit (32,767 px) is pictured in one snapshot, as WebKit
// draws its whole document. A longer one is pictured in tiles: its view is made TILE_HEIGHT tall,
// scrolled down a tile at a time, and each tile's rows are compressed into one PNG as they come
// (our own writer over zlib: cairo's would need the whole picture in one surface), so a page of
// any length up to SAVE_MAX_HEIGHT costs one tile's memory. Elements fixed to the window (a
// header bar) are hidden after the first tile, or they would show again in every tile.
enum { TILE_HEIGHT = 4000, SAVE_MAX_HEIGHT = 300000, SNAPSHOT_MAX = 32767 };

typedef struct WholeSave WholeSave;
typedef void (*SaveDone)(WholeSave *save, const char *error);
struct WholeSave {
    WebKitWebView *web;
    GtkWidget *ownWindow;   // the window of a view made for this save (a long page in the window), else NULL
    char *file;
    SaveDone done;
    int width, height;      // the picture, in pixels
    int written;            // rows written so far
    int cssHeight;          // the page's height in CSS px
    int waits;              // looks at the view's height while it takes the tile's
    int lastPercent;
    FILE *out;
    z_stream z;
    unsigned char *zbuf, *row;
};
enum { ZBUF = 1 << 16 };

static void pngChunk(FILE *f, const char *type, const unsigned char *data, size_t n) {
    unsigned char head[8] = {(unsigned char)(n >> 24), (unsigned char)(n >> 16), (unsigned char)(n >> 8), (unsigned char)n,
                             (unsigned char)type[0], (unsigned char)type[1], (unsigned char)type[2], (unsigned char)type[3]};
    fwrite(head, 1, 8, f);
    if (n) fwrite(data, 1, n, f);
    uLong crc = crc32(0, head + 4, 4);
    if (n) crc = crc32(crc, data, (uInt)n);
    unsigned char tail[4] = {(unsigned char)(crc >> 24), (unsigned char)(crc >> 16), (unsigned char)(crc >> 8), (unsigned char)crc};
    fwrite(tail, 1, 4, f);
}

static gboolean pngBegin(WholeSave *s) {
    s->out = fopen(s->file, "wb");
    if (!s->out) return FALSE;
    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    fwrite(signature, 1, 8, s->out);
    unsigned char ihdr[13] = {(unsigned char)(s->width >> 24), (unsigned char)(s->width >> 16), (unsigned char)(s->width >> 8), (unsigned char)s->width,
                              (unsigned char)(s->height >> 24), (unsigned char)(s->height >> 16), (unsigned char)(s->height >> 8), (unsigned char)s->height,
                              8, 2, 0, 0, 0};  // 8 bits, RGB, deflate, no filter method beyond the standard, no interlace
    pngChunk(s->out, "IHDR", ihdr, sizeof ihdr);
    memset(&s->z, 0, sizeof s->z);
    if (deflateInit(&s->z, 6) != Z_OK) return FALSE;
    s->zbuf = g_malloc(ZBUF);
    s->row = g_malloc((size_t)s->width * 3 + 1);
    s->z.next_out = s->zbuf;
    s->z.avail_out = ZBUF;
    return TRUE;
}

/// One row, from ARGB32 (premultiplied, as cairo keeps it) over white; NULL for a white row.
static void pngRow(WholeSave *s, const uint32_t *argb, int pixels) {
    unsigned char *p = s->row;
    *p++ = 0;  // filter: none
    for (int x = 0; x < s->width; x++) {
        uint32_t c = argb && x < pixels ? argb[x] : 0xffffffff;
        unsigned a = c >> 24;
        *p++ = (unsigned char)(((c >> 16) & 0xff) + 255 - a);
        *p++ = (unsigned char)(((c >> 8) & 0xff) + 255 - a);
        *p++ = (unsigned char)((c & 0xff) + 255 - a);
    }
    s->z.next_in = s->row;
    s->z.avail_in = (uInt)(s->width * 3 + 1);
    while (s->z.avail_in > 0) {
        deflate(&s->z, Z_NO_FLUSH);
        if (s->z.avail_out == 0) {
            pngChunk(s->out, "IDAT", s->zbuf, ZBUF);
            s->z.next_out = s->zbuf;
            s->z.avail_out = ZBUF;
        }
    }
    s->written++;
}

static gboolean pngEnd(WholeSave *s) {
    int r;
    do {
        r = deflate(&s->z, Z_FINISH);
        if (s->z.avail_out < ZBUF) pngChunk(s->out, "IDAT", s->zbuf, ZBUF - s->z.avail_out);
        s->z.next_out = s->zbuf;
        s->z.avail_out = ZBUF;
    } while (r == Z_OK);
    deflateEnd(&s->z);
    pngChunk(s->out, "IEND", NULL, 0);
    gboolean ok = !ferror(s->out);
    if (fclose(s->out) != 0) ok = FALSE;
    s->out = NULL;
    return ok && r == Z_STREAM_END;
}

static void saveFinish(WholeSave *s, const char *error) {
    if (s->out) { deflateEnd(&s->z); fclose(s->out); s->out = NULL; }
    if (error) unlink(s->file);
    s->done(s, error);
    if (s->ownWindow) gtk_widget_destroy(s->ownWindow);
    g_free(s->zbuf); g_free(s->row); g_free(s->file);
    g_free(s);
}

static void saveProgress(WholeSave *s) {
    int percent = s->height > 0 ? (int)((double)s->written * 100 / s->height) : 0;
    if (percent == s->lastPercent) return;
    s->lastPercent = percent;
    if (channel >= 0) tell(TDWNewsSaveProgress, "%d %d", s->written, s->height);
    else fprintf(stderr, "touchdesk-web-engine-progress: %d %d\n", s->written, s->height);
}

static void nextTile(WholeSave *s);

/// A snapshot that came back, or NULL when it failed: then the save ends, saying `what` failed.
static cairo_surface_t *snapshotOrFail(WholeSave *s, GObject *source, GAsyncResult *result, const char *what) {
    GError *error = NULL;
    cairo_surface_t *picture = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(source), result, &error);
    if (picture) return picture;
    char *why = g_strdup_printf("could not picture %s: %s", what, error ? error->message : "no picture");
    if (error) g_error_free(error);
    saveFinish(s, why);
    g_free(why);
    return NULL;
}

static void tileTaken(GObject *source, GAsyncResult *result, gpointer data) {
    WholeSave *s = data;
    cairo_surface_t *tile = snapshotOrFail(s, source, result, "part of the page");
    if (!tile) return;
    cairo_surface_flush(tile);
    int tw = cairo_image_surface_get_width(tile), th = cairo_image_surface_get_height(tile);
    int stride = cairo_image_surface_get_stride(tile);
    const unsigned char *pixels = cairo_image_surface_get_data(tile);
    if (!s->out) {
        // The first tile says how wide the picture is (the page's width beside its scrollbar).
        s->width = tw;
        if (!pngBegin(s)) { cairo_surface_destroy(tile); saveFinish(s, "could not write the picture"); return; }
        // From now on, what is fixed to the window would repeat in every tile: hidden.
        static const char *hideFixed =
            "for (const e of document.querySelectorAll('*')) if (getComputedStyle(e).position === 'fixed')"
            " e.style.setProperty('visibility', 'hidden', 'important'); 0";
        webkit_web_view_evaluate_javascript(s->web, hideFixed, -1, "touchdesk", NULL, NULL, NULL, NULL);
    }
    // The tile shows the page from the view's scroll position: `first` is the first row not yet written.
    int first = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(source), "touchdesk-tile-offset"));
    for (int y = first; y < th && s->written < s->height; y++)
        pngRow(s, (const uint32_t *)(pixels + (size_t)y * (size_t)stride), tw);
    cairo_surface_destroy(tile);
    if (first >= th) {
        // The page ended above where it said (it grew shorter): the rest is white.
        while (s->written < s->height) pngRow(s, NULL, 0);
    }
    saveProgress(s);
    if (s->written < s->height) { nextTile(s); return; }
    if (!pngEnd(s)) { saveFinish(s, "could not write the picture"); return; }
    saveFinish(s, NULL);
}

static void scrolled(GObject *source, GAsyncResult *result, gpointer data) {
    WholeSave *s = data;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, NULL);
    int scrollY = value ? jsc_value_to_int32(value) : 0;
    if (value) g_object_unref(value);
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(s->web));
    int offset = s->written - scrollY * scale;
    if (offset < 0) offset = 0;
    g_object_set_data(G_OBJECT(s->web), "touchdesk-tile-offset", GINT_TO_POINTER(offset));
    webkit_web_view_get_snapshot(s->web, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, NULL, tileTaken, s);
}

static void nextTile(WholeSave *s) {
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(s->web));
    char *script = g_strdup_printf("window.scrollTo(0, %d); window.scrollY", s->written / scale);
    webkit_web_view_evaluate_javascript(s->web, script, -1, "touchdesk", NULL, NULL, scrolled, s);
    g_free(script);
}

static void measuredForSave(GObject *source, GAsyncResult *result, gpointer data);

static void measureForSave(WholeSave *s) {
    static const char *script = "[document.documentElement.scrollHeight, window.innerHeight]";
    webkit_web_view_evaluate_javascript(s->web, script, -1, "touchdesk", NULL, NULL, measuredForSave, s);
}

static gboolean measureForSaveLater(gpointer data) { measureForSave(data); return G_SOURCE_REMOVE; }

static void wholeSnapshot(GObject *source, GAsyncResult *result, gpointer data) {
    WholeSave *s = data;
    cairo_surface_t *picture = snapshotOrFail(s, source, result, "the page");
    if (!picture) return;
    s->width = cairo_image_surface_get_width(picture);
    s->height = cairo_image_surface_get_height(picture);
    gboolean ok = cairo_surface_write_to_png(picture, s->file) == CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(picture);
    saveFinish(s, ok ? NULL : "could not write the picture");
}

static void measuredForSave(GObject *source, GAsyncResult *result, gpointer data) {
    WholeSave *s = data;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, NULL);
    int height = 0, inner = 0;
    if (value && jsc_value_is_array(value)) {
        JSCValue *h = jsc_value_object_get_property_at_index(value, 0), *i = jsc_value_object_get_property_at_index(value, 1);
        height = jsc_value_to_int32(h); inner = jsc_value_to_int32(i);
        g_object_unref(h); g_object_unref(i);
    }
    if (value) g_object_unref(value);
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(s->web));
    if (!s->cssHeight && height * scale <= SNAPSHOT_MAX) {
        // Short enough for one snapshot.
        webkit_web_view_get_snapshot(s->web, WEBKIT_SNAPSHOT_REGION_FULL_DOCUMENT, WEBKIT_SNAPSHOT_OPTIONS_NONE, NULL, wholeSnapshot, s);
        return;
    }
    if (!s->cssHeight) {
        // Long: the view takes a tile's height first (the page may lay out differently in it),
        // and no scrollbar, which each tile would show (the page still scrolls by script).
        s->cssHeight = height;
        webkit_web_view_evaluate_javascript(s->web, "document.documentElement.style.setProperty('overflow', 'hidden', 'important'); 0",
                                            -1, "touchdesk", NULL, NULL, NULL, NULL);
        int width = 0;
        gtk_widget_get_size_request(GTK_WIDGET(s->web), &width, NULL);
        GtkWidget *window = gtk_widget_get_toplevel(GTK_WIDGET(s->web));
        gtk_window_set_default_size(GTK_WINDOW(window), width, TILE_HEIGHT);
        gtk_widget_set_size_request(GTK_WIDGET(s->web), width, TILE_HEIGHT);
        gtk_window_resize(GTK_WINDOW(window), width, TILE_HEIGHT);
        g_timeout_add(50, measureForSaveLater, s);
        return;
    }
    if (inner != TILE_HEIGHT && s->waits++ < 100) { g_timeout_add(50, measureForSaveLater, s); return; }
    s->cssHeight = height;
    if ((long)height * scale > SAVE_MAX_HEIGHT) {
        char *why = g_strdup_printf("@toolong %d %d", height * scale, SAVE_MAX_HEIGHT);
        saveFinish(s, why);
        g_free(why);
        return;
    }
    s->height = height * scale;
    saveProgress(s);
    nextTile(s);
}

/// Pictures `web`'s whole page into `file`; `done` is told how it went (NULL: saved).
static void saveWhole(WebKitWebView *web, GtkWidget *ownWindow, const char *file, SaveDone done) {
    WholeSave *s = g_new0(WholeSave, 1);
    s->web = web;
    s->ownWindow = ownWindow;
    s->file = g_strdup(file);
    s->done = done;
    s->lastPercent = -1;
    measureForSave(s);
}

static void pageSaved(WholeSave *s, const char *error) {
    if (error) tell(TDWNewsSaveFailed, "%s", error);
    else tell(TDWNewsSaved, "%s", s->file);
}

static void saveViewLoaded(WebKitWebView *web, WebKitLoadEvent event, gpointer data) {
    if (event != WEBKIT_LOAD_FINISHED) return;
    g_signal_handlers_disconnect_by_func(web, saveViewLoaded, data);
    char *file = data;
    saveWhole(web, gtk_widget_get_toplevel(GTK_WIDGET(web)), file, pageSaved);
    g_free(file);
}

/// The `savepage` order: the as-is view's page, whole. A page that fits one snapshot is pictured
/// in the view itself; a longer one in a view of its own (same web process, same width), loaded
/// again for the purpose, so the view on screen is neither resized nor scrolled.
static void savePageOrder(const char *file) {
    if (views[AS_IS].contentHeight * deviceScale <= SNAPSHOT_MAX || !views[AS_IS].committed) {
        saveWhole(views[AS_IS].web, NULL, file, pageSaved);
        return;
    }
    GtkWidget *window = gtk_offscreen_window_new();
    WebKitWebView *web = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", views[AS_IS].web,
                                                      "settings", webkit_web_view_get_settings(views[AS_IS].web),
                                                      "user-content-manager", webkit_web_view_get_user_content_manager(views[AS_IS].web), NULL));
    gtk_window_set_default_size(GTK_WINDOW(window), views[AS_IS].width, TILE_HEIGHT);
    gtk_widget_set_size_request(GTK_WIDGET(web), views[AS_IS].width, TILE_HEIGHT);
    gtk_container_add(GTK_CONTAINER(window), GTK_WIDGET(web));
    gtk_widget_show_all(window);
    g_signal_connect(web, "load-changed", G_CALLBACK(saveViewLoaded), g_strdup(file));
    webkit_web_view_load_uri(web, views[AS_IS].committed);
}

// MARK: - Saving the page's HTML

/// The as-is view's main resource as the server sent it (its bytes, in its own encoding), not the
/// document as scripts have changed it since: what "Save page as HTML" keeps.
static void sourceData(GObject *source, GAsyncResult *result, gpointer data) {
    char *file = data;
    GError *error = NULL;
    gsize length = 0;
    guchar *bytes = webkit_web_resource_get_data_finish(WEBKIT_WEB_RESOURCE(source), result, &length, &error);
    if (!bytes) tell(TDWNewsSourceFailed, "%s", error ? error->message : "the page has no source");
    else if (!g_file_set_contents(file, (const char *)bytes, (gssize)length, &error)) tell(TDWNewsSourceFailed, "%s", error->message);
    else tell(TDWNewsSourceSaved, "%s", file);
    if (error) g_error_free(error);
    g_free(bytes);
    g_free(file);
}

static void saveSource(const char *file) {
    WebKitWebResource *main = webkit_web_view_get_main_resource(views[AS_IS].web);
    if (!main) { tell(TDWNewsSourceFailed, "no page is shown"); return; }
    webkit_web_resource_get_data(main, NULL, sourceData, g_strdup(file));
}

// MARK: - A spare engine

static guint spareSource;

/// Started ahead of need (the pointer rests on Web Pages' tile) and never taken up: go.
static gboolean spareExpired(gpointer data) {
    (void)data;
    if (debugging) fprintf(stderr, "engine: spare not taken up: exiting\n");
    spareSource = 0;
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

static GtkWidget *makeCreate(WebKitWebView *w, WebKitNavigationAction *a, gpointer d) {
    (void)w; (void)d;
    webkit_web_view_load_request(views[AS_IS].web, webkit_navigation_action_get_request(a));
    return NULL;
}


// A page's process can be stuck in a script without WebKit knowing: its own timer runs only while
// it waits for an answer to input (a key, a click), and a page that spins before anyone touches it
// was taken for a live one: no word of it, and Stop left its process spinning.
// So each view's page is asked a question of its own every second (in the isolated world, where
// the page's scripts cannot answer for it); unanswered for STUCK_SECONDS, the page counts as stuck.
enum { STUCK_SECONDS = 5 };
static gint64 askedSince[VIEWS];  // when the unanswered heartbeat was sent (0: none out)
static gboolean silent[VIEWS];    // a heartbeat has gone unanswered for STUCK_SECONDS

static gboolean stuck(int v) {
    return silent[v] || !webkit_web_view_get_is_web_process_responsive(views[v].web);
}

/// A page stuck in a script: end its web process so Stop, Back and a new address always work.
static void unstick(int v) {
    if (stuck(v)) webkit_web_view_terminate_web_process(views[v].web);
}

/// Both views' pages. One process serving both is ended once, through the as-is view.
static void unstickAll(void) {
    if (!sharedProcess) { for (int v = 0; v < VIEWS; v++) unstick(v); return; }
    for (int v = 0; v < VIEWS; v++) {
        if (stuck(v)) {
            if (debugging) fprintf(stderr, "engine: view %d stuck: ending the shared web process\n", v);
            webkit_web_view_terminate_web_process(views[AS_IS].web);
            return;
        }
    }
}

/// A view's web process stopped answering (a script that never returns). If the user has asked
/// for something since (Stop, another page), end that process and do what was asked; otherwise
/// say so, and the next Stop or navigation ends it.
static void pageStuck(WebKitWebView *web) {
    // One process serves both views: whichever notices, the as-is view's process is ended and its
    // page loaded again (the fit view follows it).
    if (sharedProcess) web = views[AS_IS].web;
    View *view = &views[viewIndex(web)];
    if (!view->wanted && !view->stopAsked) {
        if (view == &views[AS_IS]) tell(TDWNewsRefused, "%s\tthe page is not responding: Stop ends it", view->committed ? view->committed : "");
        return;
    }
    char *again = g_strdup(view->wanted);
    view->stopAsked = FALSE;
    view->restarting = again != NULL;
    webkit_web_view_terminate_web_process(web);
    if (again) webkit_web_view_load_uri(web, again);
    g_free(again);
}

static void responsivenessChanged(WebKitWebView *web, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    if (!webkit_web_view_get_is_web_process_responsive(web) && !silent[viewIndex(web)]) pageStuck(web);
}

static void heartbeatAnswered(GObject *source, GAsyncResult *result, gpointer data) {
    (void)data;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, NULL);
    if (value) g_object_unref(value);
    int v = viewIndex(WEBKIT_WEB_VIEW(source));
    askedSince[v] = 0;
    silent[v] = FALSE;
}

static gboolean heartbeat(gpointer data) {
    (void)data;
    gint64 now = g_get_monotonic_time();
    for (int v = 0; v < VIEWS; v++) {
        // A view with no page and none loading has no process to ask (a question would start one).
        if ((!views[v].committed && !(loadingViews & (1 << v))) || views[v].crashed) { askedSince[v] = 0; silent[v] = FALSE; continue; }
        if (!askedSince[v]) {
            askedSince[v] = now;
            webkit_web_view_evaluate_javascript(views[v].web, "0", -1, "touchdesk", NULL, NULL, heartbeatAnswered, NULL);
        } else if (!silent[v] && now - askedSince[v] >= STUCK_SECONDS * G_USEC_PER_SEC) {
            if (debugging) fprintf(stderr, "engine: view %d has not answered for %d s: stuck\n", v, STUCK_SECONDS);
            silent[v] = TRUE;
            if (webkit_web_view_get_is_web_process_responsive(views[v].web)) pageStuck(views[v].web);
        }
    }
    return G_SOURCE_CONTINUE;
}

static void openURI(const char *uri) {
    unstickAll();
    g_free(views[AS_IS].wanted);
    views[AS_IS].wanted = g_strdup(uri);
    g_free(views[AS_IS].allowed);
    views[AS_IS].allowed = g_strdup(uri);
    webkit_web_view_load_uri(views[AS_IS].web, uri);
}

// MARK: - Input

static GdkDevice *pointer(void) {
    return gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()));
}

static GdkDevice *keyboard(void) {
    return gdk_seat_get_keyboard(gdk_display_get_default_seat(gdk_display_get_default()));
}

static void deliver(View *view, GdkEvent *event, GdkDevice *device) {
    GdkWindow *w = gtk_widget_get_window(GTK_WIDGET(view->web));
    if (!w) { gdk_event_free(event); return; }
    event->any.window = g_object_ref(w);
    event->any.send_event = TRUE;
    gdk_event_set_device(event, device);
    gtk_widget_event(GTK_WIDGET(view->web), event);
    gdk_event_free(event);
}

/// The view gains (`in`) or loses the keyboard's focus, as a window's focus change would tell it:
/// losing it, the page no longer draws its focused link's ring (TouchDesk's ring went elsewhere).
static void setFocused(View *view, gboolean in) {
    if (gtk_widget_has_focus(GTK_WIDGET(view->web)) == in) return;
    if (in) gtk_widget_grab_focus(GTK_WIDGET(view->web));
    GdkEvent *e = gdk_event_new(GDK_FOCUS_CHANGE);
    e->focus_change.window = g_object_ref(gtk_widget_get_window(GTK_WIDGET(view->web)));
    e->focus_change.send_event = TRUE;
    e->focus_change.in = in;
    gdk_event_set_device(e, keyboard());
    gtk_widget_send_focus_change(GTK_WIDGET(view->web), e);
    gdk_event_free(e);
}

static void focus(View *view) { setFocused(view, TRUE); }

static void mouseMotion(View *view, double x, double y, guint mods) {
    GdkEvent *e = gdk_event_new(GDK_MOTION_NOTIFY);
    e->motion.x = x; e->motion.y = y; e->motion.x_root = x; e->motion.y_root = y;
    e->motion.state = mods;
    e->motion.time = (guint32)(g_get_monotonic_time() / 1000);
    deliver(view, e, pointer());
}

static void mouseButton(View *view, gboolean press, double x, double y, int button, guint mods) {
    GdkEvent *e = gdk_event_new(press ? GDK_BUTTON_PRESS : GDK_BUTTON_RELEASE);
    e->button.x = x; e->button.y = y; e->button.x_root = x; e->button.y_root = y;
    e->button.button = (guint)button;
    e->button.state = mods;
    e->button.time = (guint32)(g_get_monotonic_time() / 1000);
    if (press) {
        view->tabbed = FALSE;  // a click puts the focus where it lands: a later walk off is a Tab's again
        focus(view);
        // The pointer is where the button went down: WebKit picks the click's target from the
        // last motion, and a press that comes before any motion there would hit the old target.
        mouseMotion(view, x, y, mods);
    }
    deliver(view, e, pointer());
}

static void wheel(View *view, double x, double y, double dx, double dy) {
    GdkEvent *e = gdk_event_new(GDK_SCROLL);
    e->scroll.x = x; e->scroll.y = y; e->scroll.x_root = x; e->scroll.y_root = y;
    // Whole notches as the wheel sends them (WebKit scrolls a line step each); fractions smoothly.
    if (dx == 0 && (dy == 1 || dy == -1)) e->scroll.direction = dy > 0 ? GDK_SCROLL_DOWN : GDK_SCROLL_UP;
    else if (dy == 0 && (dx == 1 || dx == -1)) e->scroll.direction = dx > 0 ? GDK_SCROLL_RIGHT : GDK_SCROLL_LEFT;
    else {
        e->scroll.direction = GDK_SCROLL_SMOOTH;
        e->scroll.delta_x = dx; e->scroll.delta_y = dy;
    }
    e->scroll.time = (guint32)(g_get_monotonic_time() / 1000);
    deliver(view, e, pointer());
}

static void keyEvent(View *view, gboolean press, guint keyval, guint mods) {
    GdkEvent *e = gdk_event_new(press ? GDK_KEY_PRESS : GDK_KEY_RELEASE);
    e->key.keyval = keyval;
    e->key.state = mods;
    e->key.time = (guint32)(g_get_monotonic_time() / 1000);
    GdkKeymapKey *keys = NULL;
    gint n = 0;
    if (gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(gdk_display_get_default()), keyval, &keys, &n) && n > 0)
        e->key.hardware_keycode = (guint16)keys[0].keycode;
    g_free(keys);
    gunichar c = gdk_keyval_to_unicode(keyval);
    char buf[8] = {0};
    if (c && !(mods & GDK_CONTROL_MASK)) g_unichar_to_utf8(c, buf);
    e->key.string = g_strdup(buf);
    e->key.length = (gint)strlen(buf);
    if (press && (keyval == GDK_KEY_Tab || keyval == GDK_KEY_ISO_Left_Tab)) view->tabbed = TRUE;
    focus(view);
    deliver(view, e, keyboard());
}

// MARK: - The page in the keyboard's ring

/// WebKit walked the focus off the page's end (or start): as a GTK widget does, it asks its
/// toplevel to move the focus on (`gtk_widget_child_focus`, the window's "focus" signal), after
/// the Tab that did it was handled in the web process; TouchDesk then moves its own ring on. Only
/// after a Tab of ours: GTK's own focus moves (the window shown) are no news. The signal is taken
/// (TRUE), so GTK does not hand the focus back into the view.
static gboolean walkedOff(GtkWidget *window, GtkDirectionType direction, gpointer data) {
    (void)window;
    int v = GPOINTER_TO_INT(data);
    if (!views[v].tabbed) return FALSE;
    views[v].tabbed = FALSE;
    gboolean backward = direction == GTK_DIR_TAB_BACKWARD;
    if (debugging) fprintf(stderr, "engine: %s walked off the page in view %d\n", backward ? "Shift+Tab" : "Tab", v);
    tell(TDWNewsPageEnd, "%d %s", v, backward ? "backward" : "forward");
    return TRUE;
}

/// TouchDesk's ring reached the page from before it (Tab) or after it (Shift+Tab): the view takes
/// the keyboard, nothing in the page stays focused (which also clears the starting point of
/// WebKit's Tab walk), and a Tab (Shift+Tab) then focuses its first (last) link or field, as Tab
/// from a browser's address bar does; a page with none walks off at once (`walkedOff`). The blur
/// and the key reach the web process in this order, as every key does.
static void focusPage(View *view, gboolean backward) {
    focus(view);
    webkit_web_view_evaluate_javascript(view->web, "if (document.activeElement) document.activeElement.blur(); 0", -1, "touchdesk",
                                        NULL, NULL, NULL, NULL);
    guint key = backward ? GDK_KEY_ISO_Left_Tab : GDK_KEY_Tab, mods = backward ? GDK_SHIFT_MASK : 0;
    keyEvent(view, TRUE, key, mods);
    keyEvent(view, FALSE, key, mods);
}

// MARK: - Messages in

static View *viewArg(const char *s) {
    int v = atoi(s);
    return v >= 0 && v < VIEWS ? &views[v] : NULL;
}

/// Gives a view its size. An offscreen window is as big as the larger of its default size and its
/// child's size request, so both are set: setting the window's size alone (as before) left a view
/// made at 800 × 600 never narrower or lower than that, whatever TouchDesk asked.
static void setViewSize(View *view, int w, int h) {
    view->width = w; view->height = h;
    gtk_window_set_default_size(GTK_WINDOW(view->window), w, h);
    gtk_widget_set_size_request(GTK_WIDGET(view->web), w, h);
    gtk_window_resize(GTK_WINDOW(view->window), w, h);
    view->dirty = TRUE;
    scheduleFlush();
}

// Resizes are coalesced: a window dragged (or a storm of resizes) sends a size per step, and each
// would make WebKit lay a long page out again. A size is applied once no other has come for
// RESIZE_QUIET_MS, and at least every RESIZE_MAX_MS while they keep coming.
enum { RESIZE_QUIET_MS = 60, RESIZE_MAX_MS = 250 };
static guint resizeSource;
static gint64 resizeFirstAsked;
static int resizesAsked, resizesApplied;

static gboolean applySizes(gpointer data) {
    (void)data;
    resizeSource = 0;
    resizesApplied++;
    for (int v = 0; v < VIEWS; v++) {
        View *view = &views[v];
        if (view->wantWidth > 0 && (view->width != view->wantWidth || view->height != view->wantHeight))
            setViewSize(view, view->wantWidth, view->wantHeight);
    }
    if (debugging) fprintf(stderr, "engine: %d sizes asked, %d applied\n", resizesAsked, resizesApplied);
    return G_SOURCE_REMOVE;
}

static void resize(View *view, int w, int h) {
    if (w < 1 || h < 1 || w > 16384 || h > 16384) return;
    view->wantWidth = w; view->wantHeight = h;
    resizesAsked++;
    gint64 now = g_get_monotonic_time();
    if (resizeSource) g_source_remove(resizeSource);
    else resizeFirstAsked = now;
    gint64 waited = (now - resizeFirstAsked) / 1000;
    resizeSource = g_timeout_add(waited >= RESIZE_MAX_MS ? 0 : RESIZE_QUIET_MS, applySizes, NULL);
}

/// A view got its new size: the as-is view's page is measured again (the fit view's zoom follows
/// it), the fit view's zoom is set for its own new width.
static void allocated(GtkWidget *widget, GdkRectangle *a, gpointer data) {
    (void)widget; (void)a;
    if (GPOINTER_TO_INT(data) == AS_IS) measure(); else applyFitZoom();
}

/// Whether `view` names a view (0 or 1); else the order is refused.
#define NEED_VIEW if (!view) { refused = TRUE; break; }

static void handleLine(char *line) {
    if (debugging) fprintf(stderr, "engine< %s\n", line);
    char *rest = strchr(line, ' ');
    int found = tdw_order_named(line, rest ? (int)(rest - line) : (int)strlen(line));
    if (rest) *rest++ = 0; else rest = "";
    gchar **a = g_strsplit(rest, " ", 8);
    int n = *rest ? (int)g_strv_length(a) : 0;
    if (found < 0 || n < tdw_order(found)->fewest) {
        tell(TDWNewsBadOrder, "%s%s%s", line, *rest ? " " : "", rest);
        g_strfreev(a);
        return;
    }
    TDWOrder order = (TDWOrder)found;
    // Any order but the first ones a spare gets means it was taken up.
    if (spareSource && order != TDWOrderSpare && order != TDWOrderOpen) {
        g_source_remove(spareSource);
        spareSource = 0;
    }
    View *view = n > 0 ? viewArg(a[0]) : NULL;
    gboolean refused = FALSE;
    switch (order) {
    case TDWOrderOpen: openURI(rest); break;
    case TDWOrderBack:
    case TDWOrderForward: {
        WebKitWebView *web = views[AS_IS].web;
        gboolean back = order == TDWOrderBack;
        WebKitBackForwardList *list = webkit_web_view_get_back_forward_list(web);
        WebKitBackForwardListItem *item = back ? webkit_back_forward_list_get_back_item(list) : webkit_back_forward_list_get_forward_item(list);
        if (item) { g_free(views[AS_IS].wanted); views[AS_IS].wanted = g_strdup(webkit_back_forward_list_item_get_uri(item)); }
        unstickAll();
        if (back) webkit_web_view_go_back(web); else webkit_web_view_go_forward(web);
        break;
    }
    case TDWOrderReload:
        unstickAll();
        for (int v = 0; v < VIEWS; v++) if (views[v].crashed || v == AS_IS) webkit_web_view_reload(views[v].web);
        break;
    case TDWOrderStop:
        armTimeout(FALSE);
        if (loadingViews) { loadingViews = 0; tell(TDWNewsLoading, "0"); }
        for (int v = 0; v < VIEWS; v++) {
            views[v].stopAsked = TRUE;
            webkit_web_view_stop_loading(views[v].web);
        }
        unstickAll();
        break;
    case TDWOrderSize: NEED_VIEW resize(view, atoi(a[1]), atoi(a[2])); break;
    case TDWOrderAck: NEED_VIEW view->pending = FALSE; if (view->dirty) scheduleFlush(); break;
    case TDWOrderButton:
        NEED_VIEW
        mouseButton(view, !strcmp(a[1], "press"), g_ascii_strtod(a[2], NULL), g_ascii_strtod(a[3], NULL), atoi(a[4]), (guint)atoi(a[5]));
        break;
    case TDWOrderMotion: NEED_VIEW mouseMotion(view, g_ascii_strtod(a[1], NULL), g_ascii_strtod(a[2], NULL), (guint)atoi(a[3])); break;
    case TDWOrderScroll:
        NEED_VIEW
        wheel(view, g_ascii_strtod(a[1], NULL), g_ascii_strtod(a[2], NULL), g_ascii_strtod(a[3], NULL), g_ascii_strtod(a[4], NULL));
        break;
    case TDWOrderKey: {
        NEED_VIEW
        guint keyval = gdk_keyval_from_name(a[2]);
        if (keyval == GDK_KEY_VoidSymbol) { refused = TRUE; break; }
        gboolean press = !strcmp(a[1], "press");
        keyEvent(view, press, keyval, (guint)atoi(a[3]));
        break;
    }
    case TDWOrderText: {
        NEED_VIEW
        const char *t = rest + strlen(a[0]) + (n > 1 ? 1 : 0);
        for (const char *p = t; *p; p = g_utf8_next_char(p)) {
            guint keyval = gdk_unicode_to_keyval(g_utf8_get_char(p));
            keyEvent(view, TRUE, keyval, 0);
            keyEvent(view, FALSE, keyval, 0);
        }
        break;
    }
    case TDWOrderJavascript:
        for (int v = 0; v < VIEWS; v++) {
            webkit_settings_set_enable_javascript_markup(webkit_web_view_get_settings(views[v].web), atoi(a[0]) != 0);
        }
        break;
    case TDWOrderZoom: {
        double z = g_ascii_strtod(a[0], NULL);
        if (z >= 0.25 && z <= 5) webkit_web_view_set_zoom_level(views[AS_IS].web, z); else refused = TRUE;
        break;
    }
    case TDWOrderFind:
        // Both views highlight the matches; the as-is view's count is the one reported.
        for (int v = 0; v < VIEWS; v++) {
            WebKitFindController *f = webkit_web_view_get_find_controller(views[v].web);
            guint options = WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE | WEBKIT_FIND_OPTIONS_WRAP_AROUND;
            if (*rest) {
                // Counted first: counting after the search would take its highlights away.
                if (v == AS_IS) webkit_find_controller_count_matches(f, rest, options, 1000);
                webkit_find_controller_search(f, rest, options, 1000);
            } else webkit_find_controller_search_finish(f);
        }
        break;
    case TDWOrderFindNext:
    case TDWOrderFindPrevious:
        for (int v = 0; v < VIEWS; v++) {
            WebKitFindController *f = webkit_web_view_get_find_controller(views[v].web);
            if (order == TDWOrderFindNext) webkit_find_controller_search_next(f); else webkit_find_controller_search_previous(f);
        }
        break;
    case TDWOrderMenu: NEED_VIEW askMenu((int)(view - views), -1, -1, NULL); break;
    case TDWOrderFocusIn: NEED_VIEW focusPage(view, !strcmp(a[1], "backward")); break;
    case TDWOrderFocusOut: NEED_VIEW setFocused(view, FALSE); break;
    case TDWOrderLink: webkit_web_view_load_uri(views[AS_IS].web, rest); break;  // `allowed` unchanged: a page's link is no typed address
    case TDWOrderSavePage: savePageOrder(rest); break;
    case TDWOrderSaveSource: saveSource(rest); break;
    case TDWOrderSpare:
        if (atoi(a[0]) <= 0) { refused = TRUE; break; }
        if (spareSource) g_source_remove(spareSource);
        spareSource = g_timeout_add_seconds((guint)atoi(a[0]), spareExpired, NULL);
        break;
    case TDWOrderScale: {
        int scale = atoi(a[0]);
        if (scale < 1 || scale > 4) { refused = TRUE; break; }
        if (scale != deviceScale) {
            deviceScale = scale;
            gdk_x11_display_set_window_scale(gdk_display_get_default(), scale);
            // GDK changes the offscreen windows' scale without a word to WebKit: tell the views,
            // or their pages keep devicePixelRatio 1 and are drawn at 1× into the 2× frames.
            for (int v = 0; v < VIEWS; v++) { g_object_notify(G_OBJECT(views[v].web), "scale-factor"); views[v].dirty = TRUE; }
            scheduleFlush();
        }
        break;
    }
    case TDWOrderCopy: webkit_web_view_execute_editing_command(views[AS_IS].web, WEBKIT_EDITING_COMMAND_COPY); break;
    case TDWOrderHide:
        // Leaving Web Pages: hidden pages throttle their timers; a stuck script's process ends.
        unstickAll();
        for (int v = 0; v < VIEWS; v++) gtk_widget_hide(views[v].window);
        break;
    case TDWOrderShow:
        for (int v = 0; v < VIEWS; v++) { gtk_widget_show_all(views[v].window); views[v].dirty = TRUE; }
        scheduleFlush();
        break;
    case TDWOrderPing: tell(TDWNewsPong, "%s", rest); break;
    }
    if (refused) tell(TDWNewsBadOrder, "%s%s%s", line, *rest ? " " : "", rest);
    g_strfreev(a);
}

static gboolean readable(GIOChannel *source, GIOCondition condition, gpointer data) {
    (void)source; (void)data;
    char buf[65536];
    ssize_t n = read(channel, buf, sizeof buf);
    if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) || (condition & (G_IO_HUP | G_IO_ERR))) {
        gtk_main_quit();
        return G_SOURCE_REMOVE;
    }
    if (n < 0) return G_SOURCE_CONTINUE;
    g_string_append_len(inbox, buf, n);
    char *nl;
    while ((nl = memchr(inbox->str, '\n', inbox->len))) {
        size_t len = (size_t)(nl - inbox->str);
        char *line = g_strndup(inbox->str, len);
        g_string_erase(inbox, 0, (gssize)len + 1);
        handleLine(line);
        g_free(line);
    }
    if (inbox->len > 1 << 20) g_string_truncate(inbox, 0);  // no line is that long
    return G_SOURCE_CONTINUE;
}

// MARK: - Set-up

/// Starts a private Xvfb and points GTK at it; it dies with us.
static gboolean startPrivateDisplay(void) {
    int fds[2];
    if (pipe(fds) != 0) return FALSE;
    pid_t pid = fork();
    if (pid < 0) return FALSE;
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // Xvfb may sit on a SIGTERM; it holds nothing worth saving
        close(fds[0]);
        int devnull = open("/dev/null", O_RDWR);
        dup2(devnull, 0); dup2(devnull, 1); dup2(devnull, 2);
        char fd[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        execlp("Xvfb", "Xvfb", "-displayfd", fd, "-nolisten", "tcp", "-screen", "0", "2560x1600x24", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char number[32] = {0};
    size_t got = 0;
    while (got < sizeof number - 1) {
        ssize_t r = read(fds[0], number + got, sizeof number - 1 - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
        if (memchr(number, '\n', got)) break;
    }
    close(fds[0]);
    if (got == 0) { fprintf(stderr, "touchdesk-web-engine: no display, and Xvfb could not be started (is it installed?)\n"); return FALSE; }
    number[strcspn(number, "\n")] = 0;
    char display[40];
    snprintf(display, sizeof display, ":%s", number);
    setenv("DISPLAY", display, 1);
    unsetenv("WAYLAND_DISPLAY");
    privateX = pid;
    if (getenv("TOUCHDESK_WEB_DEBUG")) fprintf(stderr, "private display %s\n", display);
    return TRUE;
}

static void initDisplay(int *argc, char ***argv) {
    setenv("GDK_BACKEND", "x11", 1);
    if (getenv("DISPLAY") && gtk_init_check(argc, argv)) return;
    if (!startPrivateDisplay() || !gtk_init_check(argc, argv)) {
        fprintf(stderr, "touchdesk-web-engine: cannot open a display for the web engine\n");
        exit(3);
    }
}

static WebKitWebContext *makeContext(void) {
    // The memory bound: each web process is told it may use this many MB and killed past it
    // (WebKit then reports EXCEEDED_MEMORY_LIMIT, which TouchDesk shows).
    const char *limit = getenv("TOUCHDESK_WEB_MEMORY_MB");
    guint mb = limit ? (guint)atoi(limit) : 1024;
    if (mb < 64) mb = 64;
    memoryLimitMB = mb;
    WebKitMemoryPressureSettings *pressure = webkit_memory_pressure_settings_new();
    webkit_memory_pressure_settings_set_memory_limit(pressure, mb);
    // WebKit's default kill threshold is 0, "never kill": without one a page allocating in a
    // loop grows past the limit as far as the machine lets it (the hostile-page test saw 1 GB at 400 MB).
    // Its kill at one and a half times the limit, as ours (a settled page may stay past the limit).
    webkit_memory_pressure_settings_set_kill_threshold(pressure, 1.5);
    webkit_memory_pressure_settings_set_poll_interval(pressure, 0.5);
    webkit_website_data_manager_set_memory_pressure_settings(pressure);
    WebKitWebsiteDataManager *data = webkit_website_data_manager_new_ephemeral();
    WebKitWebContext *context = g_object_new(WEBKIT_TYPE_WEB_CONTEXT, "website-data-manager", data,
                                             "memory-pressure-settings", pressure, NULL);
    webkit_memory_pressure_settings_free(pressure);
    g_object_unref(data);
    // No back/forward page cache and a small memory cache: two views of one page, no tabs.
    const char *cache = getenv("TOUCHDESK_WEB_CACHE_MODEL");
    webkit_web_context_set_cache_model(context, cache && !strcmp(cache, "browser") ? WEBKIT_CACHE_MODEL_DOCUMENT_BROWSER
                                                                                  : WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER);
    if (!getenv("TOUCHDESK_WEB_NO_SANDBOX")) webkit_web_context_set_sandbox_enabled(context, TRUE);
    return context;
}

/// Row spans past the end of their row group, cut to it before the page's first layout (as the
/// HTML table model does: a cell never spans past its group). WebKit's table layout otherwise
/// makes a row for every row spanned: 30 rows whose cells say `rowspan=65534` (a fuzzer's
/// favourite) took 14 s here, and the fuzzer's table pages more than a minute at 10 % (the
/// document come, its layout running), where Chromium shows them in 2 s. The picture is the
/// same; only such cells' `rowSpan` reads the cut value. In our isolated world, all frames, so
/// it works with the page's scripts off and the page's scripts cannot undo it.
static const char *cutRowSpans =
    "for (const g of document.querySelectorAll('thead, tbody, tfoot')) {"
    "  const rows = g.rows, n = rows.length;"
    "  for (let i = 0; i < n; i++) for (const c of rows[i].cells) if (c.rowSpan > n - i) c.rowSpan = n - i;"
    "}";

/// No drags out of the page. Dragging a link, an image, a selection or a `draggable` element makes
/// WebKit start a GTK drag from the offscreen view: a real X drag on the desktop, from a window no
/// one sees. While TouchDesk holds the pointer (the press went to its window) GTK cannot grab it:
/// the drag never starts, GTK logs a failed assertion and WebKit waits for an end that never comes
/// (no `dragend`); when the grab succeeds, the drag holds the desktop's pointer and its icon (the
/// page's picture of what is dragged) was seen left over TouchDesk's window. Cancelling `dragstart`
/// first, in our isolated world and every frame, stops the drag before it exists: the page sees
/// its `dragstart` cancelled, as when its own script cancels it.
static const char *noDrags = "addEventListener('dragstart', function (e) { e.preventDefault(); }, true);";

static void addPageScripts(WebKitWebView *web) {
    const struct { const char *source; WebKitUserScriptInjectionTime when; } scripts[] = {
        { noDrags, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START },
        { cutRowSpans, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END },
    };
    for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++) {
        WebKitUserScript *script = webkit_user_script_new_for_world(scripts[i].source, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                                                     scripts[i].when, "touchdesk", NULL, NULL);
        webkit_user_content_manager_add_script(webkit_web_view_get_user_content_manager(web), script);
        webkit_user_script_unref(script);
    }
}

static void makeView(int v, WebKitWebContext *context, int width, int height) {
    View *view = &views[v];
    view->window = gtk_offscreen_window_new();
    gtk_window_set_default_size(GTK_WINDOW(view->window), width, height);
    // The fit view shares the as-is view's web process (a related view): one page's process, not two.
    sharedProcess = v == FIT && views[AS_IS].web && !getenv("TOUCHDESK_WEB_SEPARATE_PROCESSES");
    if (sharedProcess)
        view->web = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", views[AS_IS].web,
                                                 "settings", webkit_web_view_get_settings(views[AS_IS].web),
                                                 "user-content-manager", webkit_web_view_get_user_content_manager(views[AS_IS].web), NULL));
    else
        view->web = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "web-context", context, NULL));
    if (!sharedProcess) addPageScripts(view->web);  // a related view shares the as-is view's
    WebKitSettings *s = webkit_web_view_get_settings(view->web);
    webkit_settings_set_allow_file_access_from_file_urls(s, FALSE);
    webkit_settings_set_allow_universal_access_from_file_urls(s, FALSE);
    webkit_settings_set_enable_developer_extras(s, FALSE);
    // Each scroll lands at once: an animation would cost a frame over the socket per step.
    webkit_settings_set_enable_smooth_scrolling(s, FALSE);
    webkit_settings_set_hardware_acceleration_policy(s, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER);
    gtk_widget_set_size_request(GTK_WIDGET(view->web), width, height);
    gtk_container_add(GTK_CONTAINER(view->window), GTK_WIDGET(view->web));
    view->width = width; view->height = height;
    g_signal_connect(view->window, "damage-event", G_CALLBACK(damaged), GINT_TO_POINTER(v));
    g_signal_connect(view->window, "focus", G_CALLBACK(walkedOff), GINT_TO_POINTER(v));
    if (channel >= 0) g_signal_connect_after(view->web, "size-allocate", G_CALLBACK(allocated), GINT_TO_POINTER(v));
    g_signal_connect(view->web, "load-changed", G_CALLBACK(loadChanged), NULL);
    g_signal_connect(view->web, "load-failed", G_CALLBACK(loadFailed), NULL);
    g_signal_connect(view->web, "notify::title", G_CALLBACK(titleChanged), NULL);
    g_signal_connect(view->web, "notify::estimated-load-progress", G_CALLBACK(progressChanged), NULL);
    g_signal_connect(view->web, "decide-policy", G_CALLBACK(decidePolicy), NULL);
    g_signal_connect(view->web, "mouse-target-changed", G_CALLBACK(mouseTarget), NULL);
    g_signal_connect(view->web, "web-process-terminated", G_CALLBACK(processTerminated), NULL);
    g_signal_connect(view->web, "notify::is-web-process-responsive", G_CALLBACK(responsivenessChanged), NULL);
    g_signal_connect(view->web, "context-menu", G_CALLBACK(contextMenu), NULL);
    g_signal_connect(view->web, "create", G_CALLBACK(makeCreate), NULL);
    WebKitFindController *f = webkit_web_view_get_find_controller(view->web);
    if (v == AS_IS) {
        g_signal_connect(f, "counted-matches", G_CALLBACK(countedMatches), NULL);
        g_signal_connect(f, "failed-to-find-text", G_CALLBACK(notFound), NULL);
    }
    gtk_widget_show_all(view->window);
    GdkWindow *own = gtk_widget_get_window(GTK_WIDGET(view->web));
    if (own) g_signal_connect(own, "notify::cursor", G_CALLBACK(cursorChanged), NULL);
}

// MARK: - The page for screen readers

// When TouchDesk has an accessibility bus (it sets TOUCHDESK_WEB_ACCESSIBLE=1), GTK's ATK bridge
// runs here too and the page view's accessible (WebKit's, which holds the page's links, headings
// and text) is offered to TouchDesk's tree: an AtkPlug whose one child is the as-is view, its id
// sent as `plug ID`; TouchDesk embeds it in an AtkSocket where the page is shown.
typedef struct { AtkPlug parent; } PagePlug;
typedef struct { AtkPlugClass parent_class; } PagePlugClass;
G_DEFINE_TYPE(PagePlug, page_plug, ATK_TYPE_PLUG)

static gint pagePlugChildren(AtkObject *object) { (void)object; return views[AS_IS].web ? 1 : 0; }

static AtkObject *pagePlugChild(AtkObject *object, gint i) {
    (void)object;
    if (i != 0 || !views[AS_IS].web) return NULL;
    AtkObject *page = gtk_widget_get_accessible(GTK_WIDGET(views[AS_IS].web));
    return page ? g_object_ref(page) : NULL;
}

static void page_plug_class_init(PagePlugClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = pagePlugChildren;
    atk->ref_child = pagePlugChild;
}
static void page_plug_init(PagePlug *plug) { (void)plug; }

static AtkObject *pagePlug;

static void offerPage(void) {
    if (!getenv("TOUCHDESK_WEB_ACCESSIBLE") || pagePlug) return;
    pagePlug = g_object_new(page_plug_get_type(), NULL);
    atk_object_set_role(pagePlug, ATK_ROLE_FILLER);
    atk_object_set_name(pagePlug, "Page");
    gchar *id = atk_plug_get_id(ATK_PLUG(pagePlug));
    // No id: the bridge did not start here (no bus after all); the page stays out of the tree.
    if (id && *id && !strchr(id, '\n')) tell(TDWNewsPlug, "%s", id);
    g_free(id);
}

// MARK: - Saving a whole page

static const char *saveFile;
static int saveStatus = 1;
static guint saveTimeoutSource;

static void headlessSaved(WholeSave *s, const char *error) {
    if (error && g_str_has_prefix(error, "@toolong")) {
        int height = 0, most = 0;
        sscanf(error, "@toolong %d %d", &height, &most);
        fprintf(stderr, "touchdesk-web-engine: the page is %d px long: pages up to %d px are saved as a picture\n", height, most);
    } else if (error) {
        fprintf(stderr, "touchdesk-web-engine: %s\n", error);
    } else {
        printf("%d %d\n", s->width, s->height);
        saveStatus = 0;
    }
    gtk_main_quit();
}

static gboolean takeSnapshot(gpointer data) {
    (void)data;
    saveWhole(views[AS_IS].web, NULL, saveFile, headlessSaved);
    return G_SOURCE_REMOVE;
}

static void saveLoadChanged(WebKitWebView *web, WebKitLoadEvent event, gpointer data) {
    (void)web; (void)data;
    // A moment after the load for web fonts and the first script-driven layout.
    if (event == WEBKIT_LOAD_FINISHED) {
        // Loaded: the picture may take longer than the load was allowed (a long page, tile by tile).
        if (saveTimeoutSource) { g_source_remove(saveTimeoutSource); saveTimeoutSource = 0; }
        g_timeout_add(250, takeSnapshot, NULL);
    }
}

static gboolean saveFailed(WebKitWebView *web, WebKitLoadEvent event, const char *uri, GError *error, gpointer data) {
    (void)web; (void)event; (void)data;
    fprintf(stderr, "touchdesk-web-engine: %s: %s\n", uri, error->message);
    gtk_main_quit();
    return TRUE;
}

static gboolean saveTimedOut(gpointer data) {
    (void)data;
    saveTimeoutSource = 0;
    fprintf(stderr, "touchdesk-web-engine: the page did not finish loading within %d seconds\n", loadTimeoutSeconds);
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

static int savePage(const char *uri, const char *file, int width) {
    channel = -1;
    saveFile = file;
    WebKitWebContext *context = makeContext();
    makeView(AS_IS, context, width, 800);
    g_signal_connect(views[AS_IS].web, "load-changed", G_CALLBACK(saveLoadChanged), NULL);
    g_signal_connect(views[AS_IS].web, "load-failed", G_CALLBACK(saveFailed), NULL);
    webkit_web_view_load_uri(views[AS_IS].web, uri);
    saveTimeoutSource = g_timeout_add_seconds((guint)loadTimeoutSeconds, saveTimedOut, NULL);
    gtk_main();
    return saveStatus;
}

// MARK: - Main

static void stopPrivateDisplay(void) {
    if (privateX > 0) { kill(privateX, SIGKILL); waitpid(privateX, NULL, 0); }
}

int main(int argc, char **argv) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // No accessibility bus in an offscreen helper, unless TouchDesk joins our page to its tree.
    if (!getenv("TOUCHDESK_WEB_ACCESSIBLE")) setenv("NO_AT_BRIDGE", "1", 0);
    // Classic scrollbars: always shown (a view that scrolls both ways says so), and no fading
    // overlay indicators, whose animation would send a frame every few milliseconds.
    setenv("GTK_OVERLAY_SCROLLING", "0", 1);
    debugging = getenv("TOUCHDESK_WEB_DEBUG") != NULL;
    signal(SIGPIPE, SIG_IGN);
    const char *timeout = getenv("TOUCHDESK_WEB_TIMEOUT");
    if (timeout && atoi(timeout) > 0) loadTimeoutSeconds = atoi(timeout);
    if (argc == 5 && !strcmp(argv[1], "--save-page")) {
        int width = atoi(argv[4]);
        if (width < 64 || width > 16384) { fprintf(stderr, "touchdesk-web-engine: page width must be 64…16384\n"); return 2; }
        initDisplay(&argc, &argv);
        atexit(stopPrivateDisplay);
        return savePage(argv[2], argv[3], width);
    }
    if (argc != 3 || strcmp(argv[1], "--serve")) {
        fprintf(stderr, "usage: touchdesk-web-engine --serve SLOT-BYTES (socket on fd 3, shared memory on fd 4)\n"
                        "       touchdesk-web-engine --save-page URL FILE.png WIDTH\n");
        return 2;
    }
    slot = (size_t)g_ascii_strtoull(argv[2], NULL, 10);
    shared = mmap(NULL, slot * VIEWS, PROT_READ | PROT_WRITE, MAP_SHARED, 4, 0);
    if (shared == MAP_FAILED) { perror("touchdesk-web-engine: shared memory"); return 2; }
    // Only we hold the socket and the frames: the processes we start (Xvfb, WebKit's) must not
    // keep them open, or TouchDesk could not see at once that we are gone.
    close(4);
    fcntl(channel, F_SETFD, FD_CLOEXEC);
    // The protocol this helper speaks, first of all: TouchDesk ends a helper of another version.
    tell(TDWNewsHello, "%d", TOUCHDESK_WEB_PROTOCOL_VERSION);
    initDisplay(&argc, &argv);
    atexit(stopPrivateDisplay);
    inbox = g_string_new(NULL);
    WebKitWebContext *context = makeContext();
    makeView(AS_IS, context, 800, 600);
    makeView(FIT, context, 400, 600);
    GIOChannel *io = g_io_channel_unix_new(channel);
    g_io_add_watch(io, G_IO_IN | G_IO_HUP | G_IO_ERR, readable, NULL);
    g_timeout_add(100, watchMemory, NULL);
    g_timeout_add_seconds(1, heartbeat, NULL);
    tell(TDWNewsReady, NULL);
    offerPage();
    gtk_main();
    return 0;
}
