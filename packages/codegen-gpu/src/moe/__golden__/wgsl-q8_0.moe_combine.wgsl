@group(0) @binding(0) var<storage, read> moe_meta: array<i32>;
@group(0) @binding(1) var<storage, read> moe_partial: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
struct KfScalars {
  T: i32,
};
@group(0) @binding(3) var<uniform> kf_scalars: KfScalars;

@compute @workgroup_size(256, 1, 1)
fn moe_combine(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(256u, 1u, 1u);
  // combine: y = the 3 weighted expert outputs of each token, summed in slot order
  let i: i32 = (((i32(kf_gid.x) + (i32(kf_gid.y) * i32(kf_groups.x))) * 256i) + i32(kf_tid.x));
  if ((i < (kf_scalars.T * 128i))) {
    let t: i32 = (i / 128i);
    let h: i32 = (i % 128i);
    var sum: f32 = 0.0f;
    for (var r: i32 = 0i; r < 3i; r += 1i) {
      let j: i32 = moe_meta[((25i + (kf_scalars.T * 3i)) + ((t * 3i) + r))];
      if ((j >= 0i)) {
        sum = (sum + moe_partial[((j * 128i) + h)]);
      }
    }
    y[i] = sum;
  }
}
