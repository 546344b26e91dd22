#ifndef TD_APPEARANCE_PORTAL_H
#define TD_APPEARANCE_PORTAL_H

/* Starts following the appearance portal's colour scheme on the session bus; 0 when started,
 * -1 when there is no session bus. The answers arrive through GLib's default main context. */
int td_portal_start(void);
/* The colour scheme the portal last gave: 0 no preference, 1 prefer dark, 2 prefer light; -1 none
 * (no portal, no such key, or no answer yet). */
int td_portal_color_scheme(void);
/* Runs GLib's default main context until the first read is answered or `ms` milliseconds pass. */
void td_portal_wait(int ms);
/* 1 once the first read has been answered (with a value or an error). */
int td_portal_answered(void);
/* 1 when the colour scheme changed since the last call. */
int td_portal_take_change(void);

#endif
