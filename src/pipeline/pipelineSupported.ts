/** Whether this browser can run the on-device pipeline (module workers with OffscreenCanvas and createImageBitmap). */
export function pipelineSupported(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap === 'function';
}
