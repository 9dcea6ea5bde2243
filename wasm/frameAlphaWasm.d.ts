/** Vite's `?init` import of the built kernel (vite/client declares it for the app; workers type-check without it). */
declare module '*/build/frameAlpha.wasm?init' {
  const init: (imports?: WebAssembly.Imports) => Promise<WebAssembly.Instance>;
  export default init;
}
