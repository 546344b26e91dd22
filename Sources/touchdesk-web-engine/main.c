// touchdesk-web-engine: the helper that hosts WebKitGTK for Web Pages, so GTK, its main loop and
// every page's bugs stay out of TouchDesk's own process (DESIGN.md, "engines").
//
// Two offscreen WebKitWebViews show one page: view 0 "as the page is" (zoom 1) and view 1 "scaled
// to fit" (its zoom level shrinks the page's whole width into the view). TouchDesk talks to us
// over a socket (fd 3), one text line per message; frames go through a shared memory file (fd 4)
// that TouchDesk made: view v's pixels live at offset v * slot, and we write a view's slot again
// only after TouchDesk has acknowledged the last frame, so it never reads a half-written one.
//
//   in:  open URL | back | forward | reload | stop | size V W H | ack V | button V press|release X Y N MODS
//        | motion V X Y MODS | scroll V X Y DX DY | key V press|release KEYSYM MODS | text V UTF8
//        | javascript 0|1 | zoom Z | find TEXT | findnext | findprevious | ping N | copy | scale S
//        | menu V (the context menu from the keyboard) | link URL (a link the user chose in our menu)
//        | savepage FILE (the as-is view's whole page as a PNG) | savehtml FILE (the page's source as it came)
//        | spare SECONDS (started ahead of need: exit unless another order comes within SECONDS)
//   out: frame V W H STRIDE SCALE | uri URL | title TEXT | progress P | loading 0|1 | history BACK FWD
//        | failed URL<TAB>MESSAGE | status CODE TEXT | hover URL | cursor NAME (a CSS cursor name)
//        | refused URL<TAB>WHY | crashed V crashed|memory | found N | content W H | pong N | ready
//        | menu V X Y SELECTED<TAB>LINK | saved FILE | savefailed MESSAGE | htmlsaved FILE | htmlfailed MESSAGE
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

enum { AS_IS = 0, FIT = 1, VIEWS = 2 };

typedef struct {
    GtkWidget *window;
    WebKitWebView *web;
    int width, height;
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
        sendLine("frame %d %d %d %d %d", v, pw, ph, stride, scale);
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
    sendLine("fitted");
}

static void measured(GObject *source, GAsyncResult *result, gpointer data) {
    (void)data;
    JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, NULL);
    if (!value) return;
    if (jsc_value_is_array(value)) {
        JSCValue *w = jsc_value_object_get_property_at_index(value, 0);
        JSCValue *h = jsc_value_object_get_property_at_index(value, 1);
        contentWidth = jsc_value_to_double(w);
        sendLine("content %d %d", (int)contentWidth, (int)jsc_value_to_double(h));
        g_object_unref(w);
        g_object_unref(h);
        applyFitZoom();
    }
    g_object_unref(value);
}

/// Asks the as-is view how wide its page is (in an isolated world, so it works with the page's
/// own scripts off and a page cannot fake the answer by redefining globals).
static void measure(void) {
    static const char *script = "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]";
    webkit_web_view_evaluate_javascript(views[AS_IS].web, script, -1, "touchdesk", NULL, NULL, measured, NULL);
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
    sendLine("failed %s\t@noanswer %d", copy, loadTimeoutSeconds);
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
    if (loadingViews) { loadingViews = 0; sendLine("loading 0"); }
    for (int v = 0; v < VIEWS; v++) {
        views[v].stopAsked = TRUE;
        webkit_web_view_stop_loading(views[v].web);
    }
}

static gboolean bodyTimedOut(gpointer data) {
    (void)data;
    bodySource = 0;
    const char *uri = webkit_web_view_get_uri(views[AS_IS].web);
    sendLine("failed %s\t@stalled %d", uri ? uri : "", 2 * loadTimeoutSeconds);
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
    sendLine("history %d %d", webkit_web_view_can_go_back(web), webkit_web_view_can_go_forward(web));
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
    int before = loadingViews;
    if (event == WEBKIT_LOAD_STARTED) loadingViews |= 1 << v;
    if (event == WEBKIT_LOAD_FINISHED) loadingViews &= ~(1 << v);
    if (!before && loadingViews) sendLine("loading 1");
    if (v == AS_IS) {
        switch (event) {
        case WEBKIT_LOAD_STARTED:
            armTimeout(TRUE);
            break;
        case WEBKIT_LOAD_COMMITTED: {
            armBodyTimeout(web);
            const char *uri = webkit_web_view_get_uri(web);
            if (uri) {
                sendLine("uri %s", uri);
                // The fit view follows the as-is view to every page it commits to.
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
    if (before && !loadingViews) sendLine("loading 0");
    views[v].crashed = FALSE;
}

static gboolean loadFailed(WebKitWebView *web, WebKitLoadEvent event, const char *uri, GError *error, gpointer data) {
    (void)event; (void)data;
    if (channel < 0) return FALSE;  // saving a page: its own handler reports the failure
    if (views[viewIndex(web)].restarting) return TRUE;  // the stuck load we ended ourselves
    if (g_error_matches(error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED)) return FALSE;
    if (g_error_matches(error, WEBKIT_POLICY_ERROR, WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE))
        return TRUE;  // we turned it down ourselves (and said why)
    if (viewIndex(web) == AS_IS) {
        armTimeout(FALSE);
        sendLine("failed %s\t%s", uri, error->message);
    }
    showError(web, uri, "This page could not be loaded", error->message);
    return TRUE;
}

static void titleChanged(WebKitWebView *web, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    if (viewIndex(web) != AS_IS) return;
    const char *title = webkit_web_view_get_title(web);
    sendLine("title %s", title ? title : "");
}

static void progressChanged(WebKitWebView *web, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    if (viewIndex(web) != AS_IS) return;
    sendLine("progress %.3f", webkit_web_view_get_estimated_load_progress(web));
}

static gboolean isLocal(const char *uri) { return uri && g_ascii_strncasecmp(uri, "file:", 5) == 0; }

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
            sendLine("status %u %s", code, soup_status_get_phrase(code));
        if (!webkit_response_policy_decision_is_mime_type_supported(r)) {
            const char *type = webkit_uri_response_get_mime_type(response);
            if (viewIndex(web) == AS_IS)
                sendLine("refused %s\tnot a page or a picture (%s); TouchDesk does not download files",
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
    if (isLocal(target) && view->committed && !isLocal(view->committed) && g_strcmp0(target, view->allowed) != 0
        && how != WEBKIT_NAVIGATION_TYPE_BACK_FORWARD && how != WEBKIT_NAVIGATION_TYPE_RELOAD) {
        // Only the user (an address typed, Back) takes a page from the network to a local file.
        sendLine("refused %s\ta page from the network may not open local files", target);
        webkit_policy_decision_ignore(decision);
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
    if (webkit_hit_test_result_context_is_link(hit)) sendLine("hover %s", webkit_hit_test_result_get_link_uri(hit));
    else sendLine("hover ");
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
    sendLine("cursor %s", name);
}

// MARK: - The memory bound

static guint memoryLimitMB = 1024;
static gint64 memoryKillTime;  // when we last ended a web process for its memory (both views report its end)

/// WebKit's own memory-pressure kill did not end a page that allocates in a loop (its process
/// reached 2.4 GB under a 400 MB limit), so we watch the web processes ourselves: ten times a second
/// (a page allocating at 1 GB/s overshot by 470 MB between looks half a second apart),
/// any WebKitWebProcess under us whose resident memory is past the limit is killed, and the views
/// say the page used too much memory.
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
    sendLine("failed %s\t@download %u", uri ? uri : "", memoryLimitMB);
    armTimeout(FALSE);
    stopViews();
}

static gboolean watchMemory(gpointer data) {
    (void)data;
    enum { MAX = 4096 };
    static pid_t pids[MAX], parents[MAX];
    static gboolean web[MAX], network[MAX];
    int n = 0;
    DIR *proc = opendir("/proc");
    if (!proc) return G_SOURCE_CONTINUE;
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
    for (int i = 0; i < n; i++) {
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
        char path[64], line[256];
        snprintf(path, sizeof path, "/proc/%d/status", pids[i]);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        long kb = 0;
        while (fgets(line, sizeof line, f)) if (!strncmp(line, "VmRSS:", 6)) { kb = atol(line + 6); break; }
        fclose(f);
        if (network[i]) {
            watchNetwork(kb);
            continue;
        }
        if (kb > (long)memoryLimitMB * 1024) {
            if (debugging) fprintf(stderr, "engine: web process %d at %ld MB, past %u MB: ended\n", pids[i], kb / 1024, memoryLimitMB);
            memoryKillTime = g_get_monotonic_time();
            kill(pids[i], SIGKILL);
        }
    }
    return G_SOURCE_CONTINUE;
}

static void processTerminated(WebKitWebView *web, WebKitWebProcessTerminationReason reason, gpointer data) {
    (void)data;
    int v = viewIndex(web);
    if (debugging) fprintf(stderr, "engine: view %d web process ended, reason %d\n", v, reason);
    if (reason == WEBKIT_WEB_PROCESS_TERMINATED_BY_API) return;  // we ended a stuck page ourselves
    views[v].crashed = TRUE;
    armTimeout(FALSE);
    if (loadingViews) { loadingViews = 0; sendLine("loading 0"); }
    // One process serves both views: each reports its end, so a kill of ours counts for a while.
    gboolean memory = reason == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT
                      || (memoryKillTime && g_get_monotonic_time() - memoryKillTime < 5 * G_USEC_PER_SEC);
    sendLine("crashed %d %s", v, memory ? "memory" : "crashed");
}

// found-text's own count is of the matches just shown (1), so the total comes from count_matches.
static void countedMatches(WebKitFindController *f, guint count, gpointer data) {
    (void)f; (void)data;
    sendLine("found %u", count > 1000 ? 1001 : count);  // past the search's limit WebKit says G_MAXUINT
}

static void notFound(WebKitFindController *f, gpointer data) {
    (void)f; (void)data;
    sendLine("found 0");
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
    sendLine("menu %d %.0f %.0f %d\t%s", ask->view, x, y, selected ? 1 : 0, link ? link : "");
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

static void pageSnapshot(GObject *source, GAsyncResult *result, gpointer data) {
    char *file = data;
    GError *error = NULL;
    cairo_surface_t *s = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(source), result, &error);
    if (!s) sendLine("savefailed %s", error ? error->message : "no picture");
    else if (cairo_surface_write_to_png(s, file) != CAIRO_STATUS_SUCCESS) sendLine("savefailed could not write the picture");
    else sendLine("saved %s", file);
    if (s) cairo_surface_destroy(s);
    if (error) g_error_free(error);
    g_free(file);
}

// MARK: - Saving the page's HTML

/// The as-is view's main resource as the server sent it (its bytes, in its own encoding), not the
/// document as scripts have changed it since: what "Save page as HTML" keeps.
static void sourceData(GObject *source, GAsyncResult *result, gpointer data) {
    char *file = data;
    GError *error = NULL;
    gsize length = 0;
    guchar *bytes = webkit_web_resource_get_data_finish(WEBKIT_WEB_RESOURCE(source), result, &length, &error);
    if (!bytes) sendLine("htmlfailed %s", error ? error->message : "the page has no source");
    else if (!g_file_set_contents(file, (const char *)bytes, (gssize)length, &error)) sendLine("htmlfailed %s", error->message);
    else sendLine("htmlsaved %s", file);
    if (error) g_error_free(error);
    g_free(bytes);
    g_free(file);
}

static void saveSource(const char *file) {
    WebKitWebResource *main = webkit_web_view_get_main_resource(views[AS_IS].web);
    if (!main) { sendLine("htmlfailed no page is shown"); return; }
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

static gboolean sharedProcess;  // the fit view is related to the as-is view: one web process serves both

/// A page stuck in a script: end its web process so Stop, Back and a new address always work.
static void unstick(WebKitWebView *web) {
    if (!webkit_web_view_get_is_web_process_responsive(web)) webkit_web_view_terminate_web_process(web);
}

/// Both views' pages. One process serving both is ended once, through the as-is view.
static void unstickAll(void) {
    if (!sharedProcess) { for (int v = 0; v < VIEWS; v++) unstick(views[v].web); return; }
    for (int v = 0; v < VIEWS; v++) {
        if (!webkit_web_view_get_is_web_process_responsive(views[v].web)) {
            if (debugging) fprintf(stderr, "engine: view %d stuck: ending the shared web process\n", v);
            webkit_web_view_terminate_web_process(views[AS_IS].web);
            return;
        }
    }
}

/// A view's web process stopped answering (a script that never returns). If the user has asked
/// for something since (Stop, another page), end that process and do what was asked; otherwise
/// say so, and the next Stop or navigation ends it.
static void responsivenessChanged(WebKitWebView *web, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    if (webkit_web_view_get_is_web_process_responsive(web)) return;
    // One process serves both views: whichever notices, the as-is view's process is ended and its
    // page loaded again (the fit view follows it).
    if (sharedProcess) web = views[AS_IS].web;
    View *view = &views[viewIndex(web)];
    if (!view->wanted && !view->stopAsked) {
        if (view == &views[AS_IS]) sendLine("refused %s\tthe page is not responding: Stop ends it", view->committed ? view->committed : "");
        return;
    }
    char *again = g_strdup(view->wanted);
    view->stopAsked = FALSE;
    view->restarting = again != NULL;
    webkit_web_view_terminate_web_process(web);
    if (again) webkit_web_view_load_uri(web, again);
    g_free(again);
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

static void focus(View *view) {
    if (gtk_widget_has_focus(GTK_WIDGET(view->web))) return;
    gtk_widget_grab_focus(GTK_WIDGET(view->web));
    GdkEvent *e = gdk_event_new(GDK_FOCUS_CHANGE);
    e->focus_change.window = g_object_ref(gtk_widget_get_window(GTK_WIDGET(view->web)));
    e->focus_change.send_event = TRUE;
    e->focus_change.in = TRUE;
    gdk_event_set_device(e, keyboard());
    gtk_widget_send_focus_change(GTK_WIDGET(view->web), e);
    gdk_event_free(e);
}

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
    focus(view);
    deliver(view, e, keyboard());
}

// MARK: - Messages in

static View *viewArg(const char *s) {
    int v = atoi(s);
    return v >= 0 && v < VIEWS ? &views[v] : NULL;
}

static void resize(View *view, int w, int h) {
    if (w < 1 || h < 1 || w > 16384 || h > 16384) return;
    if (view->width == w && view->height == h) return;
    view->width = w; view->height = h;
    gtk_window_resize(GTK_WINDOW(view->window), w, h);
    gtk_widget_set_size_request(GTK_WIDGET(view->web), w, h);
    view->dirty = TRUE;
    scheduleFlush();
    if (view == &views[AS_IS]) measure(); else applyFitZoom();
}

static void handleLine(char *line) {
    if (debugging) fprintf(stderr, "engine< %s\n", line);
    // Any order but the first ones a spare gets means it was taken up.
    if (spareSource && strncmp(line, "spare ", 6) != 0 && strncmp(line, "open ", 5) != 0) {
        g_source_remove(spareSource);
        spareSource = 0;
    }
    char *rest = strchr(line, ' ');
    if (rest) *rest++ = 0; else rest = "";
    gchar **a = g_strsplit(rest, " ", 8);
    int n = (int)g_strv_length(a);
    View *view = n > 0 ? viewArg(a[0]) : NULL;
    if (!strcmp(line, "open")) openURI(rest);
    else if (!strcmp(line, "back") || !strcmp(line, "forward")) {
        WebKitWebView *web = views[AS_IS].web;
        gboolean back = !strcmp(line, "back");
        WebKitBackForwardList *list = webkit_web_view_get_back_forward_list(web);
        WebKitBackForwardListItem *item = back ? webkit_back_forward_list_get_back_item(list) : webkit_back_forward_list_get_forward_item(list);
        if (item) { g_free(views[AS_IS].wanted); views[AS_IS].wanted = g_strdup(webkit_back_forward_list_item_get_uri(item)); }
        unstickAll();
        if (back) webkit_web_view_go_back(web); else webkit_web_view_go_forward(web);
    }
    else if (!strcmp(line, "reload")) {
        unstickAll();
        for (int v = 0; v < VIEWS; v++) if (views[v].crashed || v == AS_IS) webkit_web_view_reload(views[v].web);
    }
    else if (!strcmp(line, "stop")) {
        armTimeout(FALSE);
        if (loadingViews) { loadingViews = 0; sendLine("loading 0"); }
        for (int v = 0; v < VIEWS; v++) {
            views[v].stopAsked = TRUE;
            webkit_web_view_stop_loading(views[v].web);
        }
        unstickAll();
    }
    else if (!strcmp(line, "size") && view && n >= 3) resize(view, atoi(a[1]), atoi(a[2]));
    else if (!strcmp(line, "ack") && view) { view->pending = FALSE; if (view->dirty) scheduleFlush(); }
    else if (!strcmp(line, "button") && view && n >= 6)
        mouseButton(view, !strcmp(a[1], "press"), g_ascii_strtod(a[2], NULL), g_ascii_strtod(a[3], NULL), atoi(a[4]), (guint)atoi(a[5]));
    else if (!strcmp(line, "motion") && view && n >= 4)
        mouseMotion(view, g_ascii_strtod(a[1], NULL), g_ascii_strtod(a[2], NULL), (guint)atoi(a[3]));
    else if (!strcmp(line, "scroll") && view && n >= 5)
        wheel(view, g_ascii_strtod(a[1], NULL), g_ascii_strtod(a[2], NULL), g_ascii_strtod(a[3], NULL), g_ascii_strtod(a[4], NULL));
    else if (!strcmp(line, "key") && view && n >= 4) {
        guint keyval = gdk_keyval_from_name(a[2]);
        if (keyval != GDK_KEY_VoidSymbol) keyEvent(view, !strcmp(a[1], "press"), keyval, (guint)atoi(a[3]));
    }
    else if (!strcmp(line, "text") && view) {
        const char *t = rest + strlen(a[0]) + (n > 1 ? 1 : 0);
        for (const char *p = t; *p; p = g_utf8_next_char(p)) {
            guint keyval = gdk_unicode_to_keyval(g_utf8_get_char(p));
            keyEvent(view, TRUE, keyval, 0);
            keyEvent(view, FALSE, keyval, 0);
        }
    }
    else if (!strcmp(line, "javascript") && n >= 1) {
        for (int v = 0; v < VIEWS; v++) {
            webkit_settings_set_enable_javascript_markup(webkit_web_view_get_settings(views[v].web), atoi(a[0]) != 0);
        }
    }
    else if (!strcmp(line, "zoom") && n >= 1) {
        double z = g_ascii_strtod(a[0], NULL);
        if (z >= 0.25 && z <= 5) webkit_web_view_set_zoom_level(views[AS_IS].web, z);
    }
    else if (!strcmp(line, "find")) {
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
    }
    else if (!strcmp(line, "findnext") || !strcmp(line, "findprevious")) {
        for (int v = 0; v < VIEWS; v++) {
            WebKitFindController *f = webkit_web_view_get_find_controller(views[v].web);
            if (!strcmp(line, "findnext")) webkit_find_controller_search_next(f); else webkit_find_controller_search_previous(f);
        }
    }
    else if (!strcmp(line, "menu") && view) askMenu((int)(view - views), -1, -1, NULL);
    else if (!strcmp(line, "link") && *rest) webkit_web_view_load_uri(views[AS_IS].web, rest);  // `allowed` unchanged: a page's link is no typed address
    else if (!strcmp(line, "savepage") && *rest)
        webkit_web_view_get_snapshot(views[AS_IS].web, WEBKIT_SNAPSHOT_REGION_FULL_DOCUMENT, WEBKIT_SNAPSHOT_OPTIONS_NONE,
                                     NULL, pageSnapshot, g_strdup(rest));
    else if (!strcmp(line, "savehtml") && *rest) saveSource(rest);
    else if (!strcmp(line, "spare") && n >= 1 && atoi(a[0]) > 0) {
        if (spareSource) g_source_remove(spareSource);
        spareSource = g_timeout_add_seconds((guint)atoi(a[0]), spareExpired, NULL);
    }
    else if (!strcmp(line, "scale") && n >= 1) {
        int scale = atoi(a[0]);
        if (scale >= 1 && scale <= 4 && scale != deviceScale) {
            deviceScale = scale;
            gdk_x11_display_set_window_scale(gdk_display_get_default(), scale);
            // GDK changes the offscreen windows' scale without a word to WebKit: tell the views,
            // or their pages keep devicePixelRatio 1 and are drawn at 1× into the 2× frames.
            for (int v = 0; v < VIEWS; v++) { g_object_notify(G_OBJECT(views[v].web), "scale-factor"); views[v].dirty = TRUE; }
            scheduleFlush();
        }
    }
    else if (!strcmp(line, "copy")) webkit_web_view_execute_editing_command(views[AS_IS].web, WEBKIT_EDITING_COMMAND_COPY);
    else if (!strcmp(line, "hide")) {
        // Leaving Web Pages: hidden pages throttle their timers; a stuck script's process ends.
        unstickAll();
        for (int v = 0; v < VIEWS; v++) gtk_widget_hide(views[v].window);
    }
    else if (!strcmp(line, "show")) {
        for (int v = 0; v < VIEWS; v++) { gtk_widget_show_all(views[v].window); views[v].dirty = TRUE; }
        scheduleFlush();
    }
    else if (!strcmp(line, "ping")) sendLine("pong %s", rest);
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
    // WebKit's default kill threshold is 0, "never kill": without this a page allocating in a
    // loop grows past the limit as far as the machine lets it (the hostile-page test saw 1 GB at 400 MB).
    webkit_memory_pressure_settings_set_kill_threshold(pressure, 1.0);
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
    if (id && *id && !strchr(id, '\n')) sendLine("plug %s", id);
    g_free(id);
}

// MARK: - Saving a whole page

static const char *saveFile;
static int saveStatus = 1;

static void snapshotTaken(GObject *source, GAsyncResult *result, gpointer data) {
    (void)data;
    GError *error = NULL;
    cairo_surface_t *s = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(source), result, &error);
    if (!s) {
        fprintf(stderr, "touchdesk-web-engine: could not picture the page: %s\n", error->message);
    } else if (cairo_surface_write_to_png(s, saveFile) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "touchdesk-web-engine: could not write %s\n", saveFile);
    } else {
        printf("%d %d\n", cairo_image_surface_get_width(s), cairo_image_surface_get_height(s));
        saveStatus = 0;
    }
    if (s) cairo_surface_destroy(s);
    gtk_main_quit();
}

static gboolean takeSnapshot(gpointer data) {
    (void)data;
    webkit_web_view_get_snapshot(views[AS_IS].web, WEBKIT_SNAPSHOT_REGION_FULL_DOCUMENT, WEBKIT_SNAPSHOT_OPTIONS_NONE,
                                 NULL, snapshotTaken, NULL);
    return G_SOURCE_REMOVE;
}

static void saveLoadChanged(WebKitWebView *web, WebKitLoadEvent event, gpointer data) {
    (void)web; (void)data;
    // A moment after the load for web fonts and the first script-driven layout.
    if (event == WEBKIT_LOAD_FINISHED) g_timeout_add(250, takeSnapshot, NULL);
}

static gboolean saveFailed(WebKitWebView *web, WebKitLoadEvent event, const char *uri, GError *error, gpointer data) {
    (void)web; (void)event; (void)data;
    fprintf(stderr, "touchdesk-web-engine: %s: %s\n", uri, error->message);
    gtk_main_quit();
    return TRUE;
}

static gboolean saveTimedOut(gpointer data) {
    (void)data;
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
    g_timeout_add_seconds((guint)loadTimeoutSeconds, saveTimedOut, NULL);
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
    initDisplay(&argc, &argv);
    atexit(stopPrivateDisplay);
    inbox = g_string_new(NULL);
    WebKitWebContext *context = makeContext();
    makeView(AS_IS, context, 800, 600);
    makeView(FIT, context, 400, 600);
    GIOChannel *io = g_io_channel_unix_new(channel);
    g_io_add_watch(io, G_IO_IN | G_IO_HUP | G_IO_ERR, readable, NULL);
    g_timeout_add(100, watchMemory, NULL);
    sendLine("ready");
    offerPage();
    gtk_main();
    return 0;
}
