/*
** gpu_bandwidth.cu -- the device's copy bandwidth, measured in the same
** run as the paths so that their GB/s can be read as a fraction of it: a
** device-to-device cudaMemcpy of a large buffer, timed with events over
** several repetitions after one warm-up copy.  Bytes read and bytes
** written both count (a copy of n bytes moves 2n), as the paths count
** their reads and writes.
*/
#include "gpu_program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies timed. */
#define COPY_REPEATS 10

/* The smallest buffer tried when a large one cannot be allocated. */
#define COPY_MIN_BYTES ((size_t)1 << 26)

/* A host memcpy of bytes, timed the same way (for --emulate). */
static double host_copy_gbps(size_t bytes) {
  char *a = (char *)malloc(bytes), *b = (char *)malloc(bytes);
  if (!a || !b) {
    free(a);
    free(b);
    fprintf(stderr, "layoutcheck-gpu: out of memory measuring the copy bandwidth\n");
    return -1;
  }
  memset(a, 1, bytes);
  memcpy(b, a, bytes);
  double t = gpu_now();
  for (int i = 0; i < COPY_REPEATS; i++) memcpy(i % 2 ? a : b, i % 2 ? b : a, bytes);
  t = gpu_now() - t;
  free(a);
  free(b);
  return t > 0 ? 2.0 * (double)bytes * COPY_REPEATS / t / 1e9 : 0;
}

/* See gpu_program.h. */
double gpu_copy_gbps(int emulate, size_t bytes) {
  if (emulate) return host_copy_gbps(bytes);
  void *a = NULL, *b = NULL;
  while (bytes >= COPY_MIN_BYTES &&
         (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&b, bytes) != cudaSuccess)) {
    if (a) cudaFree(a);
    a = NULL;
    (void)cudaGetLastError(); /* clear the allocation error */
    bytes /= 2;
  }
  if (!a || !b) {
    fprintf(stderr, "layoutcheck-gpu: cannot allocate two buffers to measure the copy bandwidth\n");
    return -1;
  }
  cudaEvent_t t0 = NULL, t1 = NULL;
  float ms = 0;
  int bad = gpu_cuda_ok(cudaEventCreate(&t0), "cudaEventCreate") ||
            gpu_cuda_ok(cudaEventCreate(&t1), "cudaEventCreate") ||
            gpu_cuda_ok(cudaMemset(a, 1, bytes), "cudaMemset") ||
            gpu_cuda_ok(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy") ||
            gpu_cuda_ok(cudaEventRecord(t0), "cudaEventRecord");
  for (int i = 0; i < COPY_REPEATS && !bad; i++)
    bad = gpu_cuda_ok(cudaMemcpy(i % 2 ? a : b, i % 2 ? b : a, bytes, cudaMemcpyDeviceToDevice),
                      "cudaMemcpy device to device");
  bad = bad || gpu_cuda_ok(cudaEventRecord(t1), "cudaEventRecord") ||
        gpu_cuda_ok(cudaEventSynchronize(t1), "cudaEventSynchronize") ||
        gpu_cuda_ok(cudaEventElapsedTime(&ms, t0, t1), "cudaEventElapsedTime");
  if (t0) cudaEventDestroy(t0);
  if (t1) cudaEventDestroy(t1);
  cudaFree(a);
  cudaFree(b);
  if (bad) return -1;
  return ms > 0 ? 2.0 * (double)bytes * COPY_REPEATS / (ms / 1000.0) / 1e9 : 0;
}
