/** Test-only module worker: both MediaPipe tasks in one worker (visionRuntime.browser.test.ts). */
import { detectFaces, warmFace } from './face.ts';
import { segmentPerson, warmSegment } from './segment.ts';

self.onmessage = async (event: MessageEvent<ImageBitmap>) => {
  try {
    // Concurrent creation: both tasks must get a ModuleFactory.
    await Promise.all([warmFace(), warmSegment()]);
    const faces = await detectFaces(event.data);
    const mask = await segmentPerson(event.data);
    const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
    self.postMessage({ faces: faces.length, mask: [mask.width, mask.height], origin: self.location.origin, resources });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
};
