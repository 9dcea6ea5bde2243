/** Entry of the image worker: exposes imageWorkerApi.ts to the page (src/pipeline/createPipeline.ts). */
import * as Comlink from 'comlink';
import { imageWorkerApi } from './imageWorkerApi.ts';

Comlink.expose(imageWorkerApi);
