/** Test-only image worker: the real API plus the crash hook (src/testing/createCrashablePipeline.ts). */
import * as Comlink from 'comlink';
import type { ImageWorkerApi } from '../core/pipelineTypes.ts';
import type { CrashHook } from '../core/testing/crashHook.ts';
import { imageWorkerApi } from './imageWorkerApi.ts';
import { crash } from './testing/crash.ts';

const api: ImageWorkerApi & CrashHook = { ...imageWorkerApi, crash };
Comlink.expose(api);
