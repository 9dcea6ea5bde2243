/** Entry of the vision worker: exposes visionWorkerApi.ts to the page (src/pipeline/createPipeline.ts). */
import * as Comlink from 'comlink';
import { visionWorkerApi } from './visionWorkerApi.ts';

Comlink.expose(visionWorkerApi);
