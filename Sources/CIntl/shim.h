// GNU gettext as glibc has it (no library to link): bindtextdomain, dgettext, dngettext.
#include <libintl.h>
