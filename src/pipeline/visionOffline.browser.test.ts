import { expect, it } from 'vitest';

it('the vision worker refuses cross-origin requests (tasks-vision telemetry) without touching the network', async () => {
  // Loaded as a plain module, the worker entry patches this page's fetch like it patches its worker's.
  await import(/* @vite-ignore */ `${location.origin}/workers/vision.worker.ts`);
  await expect(fetch('https://odml.pa.googleapis.com/v1/log', { method: 'POST', body: 'log' })).rejects.toThrow(
    'Blocked a request to https://odml.pa.googleapis.com',
  );
  await expect(fetch(new Request('https://example.com/x'))).rejects.toThrow('Blocked a request to https://example.com');
  const sameOrigin = await fetch(location.href);
  expect(sameOrigin.ok).toBe(true);
});
