#ifndef TOUCHDESK_CPUFEATURES_H
#define TOUCHDESK_CPUFEATURES_H

/// 1 when the CPU (and the OS, which must save the wider registers) supports the x86-64-v4 level
/// (AVX-512 F, BW, CD, DQ, VL), 0 otherwise and on other architectures.
int touchdesk_cpu_x86_64_v4(void);

/// 1 when the CPU supports the x86-64-v3 level (AVX2, FMA, BMI1/2, ...), 0 otherwise.
int touchdesk_cpu_x86_64_v3(void);

#endif
