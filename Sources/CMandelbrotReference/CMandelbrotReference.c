#include "CMandelbrotReference.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#if defined(__x86_64__)
#include <immintrin.h>

typedef struct {
    const double *cx, *cy;
    int width, height, limit;
    uint32_t *counts;
    int integer_counts;
    atomic_int next_row;
} job_t;

/// 16 points from cx[i..i+16) on row cy; the last group of a row repeats its last point.
/// Counts in doubles (adding 1.0 under the live mask), as first written.
__attribute__((target("avx2")))
static void group16(const double *cxs, double cyv, int limit, uint32_t *out) {
    __m256d cx0 = _mm256_loadu_pd(cxs), cx1 = _mm256_loadu_pd(cxs + 4);
    __m256d cx2 = _mm256_loadu_pd(cxs + 8), cx3 = _mm256_loadu_pd(cxs + 12);
    __m256d cy = _mm256_set1_pd(cyv), four = _mm256_set1_pd(4.0), one = _mm256_set1_pd(1.0);
    __m256d x0 = _mm256_setzero_pd(), x1 = x0, x2 = x0, x3 = x0;
    __m256d y0 = x0, y1 = x0, y2 = x0, y3 = x0;
    __m256d n0 = x0, n1 = x0, n2 = x0, n3 = x0;
    __m256d a0 = _mm256_castsi256_pd(_mm256_set1_epi64x(-1)), a1 = a0, a2 = a0, a3 = a0;
#define STEP(x, y, n, a, cx) do { \
        __m256d xx = _mm256_mul_pd(x, x), yy = _mm256_mul_pd(y, y); \
        __m256d still = _mm256_cmp_pd(_mm256_add_pd(xx, yy), four, _CMP_LE_OQ); \
        a = _mm256_and_pd(a, still); \
        n = _mm256_add_pd(n, _mm256_and_pd(a, one)); \
        __m256d xy = _mm256_mul_pd(x, y); \
        y = _mm256_add_pd(_mm256_add_pd(xy, xy), cy); \
        x = _mm256_add_pd(_mm256_sub_pd(xx, yy), cx); \
    } while (0)
    for (int done = 0; done < limit;) {
        int steps = limit - done < 8 ? limit - done : 8;
        for (int k = 0; k < steps; k++) {
            STEP(x0, y0, n0, a0, cx0);
            STEP(x1, y1, n1, a1, cx1);
            STEP(x2, y2, n2, a2, cx2);
            STEP(x3, y3, n3, a3, cx3);
        }
        done += steps;
        __m256d any = _mm256_or_pd(_mm256_or_pd(a0, a1), _mm256_or_pd(a2, a3));
        if (_mm256_movemask_pd(any) == 0) break;
    }
#undef STEP
    __m128i c0 = _mm256_cvttpd_epi32(n0), c1 = _mm256_cvttpd_epi32(n1);
    __m128i c2 = _mm256_cvttpd_epi32(n2), c3 = _mm256_cvttpd_epi32(n3);
    _mm_storeu_si128((__m128i *)(out), c0);
    _mm_storeu_si128((__m128i *)(out + 4), c1);
    _mm_storeu_si128((__m128i *)(out + 8), c2);
    _mm_storeu_si128((__m128i *)(out + 12), c3);
}

/// The same with 64-bit integer counts: subtracting the live mask (−1 per live lane) counts a
/// step, which needs neither the constant 1.0 nor an AND, so fewer registers spill.
__attribute__((target("avx2")))
static void group16_integer(const double *cxs, double cyv, int limit, uint32_t *out) {
    __m256d cx0 = _mm256_loadu_pd(cxs), cx1 = _mm256_loadu_pd(cxs + 4);
    __m256d cx2 = _mm256_loadu_pd(cxs + 8), cx3 = _mm256_loadu_pd(cxs + 12);
    __m256d cy = _mm256_set1_pd(cyv), four = _mm256_set1_pd(4.0);
    __m256d x0 = _mm256_setzero_pd(), x1 = x0, x2 = x0, x3 = x0;
    __m256d y0 = x0, y1 = x0, y2 = x0, y3 = x0;
    __m256i n0 = _mm256_setzero_si256(), n1 = n0, n2 = n0, n3 = n0;
    __m256d a0 = _mm256_castsi256_pd(_mm256_set1_epi64x(-1)), a1 = a0, a2 = a0, a3 = a0;
#define STEP(x, y, n, a, cx) do { \
        __m256d xx = _mm256_mul_pd(x, x), yy = _mm256_mul_pd(y, y); \
        __m256d still = _mm256_cmp_pd(_mm256_add_pd(xx, yy), four, _CMP_LE_OQ); \
        a = _mm256_and_pd(a, still); \
        n = _mm256_sub_epi64(n, _mm256_castpd_si256(a)); \
        __m256d xy = _mm256_mul_pd(x, y); \
        y = _mm256_add_pd(_mm256_add_pd(xy, xy), cy); \
        x = _mm256_add_pd(_mm256_sub_pd(xx, yy), cx); \
    } while (0)
    for (int done = 0; done < limit;) {
        int steps = limit - done < 8 ? limit - done : 8;
        for (int k = 0; k < steps; k++) {
            STEP(x0, y0, n0, a0, cx0);
            STEP(x1, y1, n1, a1, cx1);
            STEP(x2, y2, n2, a2, cx2);
            STEP(x3, y3, n3, a3, cx3);
        }
        done += steps;
        __m256d any = _mm256_or_pd(_mm256_or_pd(a0, a1), _mm256_or_pd(a2, a3));
        if (_mm256_movemask_pd(any) == 0) break;
    }
#undef STEP
    // The low 32 bits of each 64-bit count, packed into four UInt32s.
    __m256i low = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    _mm_storeu_si128((__m128i *)(out), _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(n0, low)));
    _mm_storeu_si128((__m128i *)(out + 4), _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(n1, low)));
    _mm_storeu_si128((__m128i *)(out + 8), _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(n2, low)));
    _mm_storeu_si128((__m128i *)(out + 12), _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(n3, low)));
}

static void *worker(void *arg) {
    job_t *job = arg;
    void (*group)(const double *, double, int, uint32_t *) = job->integer_counts ? group16_integer : group16;
    double pad[16];
    uint32_t padOut[16];
    for (;;) {
        int j = atomic_fetch_add(&job->next_row, 1);
        if (j >= job->height) return NULL;
        uint32_t *row = job->counts + (size_t)j * job->width;
        int i = 0;
        for (; i + 16 <= job->width; i += 16) group(job->cx + i, job->cy[j], job->limit, row + i);
        if (i < job->width) {
            for (int k = 0; k < 16; k++) pad[k] = job->cx[i + k < job->width ? i + k : job->width - 1];
            group(pad, job->cy[j], job->limit, padOut);
            for (int k = 0; i + k < job->width; k++) row[i + k] = padOut[k];
        }
    }
}

int touchdesk_reference_mandelbrot(const double *cx, const double *cy, int width, int height, int limit,
                                   uint32_t *counts, int threads, int integer_counts) {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2")) return 0;
    job_t job = {cx, cy, width, height, limit, counts, integer_counts, 0};
    if (threads < 1) threads = 1;
    if (threads > 256) threads = 256;
    pthread_t ids[256];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&ids[started], NULL, worker, &job) == 0) started++;
    }
    worker(&job);
    for (int t = 0; t < started; t++) pthread_join(ids[t], NULL);
    return 1;
}

#else

int touchdesk_reference_mandelbrot(const double *cx, const double *cy, int width, int height, int limit,
                                   uint32_t *counts, int threads, int integer_counts) {
    (void)cx; (void)cy; (void)width; (void)height; (void)limit; (void)counts; (void)threads; (void)integer_counts;
    return 0;
}

#endif
