@group(0) @binding(0) var<storage, read> moe_ids: array<i32>;
@group(0) @binding(1) var<storage, read_write> moe_meta: array<i32>;
struct KfScalars {
  T: i32,
};
@group(0) @binding(2) var<uniform> kf_scalars: KfScalars;
var<workgroup> cnt: array<i32, 8>;

@compute @workgroup_size(32, 1, 1)
fn moe_group(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(32u, 1u, 1u);
  // group the T x 3 routed pairs by expert (8 experts): counts, offsets, active list, permutation
  // cnt: a workgroup array declared at module scope
  let tid: i32 = i32(kf_tid.x);
  let P: i32 = (kf_scalars.T * 3i);
  for (var e: i32 = tid; e < 8i; e += 32i) {
    var n: i32 = 0i;
    for (var p: i32 = 0i; p < P; p += 1i) {
      n = (n + select(0i, 1i, (moe_ids[p] == e)));
    }
    cnt[e] = n;
  }
  workgroupBarrier();
  var n_active: i32 = 0i;
  for (var e2: i32 = 0i; e2 < 8i; e2 += 1i) {
    n_active = (n_active + select(0i, 1i, (cnt[e2] > 0i)));
  }
  if ((tid == 0i)) {
    moe_meta[0i] = n_active;
  }
  for (var e: i32 = tid; e < 8i; e += 32i) {
    var off: i32 = 0i;
    var before: i32 = 0i;
    for (var e2: i32 = 0i; e2 < e; e2 += 1i) {
      let n2: i32 = cnt[e2];
      off = (off + n2);
      before = (before + select(0i, 1i, (n2 > 0i)));
    }
    let n: i32 = cnt[e];
    moe_meta[(e + 9i)] = off;
    moe_meta[(e + 17i)] = n;
    if ((n > 0i)) {
      moe_meta[(before + 1i)] = e;
    }
    if ((e >= n_active)) {
      moe_meta[(e + 1i)] = 0i;
    }
    var j: i32 = off;
    for (var p: i32 = 0i; p < P; p += 1i) {
      if ((moe_ids[p] == e)) {
        moe_meta[(j + 25i)] = p;
        moe_meta[((p + 25i) + P)] = j;
        j = (j + 1i);
      }
    }
  }
  for (var p: i32 = tid; p < P; p += 32i) {
    let bad: i32 = moe_ids[p];
    if (((bad < 0i) || (bad >= 8i))) {
      moe_meta[((p + 25i) + P)] = (-1i);
    }
  }
}
