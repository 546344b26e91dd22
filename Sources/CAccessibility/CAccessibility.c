/*
 * TouchDesk's accessible objects: one GObject type (an AtkObject subclass) with subtypes for
 * text, value and window nodes, holding the data the host pushes in; the AtkUtil hooks the ATK
 * bridge needs (the root, global event listeners); and the GLib main context's part of the
 * host's poll() loop. See CAccessibility.h.
 */
#include "CAccessibility.h"

#include <atk/atk.h>
#include <atk-bridge.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct _TdAccessible {
    AtkObject parent;
    int32_t handle;
    uint32_t states;
    gboolean defunct;
    int x, y, width, height;
    int n_actions;
    char **action_names;
    char **action_descriptions;
    char **action_keybindings;
    GPtrArray *children;
    char *text;
    int length; /* in characters */
    int caret, selection_start, selection_end;
    double value, minimum, maximum, step;
    char *live;
};

typedef struct {
    AtkObjectClass parent_class;
} TdAccessibleClass;

static TdRequestHandler request_handler;
static void *request_context;
static int window_x, window_y;

static void request(TdAccessible *obj, TdRequestKind kind, int index, const char *text) {
    if (request_handler && !obj->defunct) request_handler(request_context, obj->handle, kind, index, text);
}

/* MARK: - The base type: object, component, action */

static void td_component_init(AtkComponentIface *iface);
static void td_action_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(TdAccessible, td_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, td_component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, td_action_init))

#define TD_ACCESSIBLE(o) ((TdAccessible *)(o))

static void free_actions(TdAccessible *obj) {
    for (int i = 0; i < obj->n_actions; i++) {
        g_free(obj->action_names[i]);
        g_free(obj->action_descriptions[i]);
        g_free(obj->action_keybindings[i]);
    }
    g_free(obj->action_names);
    g_free(obj->action_descriptions);
    g_free(obj->action_keybindings);
    obj->action_names = obj->action_descriptions = obj->action_keybindings = NULL;
    obj->n_actions = 0;
}

static void td_accessible_finalize(GObject *object) {
    TdAccessible *obj = TD_ACCESSIBLE(object);
    free_actions(obj);
    g_free(obj->text);
    g_free(obj->live);
    if (obj->children) g_ptr_array_unref(obj->children);
    G_OBJECT_CLASS(td_accessible_parent_class)->finalize(object);
}

static gint td_get_n_children(AtkObject *object) {
    TdAccessible *obj = TD_ACCESSIBLE(object);
    return obj->children ? (gint)obj->children->len : 0;
}

static AtkObject *td_ref_child(AtkObject *object, gint i) {
    TdAccessible *obj = TD_ACCESSIBLE(object);
    if (!obj->children || i < 0 || (guint)i >= obj->children->len) return NULL;
    return g_object_ref(ATK_OBJECT(g_ptr_array_index(obj->children, i)));
}

static gint td_get_index_in_parent(AtkObject *object) {
    AtkObject *parent = object->accessible_parent;
    if (!parent || !G_TYPE_CHECK_INSTANCE_TYPE(parent, td_accessible_get_type())) return -1;
    TdAccessible *p = TD_ACCESSIBLE(parent);
    if (!p->children) return -1;
    for (guint i = 0; i < p->children->len; i++)
        if (g_ptr_array_index(p->children, i) == object) return (gint)i;
    return -1;
}

static const struct { uint32_t bit; AtkStateType state; } state_map[] = {
    {TD_STATE_ENABLED, ATK_STATE_ENABLED}, {TD_STATE_ENABLED, ATK_STATE_SENSITIVE},
    {TD_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE}, {TD_STATE_FOCUSED, ATK_STATE_FOCUSED},
    {TD_STATE_PRESSED, ATK_STATE_PRESSED}, {TD_STATE_CHECKABLE, ATK_STATE_CHECKABLE},
    {TD_STATE_CHECKED, ATK_STATE_CHECKED}, {TD_STATE_SELECTABLE, ATK_STATE_SELECTABLE},
    {TD_STATE_SELECTED, ATK_STATE_SELECTED}, {TD_STATE_EDITABLE, ATK_STATE_EDITABLE},
    {TD_STATE_SINGLE_LINE, ATK_STATE_SINGLE_LINE}, {TD_STATE_SHOWING, ATK_STATE_SHOWING},
    {TD_STATE_SHOWING, ATK_STATE_VISIBLE}, {TD_STATE_ACTIVE, ATK_STATE_ACTIVE},
    {TD_STATE_INVALID_ENTRY, ATK_STATE_INVALID_ENTRY}, {TD_STATE_HORIZONTAL, ATK_STATE_HORIZONTAL},
};

static AtkStateSet *td_ref_state_set(AtkObject *object) {
    TdAccessible *obj = TD_ACCESSIBLE(object);
    AtkStateSet *set = atk_state_set_new();
    if (obj->defunct) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(state_map); i++)
        if (obj->states & state_map[i].bit) atk_state_set_add_state(set, state_map[i].state);
    return set;
}

static AtkAttributeSet *td_get_attributes(AtkObject *object) {
    TdAccessible *obj = TD_ACCESSIBLE(object);
    AtkAttributeSet *set = NULL;
    AtkAttribute *a = g_new(AtkAttribute, 1);
    a->name = g_strdup("toolkit");
    a->value = g_strdup("TouchDesk");
    set = g_slist_append(set, a);
    if (obj->live) {
        const char *names[] = {"live", "container-live"};
        for (int i = 0; i < 2; i++) {
            a = g_new(AtkAttribute, 1);
            a->name = g_strdup(names[i]);
            a->value = g_strdup(obj->live);
            set = g_slist_append(set, a);
        }
    }
    return set;
}

static void td_accessible_class_init(TdAccessibleClass *klass) {
    GObjectClass *gobject_class = G_OBJECT_CLASS(klass);
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    gobject_class->finalize = td_accessible_finalize;
    atk_class->get_n_children = td_get_n_children;
    atk_class->ref_child = td_ref_child;
    atk_class->get_index_in_parent = td_get_index_in_parent;
    atk_class->ref_state_set = td_ref_state_set;
    atk_class->get_attributes = td_get_attributes;
}

static void td_accessible_init(TdAccessible *obj) {
    obj->children = g_ptr_array_new_with_free_func(g_object_unref);
    obj->text = g_strdup("");
}

/* Component: extents in window or screen pixels. */
static void td_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coord_type) {
    TdAccessible *obj = TD_ACCESSIBLE(component);
    gint ox = 0, oy = 0;
    if (coord_type == ATK_XY_SCREEN) { ox = window_x; oy = window_y; }
    else if (coord_type == ATK_XY_PARENT) {
        AtkObject *parent = ATK_OBJECT(obj)->accessible_parent;
        if (parent && G_TYPE_CHECK_INSTANCE_TYPE(parent, td_accessible_get_type())) {
            ox = -TD_ACCESSIBLE(parent)->x;
            oy = -TD_ACCESSIBLE(parent)->y;
        }
    }
    if (x) *x = obj->x + ox;
    if (y) *y = obj->y + oy;
    if (width) *width = obj->width;
    if (height) *height = obj->height;
}

static gboolean td_grab_focus(AtkComponent *component) {
    TdAccessible *obj = TD_ACCESSIBLE(component);
    if (!(obj->states & TD_STATE_FOCUSABLE)) return FALSE;
    request(obj, TD_REQUEST_FOCUS, 0, NULL);
    return TRUE;
}

static void td_component_init(AtkComponentIface *iface) {
    iface->get_extents = td_get_extents;
    iface->grab_focus = td_grab_focus;
}

/* Action: the host performs it as the click or key it stands for. */
static gint td_get_n_actions(AtkAction *action) { return TD_ACCESSIBLE(action)->n_actions; }

static gboolean td_do_action(AtkAction *action, gint i) {
    TdAccessible *obj = TD_ACCESSIBLE(action);
    if (i < 0 || i >= obj->n_actions || !(obj->states & TD_STATE_ENABLED)) return FALSE;
    request(obj, TD_REQUEST_ACTION, i, NULL);
    return TRUE;
}

static const gchar *td_action_name(AtkAction *action, gint i) {
    TdAccessible *obj = TD_ACCESSIBLE(action);
    return i >= 0 && i < obj->n_actions ? obj->action_names[i] : NULL;
}

static const gchar *td_action_description(AtkAction *action, gint i) {
    TdAccessible *obj = TD_ACCESSIBLE(action);
    return i >= 0 && i < obj->n_actions ? obj->action_descriptions[i] : NULL;
}

static const gchar *td_action_keybinding(AtkAction *action, gint i) {
    TdAccessible *obj = TD_ACCESSIBLE(action);
    return i >= 0 && i < obj->n_actions ? obj->action_keybindings[i] : NULL;
}

static void td_action_init(AtkActionIface *iface) {
    iface->get_n_actions = td_get_n_actions;
    iface->do_action = td_do_action;
    iface->get_name = td_action_name;
    iface->get_localized_name = td_action_name;
    iface->get_description = td_action_description;
    iface->get_keybinding = td_action_keybinding;
}

/* MARK: - Text nodes */

typedef TdAccessible TdAccessibleText;
typedef TdAccessibleClass TdAccessibleTextClass;
static void td_text_init(AtkTextIface *iface);
static void td_editable_text_init(AtkEditableTextIface *iface);
G_DEFINE_TYPE_WITH_CODE(TdAccessibleText, td_accessible_text, td_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, td_text_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, td_editable_text_init))
static void td_accessible_text_class_init(TdAccessibleTextClass *klass) { (void)klass; }
static void td_accessible_text_init(TdAccessibleText *obj) { (void)obj; }

/* A character offset clamped into the text: a client may ask for any range, however large or
 * negative, and gets the part that exists. */
static int clamp_offset(TdAccessible *obj, gint offset) {
    if (offset < 0 || offset > obj->length) return obj->length;
    return offset;
}

static gchar *substring(TdAccessible *obj, int start, int end) {
    if (start < 0) start = 0;
    if (end > obj->length) end = obj->length;
    if (end <= start) return g_strdup("");
    const char *a = g_utf8_offset_to_pointer(obj->text, start);
    const char *b = g_utf8_offset_to_pointer(a, end - start);
    return g_strndup(a, (gsize)(b - a));
}

static gchar *td_get_text(AtkText *text, gint start, gint end) {
    TdAccessible *obj = TD_ACCESSIBLE(text);
    int s = start < 0 ? 0 : (start > obj->length ? obj->length : start);
    int e = end < 0 || end > obj->length ? obj->length : end;
    return substring(obj, s, e);
}

static gint td_get_character_count(AtkText *text) { return TD_ACCESSIBLE(text)->length; }
static gint td_get_caret_offset(AtkText *text) { return TD_ACCESSIBLE(text)->caret; }

static gunichar td_get_character_at_offset(AtkText *text, gint offset) {
    TdAccessible *obj = TD_ACCESSIBLE(text);
    if (offset < 0 || offset >= obj->length) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(obj->text, offset));
}

static gint td_get_n_selections(AtkText *text) {
    TdAccessible *obj = TD_ACCESSIBLE(text);
    return obj->selection_end > obj->selection_start ? 1 : 0;
}

static gchar *td_get_selection(AtkText *text, gint n, gint *start, gint *end) {
    TdAccessible *obj = TD_ACCESSIBLE(text);
    if (n != 0 || obj->selection_end <= obj->selection_start) {
        if (start) *start = 0;
        if (end) *end = 0;
        return NULL;
    }
    if (start) *start = obj->selection_start;
    if (end) *end = obj->selection_end;
    return substring(obj, obj->selection_start, obj->selection_end);
}

static gboolean is_space_at(TdAccessible *obj, int i) {
    return g_unichar_isspace(g_utf8_get_char(g_utf8_offset_to_pointer(obj->text, i)));
}

/* The one-line texts here: a "line", "sentence" or "paragraph" is the whole text; a word runs
 * between spaces. */
static gchar *td_get_string_at_offset(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    TdAccessible *obj = TD_ACCESSIBLE(text);
    int o = clamp_offset(obj, offset), s = 0, e = obj->length;
    if (granularity == ATK_TEXT_GRANULARITY_CHAR) {
        s = o;
        e = o < obj->length ? o + 1 : o;
    } else if (granularity == ATK_TEXT_GRANULARITY_WORD) {
        s = o;
        while (s > 0 && !is_space_at(obj, s - 1)) s--;
        e = o;
        while (e < obj->length && !is_space_at(obj, e)) e++;
        while (e < obj->length && is_space_at(obj, e)) e++;
    }
    if (start) *start = s;
    if (end) *end = e;
    return substring(obj, s, e);
}

static gchar *td_get_text_at_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    AtkTextGranularity g = ATK_TEXT_GRANULARITY_LINE;
    if (boundary == ATK_TEXT_BOUNDARY_CHAR) g = ATK_TEXT_GRANULARITY_CHAR;
    else if (boundary == ATK_TEXT_BOUNDARY_WORD_START || boundary == ATK_TEXT_BOUNDARY_WORD_END) g = ATK_TEXT_GRANULARITY_WORD;
    return td_get_string_at_offset(text, offset, g, start, end);
}

/* One run of no particular attributes over the whole text: a screen reader splits what it speaks
 * by the runs (Orca by their language), so each must cover its characters. */
static AtkAttributeSet *td_get_run_attributes(AtkText *text, gint offset, gint *start, gint *end) {
    (void)offset;
    if (start) *start = 0;
    if (end) *end = TD_ACCESSIBLE(text)->length;
    return NULL;
}

static AtkAttributeSet *td_get_default_attributes(AtkText *text) { (void)text; return NULL; }

static void td_text_init(AtkTextIface *iface) {
    iface->get_run_attributes = td_get_run_attributes;
    iface->get_default_attributes = td_get_default_attributes;
    iface->get_text = td_get_text;
    iface->get_character_count = td_get_character_count;
    iface->get_caret_offset = td_get_caret_offset;
    iface->get_character_at_offset = td_get_character_at_offset;
    iface->get_n_selections = td_get_n_selections;
    iface->get_selection = td_get_selection;
    iface->get_string_at_offset = td_get_string_at_offset;
    iface->get_text_at_offset = td_get_text_at_offset;
}

static void td_set_text_contents(AtkEditableText *text, const gchar *string) {
    TdAccessible *obj = TD_ACCESSIBLE(text);
    if (!(obj->states & TD_STATE_EDITABLE) || !string || !g_utf8_validate(string, -1, NULL)) return;
    request(obj, TD_REQUEST_SET_TEXT, 0, string);
}

static void td_editable_text_init(AtkEditableTextIface *iface) { iface->set_text_contents = td_set_text_contents; }

/* MARK: - Value nodes */

typedef TdAccessible TdAccessibleValue;
typedef TdAccessibleClass TdAccessibleValueClass;
static void td_value_init(AtkValueIface *iface);
G_DEFINE_TYPE_WITH_CODE(TdAccessibleValue, td_accessible_value, td_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, td_value_init))
static void td_accessible_value_class_init(TdAccessibleValueClass *klass) { (void)klass; }
static void td_accessible_value_init(TdAccessibleValue *obj) { (void)obj; }

static void set_double(GValue *v, double d) {
    memset(v, 0, sizeof *v);
    g_value_init(v, G_TYPE_DOUBLE);
    g_value_set_double(v, d);
}
static void td_current(AtkValue *value, GValue *v) { set_double(v, TD_ACCESSIBLE(value)->value); }
static void td_maximum(AtkValue *value, GValue *v) { set_double(v, TD_ACCESSIBLE(value)->maximum); }
static void td_minimum(AtkValue *value, GValue *v) { set_double(v, TD_ACCESSIBLE(value)->minimum); }
static void td_increment(AtkValue *value, GValue *v) { set_double(v, TD_ACCESSIBLE(value)->step); }
static void td_value_and_text(AtkValue *value, gdouble *v, gchar **text) {
    TdAccessible *obj = TD_ACCESSIBLE(value);
    if (v) *v = obj->value;
    if (text) *text = g_strdup_printf("%g", obj->value);
}
static AtkRange *td_range(AtkValue *value) {
    TdAccessible *obj = TD_ACCESSIBLE(value);
    return atk_range_new(obj->minimum, obj->maximum, NULL);
}
static gdouble td_get_increment(AtkValue *value) { return TD_ACCESSIBLE(value)->step; }

/* A client's new value: the host moves the slider there as its keys would (the range and any
 * non-number are the host's to refuse; NaN and infinities stop here). */
static void td_set_value(AtkValue *value, const gdouble new_value) {
    TdAccessible *obj = TD_ACCESSIBLE(value);
    if (!isfinite(new_value) || !(obj->states & TD_STATE_ENABLED)) return;
    char number[G_ASCII_DTOSTR_BUF_SIZE];
    request(obj, TD_REQUEST_SET_VALUE, 0, g_ascii_dtostr(number, sizeof number, new_value));
}

static gboolean td_set_current_value(AtkValue *value, const GValue *v) {
    if (!v) return FALSE;
    GValue d = G_VALUE_INIT;
    g_value_init(&d, G_TYPE_DOUBLE);
    if (!g_value_transform(v, &d)) { g_value_unset(&d); return FALSE; }
    double n = g_value_get_double(&d);
    g_value_unset(&d);
    if (!isfinite(n) || !(TD_ACCESSIBLE(value)->states & TD_STATE_ENABLED)) return FALSE;
    td_set_value(value, n);
    return TRUE;
}

static void td_value_init(AtkValueIface *iface) {
    iface->get_current_value = td_current;
    iface->get_maximum_value = td_maximum;
    iface->get_minimum_value = td_minimum;
    iface->get_minimum_increment = td_increment;
    iface->get_value_and_text = td_value_and_text;
    iface->get_range = td_range;
    iface->get_increment = td_get_increment;
    iface->set_current_value = td_set_current_value;
    iface->set_value = td_set_value;
}

/* MARK: - Window nodes */

typedef TdAccessible TdAccessibleWindow;
typedef TdAccessibleClass TdAccessibleWindowClass;
static void td_window_init(AtkWindowIface *iface) { (void)iface; }
G_DEFINE_TYPE_WITH_CODE(TdAccessibleWindow, td_accessible_window, td_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, td_window_init))
static void td_accessible_window_class_init(TdAccessibleWindowClass *klass) { (void)klass; }
static void td_accessible_window_init(TdAccessibleWindow *obj) { (void)obj; }

/* MARK: - Setters the host calls: each compares and emits what changed */

TdAccessible *td_accessible_new(TdKind kind, int32_t handle) {
    GType type = td_accessible_get_type();
    switch (kind) {
    case TD_KIND_TEXT: type = td_accessible_text_get_type(); break;
    case TD_KIND_VALUE: type = td_accessible_value_get_type(); break;
    case TD_KIND_WINDOW: type = td_accessible_window_get_type(); break;
    case TD_KIND_PLAIN: break;
    }
    TdAccessible *obj = g_object_new(type, NULL);
    obj->handle = handle;
    atk_object_initialize(ATK_OBJECT(obj), NULL);
    return obj;
}

void td_accessible_retire(TdAccessible *obj) {
    if (!obj) return;
    obj->defunct = TRUE;
    atk_object_notify_state_change(ATK_OBJECT(obj), ATK_STATE_DEFUNCT, TRUE);
    g_ptr_array_set_size(obj->children, 0);
    AtkObject *atk = ATK_OBJECT(obj);
    if (atk->accessible_parent) {
        g_object_unref(atk->accessible_parent);
        atk->accessible_parent = NULL;
    }
    g_object_unref(obj);
}

TdAccessible *td_socket_new(const char *plug_id, const char *name) {
    AtkObject *socket = g_object_new(ATK_TYPE_SOCKET, NULL);
    atk_object_set_role(socket, ATK_ROLE_PANEL);
    atk_object_set_name(socket, name ? name : "");
    if (plug_id && *plug_id && g_utf8_validate(plug_id, -1, NULL)) atk_socket_embed(ATK_SOCKET(socket), plug_id);
    return (TdAccessible *)socket;
}

void td_socket_retire(TdAccessible *socket) {
    if (!socket) return;
    AtkObject *atk = ATK_OBJECT(socket);
    atk_object_notify_state_change(atk, ATK_STATE_DEFUNCT, TRUE);
    if (atk->accessible_parent) {
        g_object_unref(atk->accessible_parent);
        atk->accessible_parent = NULL;
    }
    g_object_unref(socket);
}

static const AtkRole role_map[] = {
    [TD_ROLE_APPLICATION] = ATK_ROLE_APPLICATION, [TD_ROLE_FRAME] = ATK_ROLE_FRAME, [TD_ROLE_PANEL] = ATK_ROLE_PANEL,
    [TD_ROLE_TOOL_BAR] = ATK_ROLE_TOOL_BAR, [TD_ROLE_PUSH_BUTTON] = ATK_ROLE_PUSH_BUTTON,
    [TD_ROLE_TOGGLE_BUTTON] = ATK_ROLE_TOGGLE_BUTTON, [TD_ROLE_SLIDER] = ATK_ROLE_SLIDER, [TD_ROLE_ENTRY] = ATK_ROLE_ENTRY,
    [TD_ROLE_LIST] = ATK_ROLE_LIST, [TD_ROLE_LIST_ITEM] = ATK_ROLE_LIST_ITEM, [TD_ROLE_LINK] = ATK_ROLE_LINK,
    [TD_ROLE_IMAGE] = ATK_ROLE_IMAGE, [TD_ROLE_CANVAS] = ATK_ROLE_CANVAS, [TD_ROLE_LABEL] = ATK_ROLE_LABEL,
    [TD_ROLE_STATUS_BAR] = ATK_ROLE_STATUSBAR, [TD_ROLE_DIALOG] = ATK_ROLE_DIALOG,
    [TD_ROLE_RADIO_BUTTON] = ATK_ROLE_RADIO_BUTTON, [TD_ROLE_NOTIFICATION] = ATK_ROLE_NOTIFICATION,
};

void td_accessible_set_role(TdAccessible *obj, TdRole role) {
    AtkRole r = (size_t)role < G_N_ELEMENTS(role_map) ? role_map[role] : ATK_ROLE_UNKNOWN;
    if (ATK_OBJECT(obj)->role != r) atk_object_set_role(ATK_OBJECT(obj), r);
}

static gboolean same(const char *a, const char *b) { return g_strcmp0(a ? a : "", b ? b : "") == 0; }

void td_accessible_set_name(TdAccessible *obj, const char *name) {
    if (!same(ATK_OBJECT(obj)->name, name)) atk_object_set_name(ATK_OBJECT(obj), name ? name : "");
}

void td_accessible_set_description(TdAccessible *obj, const char *description) {
    if (!same(ATK_OBJECT(obj)->description, description)) atk_object_set_description(ATK_OBJECT(obj), description ? description : "");
}

void td_accessible_set_states(TdAccessible *obj, uint32_t states) {
    uint32_t changed = obj->states ^ states;
    obj->states = states;
    if (!changed) return;
    for (size_t i = 0; i < G_N_ELEMENTS(state_map); i++)
        if (changed & state_map[i].bit)
            atk_object_notify_state_change(ATK_OBJECT(obj), state_map[i].state, (states & state_map[i].bit) != 0);
}

void td_accessible_set_extents(TdAccessible *obj, int x, int y, int width, int height) {
    obj->x = x; obj->y = y; obj->width = width; obj->height = height;
}

void td_accessible_set_actions(TdAccessible *obj, const char *const *names, const char *const *descriptions,
                               const char *const *keybindings, int count) {
    gboolean unchanged = count == obj->n_actions;
    for (int i = 0; unchanged && i < count; i++)
        unchanged = same(names[i], obj->action_names[i]) && same(descriptions[i], obj->action_descriptions[i])
                    && same(keybindings[i], obj->action_keybindings[i]);
    if (unchanged) return;
    free_actions(obj);
    obj->n_actions = count < 0 ? 0 : count;
    obj->action_names = g_new0(char *, obj->n_actions + 1);
    obj->action_descriptions = g_new0(char *, obj->n_actions + 1);
    obj->action_keybindings = g_new0(char *, obj->n_actions + 1);
    for (int i = 0; i < obj->n_actions; i++) {
        obj->action_names[i] = g_strdup(names[i] ? names[i] : "");
        obj->action_descriptions[i] = g_strdup(descriptions[i] ? descriptions[i] : "");
        obj->action_keybindings[i] = g_strdup(keybindings[i] ? keybindings[i] : "");
    }
}

void td_accessible_set_text(TdAccessible *obj, const char *text, int caret, int selection_start, int selection_end) {
    const char *t = text && g_utf8_validate(text, -1, NULL) ? text : "";
    gboolean is_text = G_TYPE_CHECK_INSTANCE_TYPE(obj, td_accessible_text_get_type());
    if (strcmp(t, obj->text) != 0) {
        /* What changed: the characters between the common start and the common end. */
        int old_len = obj->length, new_len = (int)g_utf8_strlen(t, -1);
        int prefix = 0;
        const char *a = obj->text, *b = t;
        while (*a && *b && g_utf8_get_char(a) == g_utf8_get_char(b)) {
            a = g_utf8_next_char(a); b = g_utf8_next_char(b); prefix++;
        }
        int suffix = 0;
        while (suffix < old_len - prefix && suffix < new_len - prefix &&
               g_utf8_get_char(g_utf8_offset_to_pointer(obj->text, old_len - 1 - suffix)) ==
                   g_utf8_get_char(g_utf8_offset_to_pointer(t, new_len - 1 - suffix)))
            suffix++;
        char *removed = substring(obj, prefix, old_len - suffix);
        char *old = obj->text;
        obj->text = g_strdup(t);
        obj->length = new_len;
        char *inserted = substring(obj, prefix, new_len - suffix);
        if (is_text) {
            int removed_len = old_len - suffix - prefix, inserted_len = new_len - suffix - prefix;
            if (removed_len > 0) g_signal_emit_by_name(obj, "text-remove", prefix, removed_len, removed);
            if (inserted_len > 0) g_signal_emit_by_name(obj, "text-insert", prefix, inserted_len, inserted);
        }
        g_free(removed);
        g_free(inserted);
        g_free(old);
    }
    caret = caret < 0 ? 0 : (caret > obj->length ? obj->length : caret);
    selection_start = selection_start < 0 ? 0 : (selection_start > obj->length ? obj->length : selection_start);
    selection_end = selection_end < selection_start ? selection_start : (selection_end > obj->length ? obj->length : selection_end);
    if (caret != obj->caret) {
        obj->caret = caret;
        if (is_text) g_signal_emit_by_name(obj, "text-caret-moved", caret);
    }
    if (selection_start != obj->selection_start || selection_end != obj->selection_end) {
        obj->selection_start = selection_start;
        obj->selection_end = selection_end;
        if (is_text) g_signal_emit_by_name(obj, "text-selection-changed");
    }
}

void td_accessible_set_value(TdAccessible *obj, double value, double minimum, double maximum, double step) {
    gboolean changed = value != obj->value;
    obj->value = value; obj->minimum = minimum; obj->maximum = maximum; obj->step = step;
    if (changed) g_object_notify(G_OBJECT(obj), "accessible-value");
}

void td_accessible_set_live(TdAccessible *obj, const char *politeness) {
    if (same(politeness, obj->live) && (politeness == NULL) == (obj->live == NULL)) return;
    g_free(obj->live);
    obj->live = politeness ? g_strdup(politeness) : NULL;
}

void td_accessible_set_children(TdAccessible *obj, TdAccessible *const *children, int count) {
    GPtrArray *old = obj->children;
    gboolean unchanged = (int)old->len == count;
    for (int i = 0; unchanged && i < count; i++) unchanged = g_ptr_array_index(old, i) == children[i];
    if (unchanged) return;
    /* Removals from the end backwards, so each index is right when it is reported. */
    for (int i = (int)old->len - 1; i >= 0; i--) {
        gpointer child = g_ptr_array_index(old, i);
        gboolean kept = FALSE;
        for (int j = 0; j < count && !kept; j++) kept = children[j] == child;
        if (kept) continue;
        g_object_ref(child);
        g_ptr_array_remove_index(old, (guint)i);
        g_signal_emit_by_name(obj, "children-changed::remove", i, child);
        g_object_unref(child);
    }
    GPtrArray *fresh = g_ptr_array_new_full((guint)count, g_object_unref);
    for (int i = 0; i < count; i++) g_ptr_array_add(fresh, g_object_ref(children[i]));
    /* The kept children, in their new order; then each added one is reported at its index. */
    GPtrArray *previous = old;
    obj->children = fresh;
    for (int i = 0; i < count; i++) {
        gboolean was = FALSE;
        for (guint j = 0; j < previous->len && !was; j++) was = g_ptr_array_index(previous, j) == children[i];
        AtkObject *child = ATK_OBJECT(children[i]);
        if (child->accessible_parent != ATK_OBJECT(obj)) atk_object_set_parent(child, ATK_OBJECT(obj));
        if (!was) g_signal_emit_by_name(obj, "children-changed::add", i, child);
    }
    g_ptr_array_unref(previous);
}

void td_accessible_announce(TdAccessible *obj, const char *text) {
    if (!text || !*text || !g_utf8_validate(text, -1, NULL)) return;
    if (g_signal_lookup("announcement", ATK_TYPE_OBJECT)) g_signal_emit_by_name(obj, "announcement", text);
}

void td_accessible_active_descendant(TdAccessible *obj, TdAccessible *descendant) {
    if (!obj || !descendant || obj->defunct || descendant->defunct) return;
    g_signal_emit_by_name(obj, "active-descendant-changed", descendant);
}

static guint pending_activation;

static gboolean activate_now(gpointer data) {
    pending_activation = 0;
    g_signal_emit_by_name(data, "activate");
    return G_SOURCE_REMOVE;
}

void td_accessible_window_activated(TdAccessible *obj, int active) {
    if (!G_TYPE_CHECK_INSTANCE_TYPE(obj, td_accessible_window_get_type())) return;
    if (pending_activation) {
        g_source_remove(pending_activation);
        pending_activation = 0;
    }
    g_signal_emit_by_name(obj, active ? "activate" : "deactivate");
}

void td_accessible_window_activate_later(TdAccessible *obj, int ms) {
    if (!G_TYPE_CHECK_INSTANCE_TYPE(obj, td_accessible_window_get_type()) || pending_activation) return;
    pending_activation = g_timeout_add_full(G_PRIORITY_DEFAULT, (guint)(ms < 0 ? 0 : ms), activate_now, g_object_ref(obj), g_object_unref);
}

void td_a11y_set_window_origin(int x, int y) { window_x = x; window_y = y; }

/* MARK: - AtkUtil: the root and global event listeners */

static AtkObject *root_object;
static char *toolkit_version_string;

static AtkObject *td_util_get_root(void) { return root_object; }
static const gchar *td_util_toolkit_name(void) { return "TouchDesk"; }
static const gchar *td_util_toolkit_version(void) { return toolkit_version_string ? toolkit_version_string : ""; }

typedef struct { guint signal_id; gulong hook_id; } Listener;
static GHashTable *listeners;
static guint next_listener = 1;

/* "Toolkit:TypeName:signal[:detail]", as the bridge names the signals it listens to: an
 * emission hook on that type's signal, for every object of the type. */
static guint td_util_add_global_event_listener(GSignalEmissionHook listener, const gchar *event_type) {
    gchar **parts = g_strsplit(event_type, ":", 4);
    guint id = 0;
    if (g_strv_length(parts) >= 3) {
        GType type = g_type_from_name(parts[1]);
        if (type) {
            if (G_TYPE_IS_INTERFACE(type)) g_type_default_interface_ref(type);
            else if (G_TYPE_IS_CLASSED(type)) g_type_class_ref(type);
            guint signal_id = g_signal_lookup(parts[2], type);
            if (signal_id) {
                GQuark detail = parts[3] ? g_quark_from_string(parts[3]) : 0;
                Listener *l = g_new(Listener, 1);
                l->signal_id = signal_id;
                l->hook_id = g_signal_add_emission_hook(signal_id, detail, listener, NULL, NULL);
                if (!listeners) listeners = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
                id = next_listener++;
                g_hash_table_insert(listeners, GUINT_TO_POINTER(id), l);
            }
        }
    }
    g_strfreev(parts);
    return id;
}

static void td_util_remove_global_event_listener(guint id) {
    Listener *l = listeners ? g_hash_table_lookup(listeners, GUINT_TO_POINTER(id)) : NULL;
    if (!l) return;
    g_signal_remove_emission_hook(l->signal_id, l->hook_id);
    g_hash_table_remove(listeners, GUINT_TO_POINTER(id));
}

/* Key snooping: the bridge registers a listener that passes each key to the registry, which is
 * how a screen reader on X11 hears the keys typed into a toolkit's window (and consumes its own
 * commands). The host offers every press and release here before it handles the key. */
typedef struct { AtkKeySnoopFunc func; gpointer data; } KeyListener;
static GHashTable *key_listeners;
static guint next_key_listener = 1;

static guint td_util_add_key_event_listener(AtkKeySnoopFunc listener, gpointer data) {
    if (!listener) return 0;
    if (!key_listeners) key_listeners = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    KeyListener *l = g_new(KeyListener, 1);
    l->func = listener;
    l->data = data;
    guint id = next_key_listener++;
    g_hash_table_insert(key_listeners, GUINT_TO_POINTER(id), l);
    return id;
}

static void td_util_remove_key_event_listener(guint id) {
    if (key_listeners) g_hash_table_remove(key_listeners, GUINT_TO_POINTER(id));
}

int td_a11y_key_event(int press, uint32_t state, uint32_t keysym, const char *text, const char *keysym_name,
                      uint32_t keycode, uint32_t time) {
    if (!key_listeners || g_hash_table_size(key_listeners) == 0) return 0;
    const char *typed = text && g_utf8_validate(text, -1, NULL) ? text : "";
    /* What the key types when that is a visible character (or a Ctrl chord's letter), else the
     * keysym's name ("Left", "Tab"): what a screen reader speaks for the key. */
    gboolean visible = *typed && ((state & (1u << 2)) /* X's ControlMask */ || g_unichar_isgraph(g_utf8_get_char(typed)));
    AtkKeyEventStruct event = {
        .type = press ? ATK_KEY_EVENT_PRESS : ATK_KEY_EVENT_RELEASE,
        .state = state,
        .keyval = keysym,
        .length = visible ? (gint)strlen(typed) : 0,
        .string = (gchar *)(visible ? typed : (keysym_name ? keysym_name : "")),
        .keycode = (guint16)keycode,
        .timestamp = time,
    };
    /* The listeners as they are now: one may add or remove listeners while it runs. */
    guint n = 0;
    KeyListener *copy = g_new(KeyListener, g_hash_table_size(key_listeners));
    GHashTableIter it;
    gpointer value;
    g_hash_table_iter_init(&it, key_listeners);
    while (g_hash_table_iter_next(&it, NULL, &value)) copy[n++] = *(KeyListener *)value;
    gboolean consumed = FALSE;
    for (guint i = 0; i < n; i++)
        if (copy[i].func(&event, copy[i].data)) consumed = TRUE;
    g_free(copy);
    return consumed ? 1 : 0;
}

/* MARK: - Starting, and the main context in the host's loop */

static char *start_message;

static void remember_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)data;
    if (!start_message) start_message = g_strdup(message);
}

int td_a11y_start(TdAccessible *root, const char *toolkit_version, TdRequestHandler handler, void *context,
                  char *why, int why_size) {
    if (why && why_size > 0) why[0] = 0;
    const char *no = g_getenv("NO_AT_BRIDGE");
    if (no && strcmp(no, "1") == 0) {
        if (why) snprintf(why, (size_t)why_size, "NO_AT_BRIDGE=1");
        return -1;
    }
    root_object = ATK_OBJECT(root);
    toolkit_version_string = g_strdup(toolkit_version);
    request_handler = handler;
    request_context = context;
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = td_util_get_root;
    util->get_toolkit_name = td_util_toolkit_name;
    util->get_toolkit_version = td_util_toolkit_version;
    util->add_global_event_listener = td_util_add_global_event_listener;
    util->remove_global_event_listener = td_util_remove_global_event_listener;
    util->add_key_event_listener = td_util_add_key_event_listener;
    util->remove_key_event_listener = td_util_remove_key_event_listener;
    /* The interfaces' types, registered before the bridge looks them up by name. */
    g_type_ensure(td_accessible_text_get_type());
    g_type_ensure(td_accessible_value_get_type());
    g_type_ensure(td_accessible_window_get_type());

    g_main_context_acquire(g_main_context_default());
    /* What the bridge says while it starts (no accessibility bus, say) is kept for the host to
     * report once, or not at all, rather than printed as GLib warnings. */
    GLogFunc previous = g_log_set_default_handler(remember_message, NULL);
    int rc = atk_bridge_adaptor_init(NULL, NULL);
    g_log_set_default_handler(previous, NULL);
    if (start_message) {
        if (why) snprintf(why, (size_t)why_size, "%s", start_message);
        g_free(start_message);
        start_message = NULL;
    }
    if (rc != 0 && why && !why[0]) snprintf(why, (size_t)why_size, "no accessibility bus");
    return rc;
}

static GPollFD *poll_fds;
static int poll_fds_allocated;
static gint max_priority;

int td_a11y_prepare(struct pollfd *fds, int capacity, int *timeout_ms) {
    GMainContext *ctx = g_main_context_default();
    g_main_context_prepare(ctx, &max_priority);
    gint timeout = -1;
    int n = g_main_context_query(ctx, max_priority, &timeout, poll_fds, poll_fds_allocated);
    if (n > poll_fds_allocated) {
        poll_fds_allocated = n + 4;
        poll_fds = g_renew(GPollFD, poll_fds, poll_fds_allocated);
        n = g_main_context_query(ctx, max_priority, &timeout, poll_fds, poll_fds_allocated);
    }
    for (int i = 0; i < n && i < capacity; i++) {
        fds[i].fd = poll_fds[i].fd;
        fds[i].events = (short)poll_fds[i].events;
        fds[i].revents = 0;
    }
    if (timeout_ms && timeout >= 0 && (*timeout_ms < 0 || timeout < *timeout_ms)) *timeout_ms = timeout;
    return n;
}

void td_a11y_dispatch(struct pollfd *fds, int count) {
    GMainContext *ctx = g_main_context_default();
    int n = count < poll_fds_allocated ? count : poll_fds_allocated;
    for (int i = 0; i < n; i++) poll_fds[i].revents = (gushort)fds[i].revents;
    if (g_main_context_check(ctx, max_priority, poll_fds, n)) g_main_context_dispatch(ctx);
}
