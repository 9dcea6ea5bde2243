/**
 * What one benchmark run collects before the statistics: each phase's raw answer from bench/page.ts,
 * the support flow on the built app (bench/realPage.ts), the campaign page's JavaScript size, the API loads (campaign read, mixed) and Lighthouse on the campaign page. Written by bench/run.ts, read by bench/report.ts.
 * Its own file, not bench/types.ts: it derives from page.ts, which imports types.ts (that would be a cycle).
 */
import type { ApiLoad } from './apiLoad.ts';
import type { JsSize } from './jsSize.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { MixedLoad } from './mixedLoad.ts';
import type { BenchApi } from './page.ts';
import type { RealPageResult } from './realPage.ts';
import type { SearchBench } from './search.ts';
import type { ScaleLoad } from './twoInstanceLoad.ts';

type Phases = { [K in keyof BenchApi]: Awaited<ReturnType<BenchApi[K]>> };

export type RawResults = Partial<Phases> & { jsSize?: JsSize; api?: ApiLoad; mixed?: MixedLoad; lighthouse?: LighthouseResult; realPage?: RealPageResult; search?: SearchBench; scale?: ScaleLoad; errors: string[] };
