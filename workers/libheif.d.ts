/** The ES-module wasm bundle of libheif-js ships no declarations of its own; heicDecoder.ts types what it uses. */
declare module 'libheif-js/libheif-wasm/libheif-bundle.mjs' {
  const factory: () => unknown;
  export default factory;
}
