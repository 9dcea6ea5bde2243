/** Test-only module worker: decodeImage where the app runs it, in a worker (decode.browser.test.ts). */
import { decodeImage } from './decode.ts';

self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    const decoded = await decodeImage(event.data);
    const { working, proxy, ...info } = decoded;
    working.close();
    self.postMessage({ ...info, proxy }, { transfer: [proxy] });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.name : String(error) });
  }
};
