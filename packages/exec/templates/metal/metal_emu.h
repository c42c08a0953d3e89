// kforge Metal emulation: Metal Shading Language compute kernels compiled as C++17 by clang-19 and
// executed on the CPU with real threadgroup semantics. There is no Apple compiler on Linux; results
// obtained this way are labelled "metal (emulated on CPU, clang-19 C++17)".
//
// Build: clang++-19 -std=c++17 -O2 -Wno-unknown-attributes -I<templates/metal/include> -I<templates/metal>
//
// CONVENTIONS a kforge MSL kernel follows (the codegen emits real MSL that an Apple compiler takes):
//  1. Arguments: buffers `device T* name [[buffer(i)]]` in the artifact's args order, then scalars
//     `constant T& name [[buffer(j)]]` (i32/u32/f32, j continuing the count), THEN the thread-index
//     parameters, last. Index parameters carry their MSL attribute ([[thread_position_in_grid]],
//     [[threadgroup_position_in_grid]], [[thread_position_in_threadgroup]], [[threads_per_threadgroup]],
//     [[threadgroups_per_grid]], [[threads_per_grid]], [[thread_index_in_threadgroup]],
//     [[thread_index_in_simdgroup]], [[simdgroup_index_in_threadgroup]], [[threads_per_simdgroup]],
//     [[simdgroups_per_threadgroup]]), in any order and any subset, typed uint/ushort or uint2/uint3
//     (ushort2/ushort3) as MSL allows. How: each attribute name is a macro that closes the attribute and
//     gives the parameter a default argument read from the running invocation, so the host calls
//     `entry(buffers..., scalars...)`; default arguments must be trailing, hence "last". These names
//     must not be used as identifiers.
//  2. Threadgroup memory is declared at kernel scope, `threadgroup T name[N];` (it becomes a
//     `static thread_local` shared by the threadgroup's invocations). `threadgroup` may not appear on
//     pointers, parameters or [[threadgroup(i)]] arguments: pass indices, not threadgroup pointers.
//  3. simdgroup functions are called in simdgroup-uniform control flow; lanes that returned early are
//     inactive (they do not take part, as on the GPU). Two different simd calls in the two branches of
//     a divergent `if` are not modelled.
//  4. Vector constructors `float4(a, b, c, d)`, `float4(x)`, `float4(v.xy, z, w)`, `float4(int4v)` are
//     function-like macros, so a vector type name directly followed by `(` is always a construction.
//     Packed types (packed_float3...) convert to and from their vector, index with [], and have .x/.y/.z/.w.
//
// EXECUTION: each threadgroup runs as one fiber (own stack with a guard page) per invocation
// on one OS thread, resumed round-robin in thread-index order: deterministic, and cheap enough for
// thousands of invocations. threadgroup_barrier suspends the fiber until every invocation of the
// threadgroup arrived (an invocation that finished while others wait is reported as divergence and the
// run fails); simd functions suspend until every active lane of the simdgroup (32 lanes, by
// thread_index_in_threadgroup / 32) arrived and then exchange values. Threadgroups are distributed
// over KF_EMU_THREADS OS threads (default: the hardware threads), each with its own threadgroup memory.
#pragma once
// Only C headers and <type_traits>: every kernel build parses this file, and the C++ library headers
// (<thread>, <vector>, <string>) would double its compile time.
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <pthread.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

// ---------------------------------------------------------------------------------------------------
// Scalar and vector types (global, as in MSL)
// ---------------------------------------------------------------------------------------------------
typedef _Float16 half;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

namespace kf {
/** n = 0 for scalars; for vectors the lane count and the element type. */
template <class T> struct vec_info { static constexpr int n = 0; static constexpr bool packed = false; using elem = T; };
template <class E, int N> struct vec_of;
template <class E, int N> struct packed;
} // namespace kf

#define KF_VECTOR_TYPE(E, N)                                                                          \
  typedef E E##N __attribute__((ext_vector_type(N)));                                                \
  typedef kf::packed<E, N> packed_##E##N;                                                             \
  template <> struct kf::vec_info<E##N> { static constexpr int n = N; static constexpr bool packed = false; using elem = E; }; \
  template <> struct kf::vec_of<E, N> { using type = E##N; };
#define KF_VECTOR_TYPES(E) KF_VECTOR_TYPE(E, 2) KF_VECTOR_TYPE(E, 3) KF_VECTOR_TYPE(E, 4)
KF_VECTOR_TYPES(float)
KF_VECTOR_TYPES(half)
KF_VECTOR_TYPES(int)
KF_VECTOR_TYPES(uint)
KF_VECTOR_TYPES(short)
KF_VECTOR_TYPES(ushort)
KF_VECTOR_TYPES(char)
KF_VECTOR_TYPES(uchar)
#undef KF_VECTOR_TYPES
#undef KF_VECTOR_TYPE

namespace kf {
template <class E, int N> struct packed_lanes { E elems[N]; };
template <class E> struct packed_lanes<E, 2> { union { E elems[2]; struct { E x, y; }; }; };
template <class E> struct packed_lanes<E, 3> { union { E elems[3]; struct { E x, y, z; }; }; };
template <class E> struct packed_lanes<E, 4> { union { E elems[4]; struct { E x, y, z, w; }; }; };

/** MSL packed_<type><n>: no padding (packed_float3 is 12 bytes), aligned like its element. */
template <class E, int N> struct packed : packed_lanes<E, N> {
  using vector = typename vec_of<E, N>::type;
  packed() = default;
  packed(vector v) { for (int i = 0; i < N; ++i) this->elems[i] = v[i]; }
  operator vector() const { vector v; for (int i = 0; i < N; ++i) v[i] = this->elems[i]; return v; }
  E &operator[](int i) { return this->elems[i]; }
  E operator[](int i) const { return this->elems[i]; }
};
template <class E, int N> struct vec_info<packed<E, N>> { static constexpr int n = N; static constexpr bool packed = true; using elem = E; };

template <class T> using elem_t = typename vec_info<T>::elem;
template <class T> constexpr int lanes_of = vec_info<T>::n == 0 ? 1 : vec_info<T>::n;
template <class T> constexpr bool is_vector = vec_info<T>::n > 0 && !vec_info<T>::packed;
template <class T> constexpr bool is_scalar = std::is_arithmetic_v<T> || std::is_same_v<T, half>;
template <class T> constexpr bool is_float_like = (is_scalar<T> || is_vector<T>) &&
    (std::is_same_v<elem_t<T>, float> || std::is_same_v<elem_t<T>, half>);
template <class T> constexpr bool is_int_like = (is_scalar<T> || is_vector<T>) && std::is_integral_v<elem_t<T>>;
template <class T> constexpr bool is_numeric = is_float_like<T> || is_int_like<T>;
template <class T> using if_float = std::enable_if_t<is_float_like<T>, int>;
template <class T> using if_int = std::enable_if_t<is_int_like<T>, int>;
template <class T> using if_numeric = std::enable_if_t<is_numeric<T>, int>;

template <class T> inline elem_t<T> lane(const T &v, int i) {
  if constexpr (vec_info<T>::n == 0) { (void)i; return v; } else return v[i];
}

/** Apply f lane by lane (a scalar is one lane). */
template <class T, class F> inline T map(T a, F f) {
  if constexpr (vec_info<T>::n == 0) return f(a);
  else { T r; for (int i = 0; i < vec_info<T>::n; ++i) r[i] = f(a[i]); return r; }
}
template <class T, class F> inline T map(T a, T b, F f) {
  if constexpr (vec_info<T>::n == 0) return f(a, b);
  else { T r; for (int i = 0; i < vec_info<T>::n; ++i) r[i] = f(a[i], b[i]); return r; }
}
template <class T, class F> inline T map(T a, T b, T c, F f) {
  if constexpr (vec_info<T>::n == 0) return f(a, b, c);
  else { T r; for (int i = 0; i < vec_info<T>::n; ++i) r[i] = f(a[i], b[i], c[i]); return r; }
}

/** The vector constructors of MSL: splat one scalar, convert one vector, or concatenate lanes. */
template <class V, class... A> inline V make_vec(const A &...args) {
  using E = elem_t<V>;
  constexpr int n = vec_info<V>::n;
  V r;
  if constexpr (sizeof...(A) == 1 && (vec_info<A>::n + ...) == 0) {
    for (int i = 0; i < n; ++i) r[i] = static_cast<E>((args, ...));
  } else {
    static_assert((lanes_of<A> + ...) == n, "vector constructor: the arguments do not give exactly the lanes of the vector");
    int k = 0;
    auto put = [&](const auto &a) {
      using T = std::decay_t<decltype(a)>;
      for (int i = 0; i < lanes_of<T>; ++i) r[k++] = static_cast<E>(lane(a, i));
    };
    (put(args), ...);
  }
  return r;
}

// ---------------------------------------------------------------------------------------------------
// The runtime: fibers per threadgroup, barriers, simdgroup exchange, dispatch over OS threads
// ---------------------------------------------------------------------------------------------------
constexpr unsigned simd_width = 32;
constexpr unsigned max_threads_per_threadgroup = 1024;
/** Bytes each lane can exchange in one simd call (a float4 needs 16). */
constexpr unsigned simd_slot_bytes = 64;
#ifndef KF_EMU_STACK_BYTES
#define KF_EMU_STACK_BYTES (256u * 1024u)
#endif

[[noreturn]] inline void fatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::fputs("metal-emu: ", stderr);
  std::vfprintf(stderr, format, args);
  std::fputc('\n', stderr);
  va_end(args);
  std::fflush(stderr);
  std::_Exit(3);
}

enum class IndexKind {
  thread_position_in_grid, threadgroup_position_in_grid, thread_position_in_threadgroup,
  threads_per_threadgroup, threadgroups_per_grid, threads_per_grid, thread_index_in_threadgroup,
  thread_index_in_simdgroup, simdgroup_index_in_threadgroup, threads_per_simdgroup, simdgroups_per_threadgroup,
};

/** One index parameter's value; converts to uint, ushort, uint2, uint3 ... as the kernel declares it. */
struct IndexValue {
  uint3 v;
  template <class T, std::enable_if_t<is_int_like<T>, int> = 0> operator T() const {
    if constexpr (vec_info<T>::n == 0) return static_cast<T>(v.x);
    else {
      static_assert(vec_info<T>::n <= 3, "index parameters have at most 3 components");
      T r;
      for (int i = 0; i < vec_info<T>::n; ++i) r[i] = static_cast<elem_t<T>>(v[i]);
      return r;
    }
  }
};

struct Launch {
  uint3 grid;              // threadgroups per grid
  uint3 threads_per_group; // threads per threadgroup
  void (*thunk)(void *);   // calls the kernel entry with its buffers and scalars
  void *closure;
};

enum class FiberState : unsigned char { runnable, at_threadgroup_barrier, at_simd_sync, done };

// Fiber switch. On x86-64 a hand-written switch of the callee-saved registers (about 100x faster than
// swapcontext, which makes a signal-mask system call each time); elsewhere ucontext.
#if defined(__x86_64__)
extern "C" void kf_switch_fiber(void **save_sp, void *load_sp);
asm(R"(
  .text
  .weak kf_switch_fiber
  .type kf_switch_fiber, @function
kf_switch_fiber:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size kf_switch_fiber, .-kf_switch_fiber
)");
struct FiberContext {
  void *sp;
  /** A stack whose first switch "returns" into entry, aligned as if entry had been called. */
  void start(char *stack, size_t bytes, void (*entry)()) {
    auto *top = reinterpret_cast<void **>(reinterpret_cast<uintptr_t>(stack + bytes) & ~uintptr_t(15));
    *--top = nullptr;                             // entry's return address: it never returns
    *--top = reinterpret_cast<void *>(entry);    // popped by the switch's ret
    for (int i = 0; i < 6; ++i) *--top = nullptr; // rbp rbx r12 r13 r14 r15
    sp = top;
  }
};
inline void switch_fiber(FiberContext &from, FiberContext &to) { kf_switch_fiber(&from.sp, to.sp); }
#else
struct FiberContext {
  ucontext_t uc;
  void start(char *stack, size_t bytes, void (*entry)()) {
    getcontext(&uc);
    uc.uc_stack.ss_sp = stack;
    uc.uc_stack.ss_size = bytes;
    uc.uc_link = nullptr;
    makecontext(&uc, entry, 0);
  }
};
inline void switch_fiber(FiberContext &from, FiberContext &to) { swapcontext(&from.uc, &to.uc); }
#endif

struct Fiber {
  FiberContext context;
  FiberState state;
  unsigned simd_syncs; // simd calls made so far; its parity picks the exchange buffer
};

/** Runs threadgroups one after another on the calling OS thread. */
class Scheduler {
public:
  Scheduler(const Launch &launch) : launch_(launch) {
    const uint3 t = launch.threads_per_group;
    threads_ = t.x * t.y * t.z;
    if (threads_ == 0 || threads_ > max_threads_per_threadgroup)
      fatal("threads per threadgroup (%u,%u,%u) = %u is outside 1..%u", t.x, t.y, t.z, threads_, max_threads_per_threadgroup);
    simdgroups_ = (threads_ + simd_width - 1) / simd_width;
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    stride_ = (KF_EMU_STACK_BYTES + page_ - 1) / page_ * page_ + page_; // + one guard page below each stack
    stacks_ = static_cast<char *>(mmap(nullptr, stride_ * threads_, PROT_READ | PROT_WRITE,
                                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0));
    if (stacks_ == MAP_FAILED) fatal("cannot map %u fiber stacks", threads_);
    for (unsigned i = 0; i < threads_; ++i) mprotect(stacks_ + i * stride_, page_, PROT_NONE);
    fibers_ = static_cast<Fiber *>(std::calloc(threads_, sizeof(Fiber)));
    exchange_ = static_cast<unsigned char *>(std::calloc(static_cast<size_t>(simdgroups_) * 2 * simd_width, simd_slot_bytes));
    active_ = static_cast<uint32_t *>(std::calloc(static_cast<size_t>(simdgroups_) * 2, sizeof(uint32_t)));
    if (!fibers_ || !exchange_ || !active_) fatal("out of memory for %u fibers", threads_);
  }
  ~Scheduler() {
    munmap(stacks_, stride_ * threads_);
    std::free(fibers_);
    std::free(exchange_);
    std::free(active_);
  }
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  void run_threadgroup(uint3 group) {
    group_ = group;
    for (unsigned i = 0; i < threads_; ++i) {
      Fiber &f = fibers_[i];
      f.context.start(stacks_ + i * stride_ + page_, stride_ - page_, &Scheduler::fiber_main);
      f.state = FiberState::runnable;
      f.simd_syncs = 0;
    }
    for (;;) {
      for (unsigned i = 0; i < threads_; ++i) {
        if (fibers_[i].state != FiberState::runnable) continue;
        current_ = i;
        switch_fiber(main_, fibers_[i].context);
      }
      // every invocation is now done or waiting; release whoever can go on
      unsigned done = 0, at_barrier = 0, at_simd = 0;
      for (unsigned i = 0; i < threads_; ++i) {
        const Fiber &f = fibers_[i];
        done += f.state == FiberState::done;
        at_barrier += f.state == FiberState::at_threadgroup_barrier;
        at_simd += f.state == FiberState::at_simd_sync;
      }
      if (done == threads_) return;
      if (at_simd) { release_simd_syncs(); continue; }
      if (done)
        fatal("threadgroup_barrier divergence in threadgroup (%u,%u,%u): %u of %u invocations wait at a barrier that %u finished without reaching",
              group.x, group.y, group.z, at_barrier, threads_, done);
      for (unsigned i = 0; i < threads_; ++i) fibers_[i].state = FiberState::runnable;
    }
  }

  // --- called from inside a fiber ---
  void wait(FiberState state) {
    Fiber &f = fibers_[current_];
    f.state = state;
    switch_fiber(f.context, main_);
  }
  unsigned current() const { return current_; }
  unsigned next_simd_parity() { return fibers_[current_].simd_syncs++ & 1u; }
  unsigned char *exchange_slot(unsigned simdgroup, unsigned parity, unsigned lane) {
    return &exchange_[((static_cast<size_t>(simdgroup) * 2 + parity) * simd_width + lane) * simd_slot_bytes];
  }
  uint32_t active_lanes(unsigned simdgroup, unsigned parity) const { return active_[simdgroup * 2 + parity]; }

  IndexValue index(IndexKind kind) const {
    const uint3 t = launch_.threads_per_group;
    const unsigned i = current_;
    const uint3 local = {i % t.x, (i / t.x) % t.y, i / (t.x * t.y)};
    switch (kind) {
    case IndexKind::thread_position_in_grid: return {group_ * t + local};
    case IndexKind::threadgroup_position_in_grid: return {group_};
    case IndexKind::thread_position_in_threadgroup: return {local};
    case IndexKind::threads_per_threadgroup: return {t};
    case IndexKind::threadgroups_per_grid: return {launch_.grid};
    case IndexKind::threads_per_grid: return {launch_.grid * t};
    case IndexKind::thread_index_in_threadgroup: return {uint3{i, 0, 0}};
    case IndexKind::thread_index_in_simdgroup: return {uint3{i % simd_width, 0, 0}};
    case IndexKind::simdgroup_index_in_threadgroup: return {uint3{i / simd_width, 0, 0}};
    case IndexKind::threads_per_simdgroup: return {uint3{simd_width, 0, 0}};
    case IndexKind::simdgroups_per_threadgroup: return {uint3{simdgroups_, 0, 0}};
    }
    fatal("unknown index kind");
  }

private:
  static void fiber_main();

  void release_simd_syncs() {
    for (unsigned g = 0; g < simdgroups_; ++g) {
      uint32_t waiting = 0;
      unsigned syncs = 0;
      for (unsigned lane = 0; lane < simd_width && g * simd_width + lane < threads_; ++lane) {
        const Fiber &f = fibers_[g * simd_width + lane];
        if (f.state != FiberState::at_simd_sync) continue;
        if (waiting && f.simd_syncs != syncs)
          fatal("simdgroup %u of threadgroup (%u,%u,%u): lanes wait at different simd calls (divergent simd calls are not modelled)",
                g, group_.x, group_.y, group_.z);
        syncs = f.simd_syncs;
        waiting |= 1u << lane;
      }
      if (!waiting) continue;
      active_[g * 2 + ((syncs - 1) & 1u)] = waiting;
      for (unsigned lane = 0; lane < simd_width; ++lane)
        if (waiting >> lane & 1u) fibers_[g * simd_width + lane].state = FiberState::runnable;
    }
  }

  Launch launch_;
  unsigned threads_ = 0, simdgroups_ = 0, current_ = 0;
  uint3 group_ = {0, 0, 0};
  size_t page_ = 0, stride_ = 0;
  char *stacks_ = nullptr;
  Fiber *fibers_ = nullptr;
  unsigned char *exchange_ = nullptr;
  uint32_t *active_ = nullptr;
  FiberContext main_;
};

inline thread_local Scheduler *current_scheduler = nullptr;

inline void Scheduler::fiber_main() {
  Scheduler &s = *current_scheduler;
  s.launch_.thunk(s.launch_.closure);
  Fiber &f = s.fibers_[s.current_];
  f.state = FiberState::done;
  switch_fiber(f.context, s.main_);
  fatal("a finished invocation was resumed");
}

inline Scheduler &scheduler() {
  if (!current_scheduler) fatal("a Metal builtin was called outside a dispatch");
  return *current_scheduler;
}

/** Selector objects for the index default arguments: `current_index[index_tag<K>[0]]`. */
template <IndexKind K> struct IndexTag { constexpr IndexKind operator[](int) const { return K; } };
template <IndexKind K> inline constexpr IndexTag<K> index_tag{};
struct CurrentIndex { IndexValue operator[](IndexKind kind) const { return scheduler().index(kind); } };
inline constexpr CurrentIndex current_index{};

constexpr unsigned max_os_threads = 64;

inline unsigned emu_threads(unsigned groups) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  if (const char *env = std::getenv("KF_EMU_THREADS")) n = std::atol(env);
  if (n < 1) n = 1;
  if (n > static_cast<long>(max_os_threads)) n = max_os_threads;
  return static_cast<unsigned>(n) < groups ? static_cast<unsigned>(n) : groups;
}

/** What each OS thread of a dispatch shares: the launch and the next threadgroup to take. */
struct DispatchWork {
  const Launch *launch;
  unsigned groups;
  unsigned next;
  static void *run(void *self) {
    DispatchWork &w = *static_cast<DispatchWork *>(self);
    const uint3 grid = w.launch->grid;
    Scheduler s(*w.launch);
    current_scheduler = &s;
    for (unsigned g; (g = __atomic_fetch_add(&w.next, 1u, __ATOMIC_RELAXED)) < w.groups;)
      s.run_threadgroup(uint3{g % grid.x, (g / grid.x) % grid.y, g / (grid.x * grid.y)});
    current_scheduler = nullptr;
    return nullptr;
  }
};

/** Run grid.x*grid.y*grid.z threadgroups of `threads_per_group` invocations of `call`. */
template <class F> void dispatch(uint3 grid, uint3 threads_per_group, F &&call) {
  const unsigned groups = grid.x * grid.y * grid.z;
  if (groups == 0) return;
  const Launch launch{grid, threads_per_group, [](void *c) { (*static_cast<std::remove_reference_t<F> *>(c))(); },
                      const_cast<void *>(static_cast<const void *>(&call))};
  DispatchWork work{&launch, groups, 0};
  pthread_t helpers[max_os_threads];
  const unsigned threads = emu_threads(groups);
  for (unsigned i = 1; i < threads; ++i)
    if (pthread_create(&helpers[i], nullptr, &DispatchWork::run, &work) != 0) fatal("cannot start an OS thread");
  DispatchWork::run(&work);
  for (unsigned i = 1; i < threads; ++i) pthread_join(helpers[i], nullptr);
}

/** Values a lane sees after a simd exchange: every active lane's deposit. */
template <class T> struct SimdExchange {
  Scheduler *s;
  unsigned simdgroup, parity, lane;
  uint32_t active;
  bool has(unsigned l) const { return l < simd_width && (active >> l & 1u); }
  T at(unsigned l) const { T v; std::memcpy(&v, s->exchange_slot(simdgroup, parity, l), sizeof(T)); return v; }
  unsigned first() const { return static_cast<unsigned>(__builtin_ctz(active)); }
};

/** Deposit x, wait for every active lane of the simdgroup, then read (buffers alternate by parity). */
template <class T> SimdExchange<T> simd_exchange(const T &x) {
  static_assert(sizeof(T) <= simd_slot_bytes && std::is_trivially_copyable_v<T>, "simd value too large");
  Scheduler &s = scheduler();
  const unsigned i = s.current(), group = i / simd_width, lane = i % simd_width;
  const unsigned parity = s.next_simd_parity();
  std::memcpy(s.exchange_slot(group, parity, lane), &x, sizeof(T));
  s.wait(FiberState::at_simd_sync);
  return {&s, group, parity, lane, s.active_lanes(group, parity)};
}

template <class T, class F> T simd_reduce(T x, F combine) {
  const SimdExchange<T> e = simd_exchange(x);
  T acc = e.at(e.first());
  for (unsigned l = e.first() + 1; l < simd_width; ++l)
    if (e.has(l)) acc = combine(acc, e.at(l));
  return acc;
}

template <class T, class F> T simd_scan(T x, bool inclusive, F combine, T identity) {
  const SimdExchange<T> e = simd_exchange(x);
  T acc = identity;
  for (unsigned l = 0; l < e.lane; ++l)
    if (e.has(l)) acc = combine(acc, e.at(l));
  return inclusive ? combine(acc, x) : acc;
}

// ---------------------------------------------------------------------------------------------------
// Host side: buffers from files, one checked run, timed repeats (used by the generated host)
// ---------------------------------------------------------------------------------------------------
enum class BufferRole { in, out, scratch };

/** A buffer argument: converts to whatever `device T*` the kernel declares. */
struct BufferArg {
  void *p;
  template <class T> operator T *() const { return static_cast<T *>(p); }
};

/** A scalar argument (4 bytes): binds to `constant int&`, `constant uint&` or `constant float&`. */
struct ScalarArg {
  alignas(4) unsigned char bits[4];
  explicit ScalarArg(uint32_t b) { std::memcpy(bits, &b, 4); }
  template <class T> operator T &() {
    static_assert(sizeof(T) == 4, "kforge scalars are 4 bytes (i32, u32, f32)");
    return *reinterpret_cast<T *>(bits);
  }
};

class Host {
public:
  Host(int argc, char **argv) {
    if (argc != 3) fatal("usage: %s DIR TIMED_REPEATS", argv[0]);
    dir_ = argv[1];
    repeats_ = std::atoi(argv[2]);
  }
  ~Host() {
    for (unsigned i = 0; i < count_; ++i) std::free(buffers_[i].data);
  }

  void add_buffer(const char *name, size_t bytes, size_t alloc_bytes, BufferRole role) {
    void *data = std::aligned_alloc(64, (alloc_bytes + 63) / 64 * 64);
    if (!data) fatal("cannot allocate %zu bytes for buffer %s", alloc_bytes, name);
    std::memset(data, 0xFF, alloc_bytes); // poison: outputs left unwritten read as NaN / -1
    if (count_ == max_buffers) fatal("more than %u buffers", max_buffers);
    buffers_[count_++] = {name, bytes, role, data};
    if (role == BufferRole::in) transfer("in_", buffers_[count_ - 1], false);
  }
  BufferArg buffer(size_t i) const { return {buffers_[i].data}; }

  /** The checked run, its outputs written to out_<name>.bin, then timed repeats printed as nanoseconds. */
  template <class F> int execute(F &&run_all) {
    run_all();
    for (unsigned i = 0; i < count_; ++i)
      if (buffers_[i].role == BufferRole::out) transfer("out_", buffers_[i], true);
    for (int r = 0; r < repeats_; ++r) {
      const long long start = now_ns();
      run_all();
      std::printf("kforge-time-ns %lld\n", now_ns() - start);
    }
    return 0;
  }

private:
  static constexpr unsigned max_buffers = 64;
  struct Buffer { const char *name; size_t bytes; BufferRole role; void *data; };
  static long long now_ns() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
  }
  /** Read in_<name>.bin (exactly b.bytes) or write out_<name>.bin in the run folder. */
  void transfer(const char *prefix, const Buffer &b, bool write) const {
    char path[4096];
    std::snprintf(path, sizeof path, "%s/%s%s.bin", dir_, prefix, b.name);
    FILE *f = std::fopen(path, write ? "wb" : "rb");
    if (!f) fatal("cannot open %s", path);
    if (write) {
      if (std::fwrite(b.data, 1, b.bytes, f) != b.bytes || std::fclose(f) != 0) fatal("cannot write %s", path);
      return;
    }
    const size_t got = std::fread(b.data, 1, b.bytes, f);
    const bool longer = std::fgetc(f) != EOF;
    std::fclose(f);
    if (got != b.bytes || longer) fatal("%s: expected exactly %zu bytes", path, b.bytes);
  }
  const char *dir_ = nullptr;
  int repeats_ = 0;
  unsigned count_ = 0;
  Buffer buffers_[max_buffers];
};
} // namespace kf

// ---------------------------------------------------------------------------------------------------
// The metal namespace: math, geometry, conversions, barriers, simdgroup functions, atomics
// ---------------------------------------------------------------------------------------------------
namespace metal {
using kf::if_float;
using kf::if_int;
using kf::if_numeric;

#define KF_FLOAT_FN(name, expr)                                                                       \
  template <class T, if_float<T> = 0> inline T name(T x) {                                            \
    return kf::map(x, [](auto v) { const float f = static_cast<float>(v); return static_cast<decltype(v)>(expr); }); \
  }
KF_FLOAT_FN(exp, __builtin_expf(f))
KF_FLOAT_FN(exp2, __builtin_exp2f(f))
KF_FLOAT_FN(exp10, __builtin_expf(f * 2.302585092994046f))
KF_FLOAT_FN(log, __builtin_logf(f))
KF_FLOAT_FN(log2, __builtin_log2f(f))
KF_FLOAT_FN(log10, __builtin_log10f(f))
KF_FLOAT_FN(sqrt, __builtin_sqrtf(f))
KF_FLOAT_FN(rsqrt, 1.0f / __builtin_sqrtf(f))
KF_FLOAT_FN(sin, __builtin_sinf(f))
KF_FLOAT_FN(cos, __builtin_cosf(f))
KF_FLOAT_FN(tan, __builtin_tanf(f))
KF_FLOAT_FN(tanh, __builtin_tanhf(f))
KF_FLOAT_FN(atan, __builtin_atanf(f))
KF_FLOAT_FN(erf, __builtin_erff(f))
KF_FLOAT_FN(floor, __builtin_floorf(f))
KF_FLOAT_FN(ceil, __builtin_ceilf(f))
KF_FLOAT_FN(round, __builtin_roundf(f))
KF_FLOAT_FN(rint, __builtin_rintf(f))
KF_FLOAT_FN(trunc, __builtin_truncf(f))
KF_FLOAT_FN(fract, f - __builtin_floorf(f))
KF_FLOAT_FN(fabs, __builtin_fabsf(f))
KF_FLOAT_FN(saturate, f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f))
KF_FLOAT_FN(sign, f > 0.0f ? 1.0f : (f < 0.0f ? -1.0f : 0.0f))
#undef KF_FLOAT_FN

#define KF_FLOAT_FN2(name, expr)                                                                      \
  template <class T, if_float<T> = 0> inline T name(T x, T y) {                                       \
    return kf::map(x, y, [](auto a, auto b) {                                                         \
      const float f = static_cast<float>(a), g = static_cast<float>(b);                               \
      return static_cast<decltype(a)>(expr);                                                          \
    });                                                                                               \
  }
KF_FLOAT_FN2(pow, __builtin_powf(f, g))
KF_FLOAT_FN2(powr, __builtin_powf(f, g))
KF_FLOAT_FN2(fmod, __builtin_fmodf(f, g))
KF_FLOAT_FN2(fmin, __builtin_fminf(f, g))
KF_FLOAT_FN2(fmax, __builtin_fmaxf(f, g))
KF_FLOAT_FN2(atan2, __builtin_atan2f(f, g))
KF_FLOAT_FN2(copysign, __builtin_copysignf(f, g))
KF_FLOAT_FN2(step, g < f ? 0.0f : 1.0f)
KF_FLOAT_FN2(divide, f / g)
#undef KF_FLOAT_FN2

template <class T, if_float<T> = 0> inline T fma(T a, T b, T c) {
  return kf::map(a, b, c, [](auto x, auto y, auto z) {
    return static_cast<decltype(x)>(__builtin_fmaf(static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)));
  });
}
template <class T, if_float<T> = 0> inline T mix(T x, T y, T a) { return x + (y - x) * a; }
template <class T, if_numeric<T> = 0> inline T min(T a, T b) { return kf::map(a, b, [](auto x, auto y) { return y < x ? y : x; }); }
template <class T, if_numeric<T> = 0> inline T max(T a, T b) { return kf::map(a, b, [](auto x, auto y) { return x < y ? y : x; }); }
template <class T, if_numeric<T> = 0> inline T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
template <class T, if_numeric<T> = 0> inline T abs(T x) { return kf::map(x, [](auto v) { return v < 0 ? static_cast<decltype(v)>(-v) : v; }); }
template <class T, if_float<T> = 0> inline kf::elem_t<T> dot(T a, T b) {
  static_assert(kf::is_vector<T>, "dot takes vectors");
  kf::elem_t<T> s = 0;
  for (int i = 0; i < kf::vec_info<T>::n; ++i) s += a[i] * b[i];
  return s;
}
template <class T, if_float<T> = 0> inline bool isnan(T x) { static_assert(!kf::is_vector<T>); return x != x; }
template <class T, if_float<T> = 0> inline bool isinf(T x) { static_assert(!kf::is_vector<T>); return __builtin_isinf(static_cast<float>(x)); }
template <class T, if_float<T> = 0> inline bool isfinite(T x) { static_assert(!kf::is_vector<T>); return __builtin_isfinite(static_cast<float>(x)); }
template <class T, if_int<T> = 0> inline T popcount(T x) { return kf::map(x, [](auto v) { return static_cast<decltype(v)>(__builtin_popcountll(static_cast<std::make_unsigned_t<decltype(v)>>(v))); }); }
template <class T, if_int<T> = 0> inline T clz(T x) {
  return kf::map(x, [](auto v) {
    using U = std::make_unsigned_t<decltype(v)>;
    const U u = static_cast<U>(v);
    return static_cast<decltype(v)>(u == 0 ? 8 * sizeof(U) : __builtin_clzll(u) - 8 * (sizeof(long long) - sizeof(U)));
  });
}
template <class T, if_int<T> = 0> inline T ctz(T x) {
  return kf::map(x, [](auto v) { return static_cast<decltype(v)>(v == 0 ? 8 * sizeof(v) : __builtin_ctzll(static_cast<unsigned long long>(v))); });
}
/** select(a, b, c): b where c is true, else a (lane by lane for vectors). */
template <class T, class C, if_numeric<T> = 0> inline T select(T a, T b, C c) {
  if constexpr (kf::vec_info<T>::n == 0) return c ? b : a;
  else { T r; for (int i = 0; i < kf::vec_info<T>::n; ++i) r[i] = c[i] ? b[i] : a[i]; return r; }
}
template <class T> inline bool all(T v) { for (int i = 0; i < kf::vec_info<T>::n; ++i) if (!v[i]) return false; return true; }
template <class T> inline bool any(T v) { for (int i = 0; i < kf::vec_info<T>::n; ++i) if (v[i]) return true; return false; }
/** Reinterpret the bits (MSL as_type<T>). */
template <class To, class From> inline To as_type(const From &x) {
  static_assert(sizeof(To) == sizeof(From), "as_type: sizes differ");
  return __builtin_bit_cast(To, x);
}

namespace fast {
using metal::exp; using metal::exp2; using metal::log; using metal::log2; using metal::sqrt; using metal::rsqrt;
using metal::sin; using metal::cos; using metal::tanh; using metal::pow; using metal::powr; using metal::divide;
using metal::fmin; using metal::fmax; using metal::min; using metal::max; using metal::clamp; using metal::fabs; using metal::abs;
} // namespace fast
namespace precise {
using metal::exp; using metal::exp2; using metal::log; using metal::log2; using metal::sqrt; using metal::rsqrt;
using metal::sin; using metal::cos; using metal::tanh; using metal::pow; using metal::powr; using metal::divide;
using metal::fmin; using metal::fmax; using metal::min; using metal::max; using metal::clamp; using metal::fabs; using metal::abs;
} // namespace precise

enum class mem_flags : unsigned { mem_none = 0, mem_device = 1, mem_threadgroup = 2, mem_texture = 4, mem_threadgroup_imageblock = 8 };
constexpr mem_flags operator|(mem_flags a, mem_flags b) { return static_cast<mem_flags>(static_cast<unsigned>(a) | static_cast<unsigned>(b)); }

/** Suspends until every invocation of the threadgroup arrived (memory is shared, so all writes are visible). */
inline void threadgroup_barrier(mem_flags) { kf::scheduler().wait(kf::FiberState::at_threadgroup_barrier); }
inline void simdgroup_barrier(mem_flags) { kf::simd_exchange(0); }

template <class T> inline T simd_sum(T x) { return kf::simd_reduce(x, [](T a, T b) { return a + b; }); }
template <class T> inline T simd_product(T x) { return kf::simd_reduce(x, [](T a, T b) { return a * b; }); }
template <class T> inline T simd_max(T x) { return kf::simd_reduce(x, [](T a, T b) { return max(a, b); }); }
template <class T> inline T simd_min(T x) { return kf::simd_reduce(x, [](T a, T b) { return min(a, b); }); }
template <class T> inline T simd_and(T x) { return kf::simd_reduce(x, [](T a, T b) { return a & b; }); }
template <class T> inline T simd_or(T x) { return kf::simd_reduce(x, [](T a, T b) { return a | b; }); }
template <class T> inline T simd_xor(T x) { return kf::simd_reduce(x, [](T a, T b) { return a ^ b; }); }
inline bool simd_all(bool x) { return kf::simd_reduce(x, [](bool a, bool b) { return a && b; }); }
inline bool simd_any(bool x) { return kf::simd_reduce(x, [](bool a, bool b) { return a || b; }); }
template <class T> inline T simd_prefix_inclusive_sum(T x) { return kf::simd_scan(x, true, [](T a, T b) { return a + b; }, T(0)); }
template <class T> inline T simd_prefix_exclusive_sum(T x) { return kf::simd_scan(x, false, [](T a, T b) { return a + b; }, T(0)); }
/** Lanes whose source lane is outside the simdgroup or inactive keep their own value. */
template <class T> inline T simd_shuffle(T x, ushort lane) { const auto e = kf::simd_exchange(x); return e.has(lane) ? e.at(lane) : x; }
template <class T> inline T simd_broadcast(T x, ushort lane) { return simd_shuffle(x, lane); }
template <class T> inline T simd_shuffle_down(T x, ushort delta) { const auto e = kf::simd_exchange(x); return e.has(e.lane + delta) ? e.at(e.lane + delta) : x; }
template <class T> inline T simd_shuffle_up(T x, ushort delta) { const auto e = kf::simd_exchange(x); return delta <= e.lane && e.has(e.lane - delta) ? e.at(e.lane - delta) : x; }
template <class T> inline T simd_shuffle_xor(T x, ushort mask) { const auto e = kf::simd_exchange(x); return e.has(e.lane ^ mask) ? e.at(e.lane ^ mask) : x; }
template <class T> inline T simd_broadcast_first(T x) { const auto e = kf::simd_exchange(x); return e.at(e.first()); }
inline bool simd_is_first() { const auto e = kf::simd_exchange(0); return e.lane == e.first(); }

// Atomics (MSL atomic<T>, relaxed order only, as Metal has): real atomics, since threadgroups may run on several OS threads.
enum memory_order { memory_order_relaxed = __ATOMIC_RELAXED };
template <class T> struct atomic { T kf_value; };
typedef atomic<int> atomic_int;
typedef atomic<uint> atomic_uint;
typedef atomic<float> atomic_float;
// the generic __atomic builtins, not the _n ones: those take integers and pointers only, and atomic_float is a float
template <class T> inline T atomic_load_explicit(const atomic<T> *a, memory_order) { T v; __atomic_load(&a->kf_value, &v, __ATOMIC_RELAXED); return v; }
template <class T> inline void atomic_store_explicit(atomic<T> *a, T v, memory_order) { __atomic_store(&a->kf_value, &v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_exchange_explicit(atomic<T> *a, T v, memory_order) { T old; __atomic_exchange(&a->kf_value, &v, &old, __ATOMIC_RELAXED); return old; }
template <class T> inline bool atomic_compare_exchange_weak_explicit(atomic<T> *a, T *expected, T desired, memory_order, memory_order) {
  return __atomic_compare_exchange(&a->kf_value, expected, &desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
template <class T, class F> inline T kf_atomic_update(atomic<T> *a, F f) {
  T old = atomic_load_explicit(a, memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(a, &old, f(old), memory_order_relaxed, memory_order_relaxed)) {}
  return old;
}
template <class T> inline T atomic_fetch_add_explicit(atomic<T> *a, T v, memory_order) {
  if constexpr (std::is_integral_v<T>) return __atomic_fetch_add(&a->kf_value, v, __ATOMIC_RELAXED);
  else return kf_atomic_update(a, [v](T old) { return old + v; });
}
template <class T> inline T atomic_fetch_sub_explicit(atomic<T> *a, T v, memory_order) {
  if constexpr (std::is_integral_v<T>) return __atomic_fetch_sub(&a->kf_value, v, __ATOMIC_RELAXED);
  else return kf_atomic_update(a, [v](T old) { return old - v; });
}
template <class T> inline T atomic_fetch_max_explicit(atomic<T> *a, T v, memory_order) { return kf_atomic_update(a, [v](T old) { return old < v ? v : old; }); }
template <class T> inline T atomic_fetch_min_explicit(atomic<T> *a, T v, memory_order) { return kf_atomic_update(a, [v](T old) { return v < old ? v : old; }); }
template <class T> inline T atomic_fetch_and_explicit(atomic<T> *a, T v, memory_order) { return __atomic_fetch_and(&a->kf_value, v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_fetch_or_explicit(atomic<T> *a, T v, memory_order) { return __atomic_fetch_or(&a->kf_value, v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_fetch_xor_explicit(atomic<T> *a, T v, memory_order) { return __atomic_fetch_xor(&a->kf_value, v, __ATOMIC_RELAXED); }
} // namespace metal

// metal_stdlib's float constants (the kernel IR's infinity and NaN literals)
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")

// MSL half literals: 1.0h
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wuser-defined-literals"
constexpr half operator""h(long double v) { return static_cast<half>(v); }
constexpr half operator""h(unsigned long long v) { return static_cast<half>(v); }
#pragma clang diagnostic pop

// ---------------------------------------------------------------------------------------------------
// MSL keywords, attributes and constructors as macros: last, so that nothing above is rewritten
// ---------------------------------------------------------------------------------------------------
#define kernel
#define device
#define constant
#define thread
#define threadgroup static thread_local

// `T name [[thread_position_in_grid]]` becomes `T name [[maybe_unused]] = kf::current_index[...[0]]`:
// the attribute is closed early and the parameter gets a default argument (see convention 1 above).
#define KF_INDEX_PARAM(kind) maybe_unused]] = ::kf::current_index[::kf::index_tag<::kf::IndexKind::kind>[0
#define thread_position_in_grid KF_INDEX_PARAM(thread_position_in_grid)
#define threadgroup_position_in_grid KF_INDEX_PARAM(threadgroup_position_in_grid)
#define thread_position_in_threadgroup KF_INDEX_PARAM(thread_position_in_threadgroup)
#define threads_per_threadgroup KF_INDEX_PARAM(threads_per_threadgroup)
#define threadgroups_per_grid KF_INDEX_PARAM(threadgroups_per_grid)
#define threads_per_grid KF_INDEX_PARAM(threads_per_grid)
#define thread_index_in_threadgroup KF_INDEX_PARAM(thread_index_in_threadgroup)
#define thread_index_in_simdgroup KF_INDEX_PARAM(thread_index_in_simdgroup)
#define simdgroup_index_in_threadgroup KF_INDEX_PARAM(simdgroup_index_in_threadgroup)
#define threads_per_simdgroup KF_INDEX_PARAM(threads_per_simdgroup)
#define simdgroups_per_threadgroup KF_INDEX_PARAM(simdgroups_per_threadgroup)

#define float2(...) ::kf::make_vec<::float2>(__VA_ARGS__)
#define float3(...) ::kf::make_vec<::float3>(__VA_ARGS__)
#define float4(...) ::kf::make_vec<::float4>(__VA_ARGS__)
#define half2(...) ::kf::make_vec<::half2>(__VA_ARGS__)
#define half3(...) ::kf::make_vec<::half3>(__VA_ARGS__)
#define half4(...) ::kf::make_vec<::half4>(__VA_ARGS__)
#define int2(...) ::kf::make_vec<::int2>(__VA_ARGS__)
#define int3(...) ::kf::make_vec<::int3>(__VA_ARGS__)
#define int4(...) ::kf::make_vec<::int4>(__VA_ARGS__)
#define uint2(...) ::kf::make_vec<::uint2>(__VA_ARGS__)
#define uint3(...) ::kf::make_vec<::uint3>(__VA_ARGS__)
#define uint4(...) ::kf::make_vec<::uint4>(__VA_ARGS__)
#define short2(...) ::kf::make_vec<::short2>(__VA_ARGS__)
#define short3(...) ::kf::make_vec<::short3>(__VA_ARGS__)
#define short4(...) ::kf::make_vec<::short4>(__VA_ARGS__)
#define ushort2(...) ::kf::make_vec<::ushort2>(__VA_ARGS__)
#define ushort3(...) ::kf::make_vec<::ushort3>(__VA_ARGS__)
#define ushort4(...) ::kf::make_vec<::ushort4>(__VA_ARGS__)
#define char2(...) ::kf::make_vec<::char2>(__VA_ARGS__)
#define char3(...) ::kf::make_vec<::char3>(__VA_ARGS__)
#define char4(...) ::kf::make_vec<::char4>(__VA_ARGS__)
#define uchar2(...) ::kf::make_vec<::uchar2>(__VA_ARGS__)
#define uchar3(...) ::kf::make_vec<::uchar3>(__VA_ARGS__)
#define uchar4(...) ::kf::make_vec<::uchar4>(__VA_ARGS__)
