/** Test-only image worker: the real API plus the crash hook (src/testing/createCrashablePipeline.ts) and the working-decode hooks. */
import * as Comlink from 'comlink';
import type { ImageWorkerApi } from '../core/pipelineTypes.ts';
import type { CrashHook } from '../core/testing/crashHook.ts';
import type { WorkingDecodeHook } from '../core/testing/workingDecodeHook.ts';
import { imageWorkerApi } from './imageWorkerApi.ts';
import { crash } from './testing/crash.ts';
import { workingDecodeHook } from './testing/workingDecodes.ts';

const api: ImageWorkerApi & CrashHook & WorkingDecodeHook = { ...imageWorkerApi, crash, ...workingDecodeHook };
Comlink.expose(api);
