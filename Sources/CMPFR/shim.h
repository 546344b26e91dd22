#include <mpfr.h>
