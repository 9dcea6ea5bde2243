// Vite resolves `?url` imports to a same-origin asset URL (workers/ is type-checked without vite/client).
declare module '*?url' {
  const url: string;
  export default url;
}
