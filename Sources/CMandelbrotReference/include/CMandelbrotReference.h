#ifndef TOUCHDESK_MANDELBROT_REFERENCE_H
#define TOUCHDESK_MANDELBROT_REFERENCE_H

#include <stdint.h>

/// The benchmark's yardstick: a plain C Mandelbrot kernel with AVX2 intrinsics (16 points in
/// flight as four 4-wide vectors), rows shared among `threads` POSIX threads. Counts the same
/// way as the project's kernels (escape test x^2 + y^2 > 4 before each step, no fused
/// multiply-add), so the counts can be compared. counts[j * width + i] is the count of
/// (cx[i], cy[j]). With `integer_counts` 0 it counts in doubles (adding 1.0 under the live mask,
/// the first yardstick); otherwise in 64-bit integers (subtracting the mask), which spills fewer
/// registers and runs about a quarter faster on AVX2. Returns 1 if it used AVX2, 0 if the CPU
/// lacks it (then nothing is written).
int touchdesk_reference_mandelbrot(const double *cx, const double *cy, int width, int height, int limit,
                                   uint32_t *counts, int threads, int integer_counts);

#endif
