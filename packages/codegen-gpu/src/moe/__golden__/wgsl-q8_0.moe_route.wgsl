@group(0) @binding(0) var<storage, read> moe_scores: array<f32>;
@group(0) @binding(1) var<storage, read_write> moe_ids: array<i32>;
@group(0) @binding(2) var<storage, read_write> moe_w: array<f32>;
struct KfScalars {
  T: i32,
};
@group(0) @binding(3) var<uniform> kf_scalars: KfScalars;
var<workgroup> lg: array<f32, 8>;
var<workgroup> pe: array<f32, 8>;
var<workgroup> rk: array<i32, 8>;

@compute @workgroup_size(32, 1, 1)
fn moe_route(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(32u, 1u, 1u);
  // top-3 of 8 router logits per token (rank: larger logits, or equal ones at a lower index, first), weights renormalized
  // lg: a workgroup array declared at module scope
  // pe: a workgroup array declared at module scope
  // rk: a workgroup array declared at module scope
  let tid: i32 = i32(kf_tid.x);
  let t_raw: i32 = (i32(kf_gid.x) + (i32(kf_gid.y) * i32(kf_groups.x)));
  let t: i32 = min(t_raw, (kf_scalars.T - 1i));
  for (var e: i32 = tid; e < 8i; e += 32i) {
    lg[e] = moe_scores[((t * 8i) + e)];
  }
  workgroupBarrier();
  for (var e: i32 = tid; e < 8i; e += 32i) {
    let l: f32 = lg[e];
    var mx: f32 = lg[0i];
    var rank: i32 = 0i;
    for (var e2: i32 = 0i; e2 < 8i; e2 += 1i) {
      let l2: f32 = lg[e2];
      mx = max(mx, l2);
      rank = (rank + select(0i, 1i, ((l2 > l) || ((l2 == l) && (e2 < e)))));
    }
    pe[e] = exp((l - mx));
    rk[e] = rank;
  }
  workgroupBarrier();
  for (var e: i32 = tid; e < 8i; e += 32i) {
    let r: i32 = rk[e];
    if (((r < 3i) && (t_raw < kf_scalars.T))) {
      var den: f32 = 0.0f;
      for (var e2: i32 = 0i; e2 < 8i; e2 += 1i) {
        den = (den + select(0.0f, pe[e2], (rk[e2] < 3i)));
      }
      moe_ids[((t * 3i) + r)] = e;
      moe_w[((t * 3i) + r)] = (pe[e] / den);
    }
  }
}
