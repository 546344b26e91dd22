#ifndef CACCESSIBILITY_H
#define CACCESSIBILITY_H
/*
 * TouchDesk's accessible objects for the ATK bridge (at-spi2-core's atk-adaptor), which speaks
 * AT-SPI over D-Bus for us. The host keeps one TdAccessible per node of the window's accessible
 * tree and pushes each node's data into it after a change; the setters compare and emit the
 * ATK signals (state, name, text, value, children) that the bridge turns into AT-SPI events.
 * What a client asks the objects to do (an action, new text, focus) comes back through one
 * request callback, on the main thread, from inside td_a11y_dispatch.
 *
 * No ATK or GLib type appears here, so the Swift host never imports them.
 */
#include <poll.h>
#include <stdint.h>

typedef struct _TdAccessible TdAccessible;

/* What kind of object a node is: which ATK interfaces it has. */
typedef enum {
    TD_KIND_PLAIN = 0,   /* component and action */
    TD_KIND_TEXT = 1,    /* + text and editable text */
    TD_KIND_VALUE = 2,   /* + value */
    TD_KIND_WINDOW = 3,  /* + window (activate/deactivate) */
} TdKind;

typedef enum {
    TD_ROLE_APPLICATION, TD_ROLE_FRAME, TD_ROLE_PANEL, TD_ROLE_TOOL_BAR, TD_ROLE_PUSH_BUTTON,
    TD_ROLE_TOGGLE_BUTTON, TD_ROLE_SLIDER, TD_ROLE_ENTRY, TD_ROLE_LIST, TD_ROLE_LIST_ITEM,
    TD_ROLE_LINK, TD_ROLE_IMAGE, TD_ROLE_CANVAS, TD_ROLE_LABEL, TD_ROLE_STATUS_BAR,
    TD_ROLE_DIALOG, TD_ROLE_RADIO_BUTTON, TD_ROLE_NOTIFICATION,
} TdRole;

/* State bits (a node's `states`). */
enum {
    TD_STATE_ENABLED = 1 << 0,
    TD_STATE_FOCUSABLE = 1 << 1,
    TD_STATE_FOCUSED = 1 << 2,
    TD_STATE_PRESSED = 1 << 3,
    TD_STATE_CHECKABLE = 1 << 4,
    TD_STATE_CHECKED = 1 << 5,
    TD_STATE_SELECTABLE = 1 << 6,
    TD_STATE_SELECTED = 1 << 7,
    TD_STATE_EDITABLE = 1 << 8,
    TD_STATE_SINGLE_LINE = 1 << 9,
    TD_STATE_SHOWING = 1 << 10,
    TD_STATE_ACTIVE = 1 << 11,
    TD_STATE_INVALID_ENTRY = 1 << 12,
    TD_STATE_HORIZONTAL = 1 << 13,
};

typedef enum {
    TD_REQUEST_ACTION = 0,   /* index: the action */
    TD_REQUEST_SET_TEXT = 1, /* text */
    TD_REQUEST_FOCUS = 2,
    TD_REQUEST_SET_VALUE = 3, /* text: the new value, as a C-locale number */
} TdRequestKind;

/* handle: the number the host gave the object (td_accessible_new). */
typedef void (*TdRequestHandler)(void *context, int32_t handle, int32_t kind, int32_t index, const char *text);

/* Starts the bridge unless NO_AT_BRIDGE=1 says not to, or no accessibility bus can be reached.
 * `root` becomes the application object (atk_get_root). 0 on success; otherwise -1 and, in
 * `why` (up to `why_size` bytes), what the bridge said. */
int td_a11y_start(TdAccessible *root, const char *toolkit_version, TdRequestHandler handler, void *context,
                  char *why, int why_size);

/* The GLib main context's descriptors and timeout for the host's poll(), then its dispatch:
 * prepare fills at most `capacity` entries and returns how many it needs (call again with more
 * room if that is larger); `timeout_ms` is lowered to the context's timeout when sooner. */
int td_a11y_prepare(struct pollfd *fds, int capacity, int *timeout_ms);
void td_a11y_dispatch(struct pollfd *fds, int count);

/* A key press (press 1) or release (0), offered to the key listeners a screen reader registered
 * through the bridge, before the host handles it: `state` the X modifier mask, `text` what the
 * key types ("" for none), `keysym_name` the keysym's name ("Left"). 1 when a listener consumed
 * the key (the host then does not handle it); 0 too when the bridge has not started. */
int td_a11y_key_event(int press, uint32_t state, uint32_t keysym, const char *text, const char *keysym_name,
                      uint32_t keycode, uint32_t time);

/* Where the window's top-left lies on the screen, in pixels, for screen coordinates. */
void td_a11y_set_window_origin(int x, int y);

TdAccessible *td_accessible_new(TdKind kind, int32_t handle);
/* Marks it defunct, drops its children and parent, and releases the host's reference. */
void td_accessible_retire(TdAccessible *obj);

/* A socket embedding another process's accessible tree (AT-SPI plug id "bus-name:path"), named
 * `name`: only td_accessible_set_children (as a child) and td_socket_retire take it. */
TdAccessible *td_socket_new(const char *plug_id, const char *name);
void td_socket_retire(TdAccessible *socket);

void td_accessible_set_role(TdAccessible *obj, TdRole role);
void td_accessible_set_name(TdAccessible *obj, const char *name);
void td_accessible_set_description(TdAccessible *obj, const char *description);
void td_accessible_set_states(TdAccessible *obj, uint32_t states);
/* Pixels, from the window's top-left. */
void td_accessible_set_extents(TdAccessible *obj, int x, int y, int width, int height);
/* `names`, `descriptions` and `keybindings` (AT-SPI's ";;<Control>c" form, or "") hold `count` strings each. */
void td_accessible_set_actions(TdAccessible *obj, const char *const *names, const char *const *descriptions,
                               const char *const *keybindings, int count);
/* Character offsets. */
void td_accessible_set_text(TdAccessible *obj, const char *text, int caret, int selection_start, int selection_end);
void td_accessible_set_value(TdAccessible *obj, double value, double minimum, double maximum, double step);
/* "polite", "assertive" or NULL: the object is a live region of that politeness. */
void td_accessible_set_live(TdAccessible *obj, const char *politeness);
void td_accessible_set_children(TdAccessible *obj, TdAccessible *const *children, int count);
/* object:announcement, for a live region's change. */
void td_accessible_announce(TdAccessible *obj, const char *text);
/* object:active-descendant-changed: `descendant` (a list's row) is now the one the keys act on
 * in `obj`, the node holding the focus (the list, or the entry whose suggestions it is). */
void td_accessible_active_descendant(TdAccessible *obj, TdAccessible *descendant);
/* window:activate or window:deactivate (a TD_KIND_WINDOW object); either cancels a pending
 * td_accessible_window_activate_later. */
void td_accessible_window_activated(TdAccessible *obj, int active);
/* window:activate in `ms` milliseconds, from the GLib main context: for a window already focused
 * when the bridge starts, whose activation sent at once can be lost while the bridge is still
 * registering with the registry (seen on a loaded machine: Orca never named the window). */
void td_accessible_window_activate_later(TdAccessible *obj, int ms);

#endif
