/*
 * kforge baselines for the GPU bundle, measured in the same run as the kernels:
 *   baselines copy BYTES REPEATS
 *     device-to-device cudaMemcpy of BYTES; bandwidth counts bytes read plus bytes written
 *   baselines cublas-f16 N K ROTATE_BYTES REPEATS WARMUP W_SEED W_EXPONENT X_SEED X_EXPONENT OUT_DIR
 *     y[N] = W[N,K] x[K] through cublasGemmEx, f16 W and x generated exactly as the kforge f16 case
 *     (generate.h, "normal" fills), rotating through copies of W and x and replaying a CUDA graph of
 *     one pass like the kforge host, for an f32 and an f16 output; writes the f32 variant's y of copy
 *     0 to OUT_DIR/y.npy
 * Each prints one JSON line per measurement (harness_io.h); build: nvcc -O3 -arch=sm_90 ... -lcublas
 */
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include "harness_io.h"
#include "generate.h"

#define CUDA_CHECK(call) do { cudaError_t kf_err = (call); if (kf_err != cudaSuccess) KF_DIE("%s failed: %s", #call, cudaGetErrorString(kf_err)); } while (0)
#define CUBLAS_CHECK(call) do { cublasStatus_t kf_st = (call); if (kf_st != CUBLAS_STATUS_SUCCESS) KF_DIE("%s failed: cuBLAS status %d", #call, (int)kf_st); } while (0)

static void device_detail(char *out, size_t size) {
  cudaDeviceProp prop;
  int device = 0, runtime_version = 0, driver_version = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  CUDA_CHECK(cudaRuntimeGetVersion(&runtime_version));
  CUDA_CHECK(cudaDriverGetVersion(&driver_version));
  snprintf(out, size, "%s sm_%d%d / CUDA runtime %d.%d driver %d.%d / %d SMs, L2 %d MB", prop.name, prop.major, prop.minor,
           runtime_version / 1000, runtime_version % 1000 / 10, driver_version / 1000, driver_version % 1000 / 10,
           prop.multiProcessorCount, prop.l2CacheSize >> 20);
}

static void generate(void *dst, size_t bytes, struct kf_fill fill, uint32_t stream) {
  kf_generate_kernel<<<1024, 256>>>((uint32_t *)dst, (bytes + 3) / 4, fill, stream);
  CUDA_CHECK(cudaGetLastError());
}

static int copy_probe(size_t bytes, int repeats) {
  void *src, *dst;
  CUDA_CHECK(cudaMalloc(&src, bytes));
  CUDA_CHECK(cudaMalloc(&dst, bytes));
  const struct kf_fill fill = { KF_FILL_BYTES, 1, 0, 0, 0, { 0, 0 }, { 0, 0 }, { 0, 0 } };
  generate(src, bytes, fill, 1);
  CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  uint64_t *timings = (uint64_t *)calloc((size_t)repeats + 1, sizeof(uint64_t));
  for (int i = 0; i < repeats; i++) {
    CUDA_CHECK(cudaEventRecord(start, 0));
    CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0));
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    timings[i] = (uint64_t)((double)ms * 1e6 + 0.5);
  }
  char detail[512], extra[128];
  device_detail(detail, sizeof detail);
  snprintf(extra, sizeof extra, ",\"probe\":\"copy\",\"bytes\":%zu,\"moved_bytes\":%zu", bytes, 2 * bytes);
  kf_print_result_with(detail, timings, repeats, extra);
  CUDA_CHECK(cudaFree(src));
  CUDA_CHECK(cudaFree(dst));
  return 0;
}

static int cublas_f16(int argc, char **argv) {
  if (argc < 12) KF_DIE("usage: %s cublas-f16 N K ROTATE_BYTES REPEATS WARMUP W_SEED W_EXPONENT X_SEED X_EXPONENT OUT_DIR", argv[0]);
  const int N = atoi(argv[2]), K = atoi(argv[3]);
  const size_t rotate = (size_t)strtoull(argv[4], NULL, 10);
  const int repeats = atoi(argv[5]), warmup = atoi(argv[6]);
  const uint32_t w_seed = (uint32_t)strtoul(argv[7], NULL, 10), x_seed = (uint32_t)strtoul(argv[9], NULL, 10);
  const struct kf_fill w_fill = { KF_FILL_NORMAL, 2, atoi(argv[8]), 0, 0, { 0, 0 }, { 0, 0 }, { 0, 0 } };
  const struct kf_fill x_fill = { KF_FILL_NORMAL, 2, atoi(argv[10]), 0, 0, { 0, 0 }, { 0, 0 }, { 0, 0 } };
  const size_t w_bytes = (size_t)N * K * 2, x_bytes = (size_t)K * 2;
  int copies = (int)((rotate + w_bytes + x_bytes - 1) / (w_bytes + x_bytes));
  if (copies < 2) copies = 2;
  if (copies > 4096) copies = 4096;
  void **w = (void **)calloc((size_t)copies, sizeof(void *)), **x = (void **)calloc((size_t)copies, sizeof(void *));
  for (int c = 0; c < copies; c++) {
    CUDA_CHECK(cudaMalloc(&w[c], w_bytes));
    CUDA_CHECK(cudaMalloc(&x[c], x_bytes));
    generate(w[c], w_bytes, w_fill, w_seed + (uint32_t)c);
    generate(x[c], x_bytes, x_fill, x_seed + (uint32_t)c);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  void *y;
  CUDA_CHECK(cudaMalloc(&y, (size_t)N * 4));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  const float one = 1.f, zero = 0.f;
  char detail[512];
  device_detail(detail, sizeof detail);
  for (int variant = 0; variant < 2; variant++) {
    const cudaDataType_t out_type = variant == 0 ? CUDA_R_32F : CUDA_R_16F;
    /* W is row-major [N,K] = column-major K x N with ld K: y = W^T(col) x */
#define KF_GEMV(c) CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, N, 1, K, &one, w[c], CUDA_R_16F, K, x[c], CUDA_R_16F, K, \
                                             &zero, y, out_type, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT))
    CUDA_CHECK(cudaMemsetAsync(y, 0xff, (size_t)N * 4, stream));
    KF_GEMV(0);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    if (variant == 0) {
      float *host = (float *)malloc((size_t)N * 4);
      CUDA_CHECK(cudaMemcpy(host, y, (size_t)N * 4, cudaMemcpyDeviceToHost));
      kf_write_output(argv[11], "y", "<f4", (size_t)N, host, (size_t)N * 4);
      free(host);
    }
    cudaGraph_t graph;
    cudaGraphExec_t pass;
    CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    for (int c = 0; c < copies; c++) KF_GEMV(c);
    CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    CUDA_CHECK(cudaGraphInstantiate(&pass, graph, 0));
    for (int i = 0; i < warmup; i++) CUDA_CHECK(cudaGraphLaunch(pass, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    uint64_t *timings = (uint64_t *)calloc((size_t)repeats + 1, sizeof(uint64_t));
    for (int i = 0; i < repeats; i++) {
      CUDA_CHECK(cudaEventRecord(start, stream));
      CUDA_CHECK(cudaGraphLaunch(pass, stream));
      CUDA_CHECK(cudaEventRecord(stop, stream));
      CUDA_CHECK(cudaEventSynchronize(stop));
      float ms = 0.f;
      CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
      timings[i] = (uint64_t)((double)ms * 1e6 / copies + 0.5);
    }
#undef KF_GEMV
    char extra[160];
    snprintf(extra, sizeof extra, ",\"probe\":\"cublas-f16\",\"out\":\"%s\",\"N\":%d,\"K\":%d,\"copies\":%d", variant == 0 ? "f32" : "f16", N, K, copies);
    kf_print_result_with(detail, timings, repeats, extra);
    free(timings);
  }
  CUBLAS_CHECK(cublasDestroy(handle));
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 4 && strcmp(argv[1], "copy") == 0) return copy_probe((size_t)strtoull(argv[2], NULL, 10), atoi(argv[3]));
  if (argc >= 2 && strcmp(argv[1], "cublas-f16") == 0) return cublas_f16(argc, argv);
  KF_DIE("usage: %s copy BYTES REPEATS | cublas-f16 N K ROTATE_BYTES REPEATS WARMUP W_SEED W_EXPONENT X_SEED X_EXPONENT OUT_DIR", argv[0]);
}
