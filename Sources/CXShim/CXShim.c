#include "CXShim.h"

XIC touchdesk_create_ic(XIM im, Window window) {
    if (im == NULL) return NULL;
    return XCreateIC(im,
                     XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window,
                     XNFocusWindow, window,
                     NULL);
}
