// wgsl_reflect's package entry is a CommonJS file in a "type": "module" package, which Node cannot
// import; its ES module build has no declarations of its own, so it borrows the package's.
declare module 'wgsl_reflect/wgsl_reflect.module.js' {
  export * from 'wgsl_reflect';
}
