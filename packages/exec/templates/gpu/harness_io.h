/*
 * kforge GPU harness I/O, shared by the OpenCL, Vulkan and CUDA hosts (C and C++).
 * Inputs are <dir>/<name>.npy (header skipped) or raw <dir>/<name>.bin; outputs are written as
 * 1-D .npy files. The result is one JSON line on stdout; diagnostics go to stderr.
 */
#ifndef KFORGE_HARNESS_IO_H
#define KFORGE_HARNESS_IO_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KF_DIE(...) do { fprintf(stderr, "kforge harness: " __VA_ARGS__); fputc('\n', stderr); exit(1); } while (0)

static uint64_t kf_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Whole file into a malloc'd buffer (NUL-terminated, so text files can be used as strings). */
static unsigned char *kf_read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = (unsigned char *)malloc((size_t)n + 1);
  if (!data || fread(data, 1, (size_t)n, f) != (size_t)n) KF_DIE("cannot read %s", path);
  fclose(f);
  data[n] = 0;
  *size = (size_t)n;
  return data;
}

/* Fill dst[0..bytes) from <dir>/<name>.npy or <dir>/<name>.bin; the payload must be exactly `bytes`. */
static void kf_load_input(const char *dir, const char *name, void *dst, size_t bytes) {
  char path[4096];
  size_t size = 0, offset = 0;
  snprintf(path, sizeof path, "%s/%s.npy", dir, name);
  unsigned char *data = kf_read_file(path, &size);
  if (data) {
    if (size < 10 || memcmp(data, "\x93NUMPY", 6) != 0) KF_DIE("%s is not an .npy file", path);
    offset = data[6] == 1 ? 10 + (size_t)(data[8] | data[9] << 8)
                          : 12 + (size_t)(data[8] | data[9] << 8 | data[10] << 16 | (size_t)data[11] << 24);
  } else {
    snprintf(path, sizeof path, "%s/%s.bin", dir, name);
    data = kf_read_file(path, &size);
    if (!data) KF_DIE("missing input %s (.npy or .bin in %s)", name, dir);
  }
  if (size - offset != bytes) KF_DIE("%s holds %zu bytes, the kernel expects %zu", path, size - offset, bytes);
  memcpy(dst, data + offset, bytes);
  free(data);
}

/* Write src as <dir>/<name>.npy, a 1-D array of `count` elements of numpy type `descr`. */
static void kf_write_output(const char *dir, const char *name, const char *descr, size_t count, const void *src, size_t bytes) {
  char path[4096], header[256];
  snprintf(path, sizeof path, "%s/%s.npy", dir, name);
  int len = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }", descr, count);
  int total = 10 + len + 1;
  int pad = (64 - total % 64) % 64;
  FILE *f = fopen(path, "wb");
  if (!f) KF_DIE("cannot write %s", path);
  unsigned char preamble[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)((len + pad + 1) & 255), (unsigned char)((len + pad + 1) >> 8)};
  fwrite(preamble, 1, 10, f);
  fwrite(header, 1, (size_t)len, f);
  for (int i = 0; i < pad; i++) fputc(' ', f);
  fputc('\n', f);
  if (fwrite(src, 1, bytes, f) != bytes) KF_DIE("short write to %s", path);
  fclose(f);
}

static int kf_cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The one result line: device name, every timed repeat, their median, and `extra` (",\"key\":value..." or ""). */
static void kf_print_result_with(const char *device, const uint64_t *timings_ns, int repeats, const char *extra) {
  printf("{\"device\":\"");
  for (const char *c = device; *c; c++)
    if (*c != '"' && *c != '\\' && (unsigned char)*c >= 32) putchar(*c);
  printf("\",\"timings_ns\":[");
  for (int i = 0; i < repeats; i++) printf(i ? ",%llu" : "%llu", (unsigned long long)timings_ns[i]);
  printf("]");
  if (repeats > 0) {
    uint64_t *sorted = (uint64_t *)malloc(sizeof(uint64_t) * (size_t)repeats);
    memcpy(sorted, timings_ns, sizeof(uint64_t) * (size_t)repeats);
    qsort(sorted, (size_t)repeats, sizeof(uint64_t), kf_cmp_u64);
    printf(",\"median_ns\":%llu", (unsigned long long)sorted[repeats / 2]);
    free(sorted);
  }
  printf("%s}\n", extra);
  fflush(stdout);
}

static void kf_print_result(const char *device, const uint64_t *timings_ns, int repeats) {
  kf_print_result_with(device, timings_ns, repeats, "");
}

#endif
