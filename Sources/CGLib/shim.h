/* GLib's GBookmarkFile (the desktop's recently-used.xbel, as GTK's recent manager reads and writes
 * it) and GChecksum (the MD5 that names freedesktop thumbnails): for TouchDeskFiles alone. */
#include <glib.h>
