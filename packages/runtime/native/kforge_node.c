/*
 * The Node binding of a kforge runtime library: a small N-API addon (Node's own headers, no npm
 * dependency) that dlopens a built libkforge.so and calls any of its entry points by name through
 * kf_call, with typed arrays as the tensors and 32-bit words as the scalars. Compiled on first use by
 * src/node/binding.ts, which reads the entries (kf_entries_json) and checks the arguments.
 */
#define NAPI_VERSION 8
#define _GNU_SOURCE
#include <node_api.h>

#include <dlfcn.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* mirrors kforge.h (ABI version 1) */
typedef struct kf_dispatch_info {
  int kernel_id;
  int tuned;
  int tuned_M, tuned_N, tuned_K;
  const char* kernel;
  const char* config;
} kf_dispatch_info;

typedef union kf_value {
  int32_t i;
  float f;
} kf_value;

typedef int (*kf_call_fn)(const char* entry, void* const* tensors, const kf_value* scalars, kf_dispatch_info* info);
typedef const char* (*kf_string_fn)(void);

#define CHECK(call)                                            \
  do {                                                         \
    if ((call) != napi_ok) {                                   \
      napi_throw_error(env, NULL, "kforge binding: " #call);   \
      return NULL;                                             \
    }                                                          \
  } while (0)

static void* handle_of(napi_env env, napi_value v) {
  void* handle = NULL;
  if (napi_get_value_external(env, v, &handle) != napi_ok) return NULL;
  return handle;
}

static int string_arg(napi_env env, napi_value v, char* out, size_t size) {
  size_t length = 0;
  return napi_get_value_string_utf8(env, v, out, size, &length) == napi_ok && length < size - 1;
}

/* the data of a typed array, or NULL for null/undefined; 0 when the value is neither */
static int pointer_arg(napi_env env, napi_value v, void** out) {
  napi_valuetype type;
  if (napi_typeof(env, v, &type) != napi_ok) return 0;
  if (type == napi_null || type == napi_undefined) {
    *out = NULL;
    return 1;
  }
  bool is_typed = false;
  if (napi_is_typedarray(env, v, &is_typed) != napi_ok || !is_typed) return 0;
  napi_typedarray_type ta;
  size_t length;
  napi_value buffer;
  size_t offset;
  return napi_get_typedarray_info(env, v, &ta, &length, out, &buffer, &offset) == napi_ok;
}

/* open(path) -> external library handle */
static napi_value open_library(napi_env env, napi_callback_info cb) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, cb, &argc, argv, NULL, NULL));
  char path[4096];
  if (argc < 1 || !string_arg(env, argv[0], path, sizeof path)) {
    napi_throw_type_error(env, NULL, "open(path): path must be a string");
    return NULL;
  }
  // an OpenMP runtime loaded with a placement (OMP_PROC_BIND) binds the loading thread to its first
  // place: Node's main thread, whose mask every process it spawns then inherits (a C harness started
  // after this ran its threads on one core); the thread keeps the mask it had
  cpu_set_t mask;
  const int have_mask = sched_getaffinity(0, sizeof mask, &mask) == 0;
  void* handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (have_mask) sched_setaffinity(0, sizeof mask, &mask);
  if (!handle) {
    napi_throw_error(env, NULL, dlerror());
    return NULL;
  }
  napi_value result;
  CHECK(napi_create_external(env, handle, NULL, NULL, &result));
  return result;
}

static void* symbol_arg(napi_env env, napi_value handle_value, napi_value name_value) {
  void* handle = handle_of(env, handle_value);
  char name[256];
  if (!handle || !string_arg(env, name_value, name, sizeof name)) {
    napi_throw_type_error(env, NULL, "expected (library handle, symbol name)");
    return NULL;
  }
  void* fn = dlsym(handle, name);
  if (!fn) {
    char message[320];
    snprintf(message, sizeof message, "the library has no symbol %s", name);
    napi_throw_error(env, NULL, message);
  }
  return fn;
}

/* string(handle, symbol) -> the result of a `const char* symbol(void)` */
static napi_value call_string(napi_env env, napi_callback_info cb) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(napi_get_cb_info(env, cb, &argc, argv, NULL, NULL));
  if (argc < 2) {
    napi_throw_type_error(env, NULL, "string(handle, symbol)");
    return NULL;
  }
  kf_string_fn fn = (kf_string_fn)symbol_arg(env, argv[0], argv[1]);
  if (!fn) return NULL;
  napi_value result;
  CHECK(napi_create_string_utf8(env, fn(), NAPI_AUTO_LENGTH, &result));
  return result;
}

#define MAX_TENSORS 64

/*
 * call(handle, entry, tensors, scalars, repeats)
 *   -> [status, kernel_id, tuned, tuned_M, tuned_N, tuned_K, kernel, config, seconds]
 * tensors: an array of typed arrays or null, in the entry's order; scalars: an Int32Array of the
 * scalars' 32-bit words (float scalars as their bits). The call runs `repeats` times (at least
 * once); seconds is the wall time of all of them.
 */
static napi_value call_entry(napi_env env, napi_callback_info cb) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK(napi_get_cb_info(env, cb, &argc, argv, NULL, NULL));
  if (argc < 5) {
    napi_throw_type_error(env, NULL, "call: expected 5 arguments");
    return NULL;
  }
  napi_value call_name;
  CHECK(napi_create_string_utf8(env, "kf_call", NAPI_AUTO_LENGTH, &call_name));
  kf_call_fn fn = (kf_call_fn)symbol_arg(env, argv[0], call_name);
  if (!fn) return NULL;
  char entry[256];
  if (!string_arg(env, argv[1], entry, sizeof entry)) {
    napi_throw_type_error(env, NULL, "call: the entry must be a string");
    return NULL;
  }
  uint32_t count = 0;
  CHECK(napi_get_array_length(env, argv[2], &count));
  if (count > MAX_TENSORS) {
    napi_throw_range_error(env, NULL, "call: too many tensors");
    return NULL;
  }
  void* tensors[MAX_TENSORS];
  for (uint32_t i = 0; i < count; i++) {
    napi_value item;
    CHECK(napi_get_element(env, argv[2], i, &item));
    if (!pointer_arg(env, item, &tensors[i])) {
      napi_throw_type_error(env, NULL, "call: tensors must be typed arrays or null");
      return NULL;
    }
  }
  void* scalars = NULL;
  if (!pointer_arg(env, argv[3], &scalars)) {
    napi_throw_type_error(env, NULL, "call: scalars must be an Int32Array");
    return NULL;
  }
  int32_t repeats = 1;
  CHECK(napi_get_value_int32(env, argv[4], &repeats));
  if (repeats < 1) repeats = 1;
  kf_dispatch_info info = {0};
  int status = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < repeats; r++) status = fn(entry, tensors, (const kf_value*)scalars, &info);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  const double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  napi_value result, item;
  CHECK(napi_create_array_with_length(env, 9, &result));
  const int numbers[6] = {status, info.kernel_id, info.tuned, info.tuned_M, info.tuned_N, info.tuned_K};
  for (int i = 0; i < 6; i++) {
    CHECK(napi_create_int32(env, numbers[i], &item));
    CHECK(napi_set_element(env, result, i, item));
  }
  CHECK(napi_create_string_utf8(env, info.kernel ? info.kernel : "", NAPI_AUTO_LENGTH, &item));
  CHECK(napi_set_element(env, result, 6, item));
  CHECK(napi_create_string_utf8(env, info.config ? info.config : "", NAPI_AUTO_LENGTH, &item));
  CHECK(napi_set_element(env, result, 7, item));
  CHECK(napi_create_double(env, seconds, &item));
  CHECK(napi_set_element(env, result, 8, item));
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  const napi_property_descriptor methods[] = {
    {"open", NULL, open_library, NULL, NULL, NULL, napi_default, NULL},
    {"string", NULL, call_string, NULL, NULL, NULL, napi_default, NULL},
    {"call", NULL, call_entry, NULL, NULL, NULL, napi_default, NULL},
  };
  if (napi_define_properties(env, exports, sizeof methods / sizeof methods[0], methods) != napi_ok) return NULL;
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
