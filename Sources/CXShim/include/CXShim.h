#ifndef CXSHIM_H
#define CXSHIM_H
#include <X11/Xlib.h>

/// Creates an input context for `window` with no preedit or status area
/// (XCreateIC is variadic, which Swift cannot call). Returns NULL on failure.
XIC touchdesk_create_ic(XIM im, Window window);

#endif
