#include "CPUFeatures.h"

// Swift has no cpuid; the compiler's builtins also check that the OS enables the registers (XCR0).

int touchdesk_cpu_x86_64_v4(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v4") ? 1 : 0;
#else
    return 0;
#endif
}

int touchdesk_cpu_x86_64_v3(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v3") ? 1 : 0;
#else
    return 0;
#endif
}
