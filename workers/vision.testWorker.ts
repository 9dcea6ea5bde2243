/** Test-only vision worker: the real API plus the crash hook (src/testing/createCrashablePipeline.ts). */
import * as Comlink from 'comlink';
import type { VisionWorkerApi } from '../core/pipelineTypes.ts';
import type { CrashHook } from '../core/testing/crashHook.ts';
import { visionWorkerApi } from './visionWorkerApi.ts';
import { crash } from './testing/crash.ts';

const api: VisionWorkerApi & CrashHook = { ...visionWorkerApi, crash };
Comlink.expose(api);
