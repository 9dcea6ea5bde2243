/** Build-time settings with the defaults agreed in docs/CONVENTIONS.md. */
function pick(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

// Each variable is named in full: Vite replaces only static `import.meta.env.VITE_*` references.
export const env = {
  apiUrl: pick(import.meta.env.VITE_API_URL, '/api/v2'),
  gatewayUrl: pick(import.meta.env.VITE_GATEWAY_URL, '/api/gateway'),
  editorApiUrl: pick(import.meta.env.VITE_EDITOR_API_URL, '/api/editor'),
  apiV3Url: pick(import.meta.env.VITE_API_V3_URL, '/api/v3'),
  defaultLocale: pick(import.meta.env.VITE_DEFAULT_LOCALE, 'en'),
} as const;
