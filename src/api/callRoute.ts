/**
 * The one way src/ calls the API: `callRoute('GET /campaigns/:uri', { params: { uri } })`. The key names an
 * entry of contract/routes.ts (a typo does not type-check); the URL is built from it, and the answer is
 * parsed with the entry's response schema: a body of another shape rejects with ApiError MALFORMED_RESPONSE.
 *
 * The schemas (and zod) load lazily, in parallel with the request, and only the part of the route table that holds
 * the route (contract/routeArea.ts): pages whose own code needs no zod (the campaign page) do not pay for it before
 * the first photo (bench/jsSize.ts counts static imports), nor for the schemas of routes they never call.
 */
import type { z } from 'zod';
import { routeArea, type RouteArea } from '../../contract/routeArea.ts';
import type { ApiRouteKey, ApiRoutes } from '../../contract/routes.ts';
import { ApiError } from './ApiError.ts';
import { apiV2 } from './clients.ts';
import type { ApiClient, QueryValue, RequestOptions } from './createApiClient.ts';

type PathOf<K> = K extends `${string} ${infer Path}` ? Path : never;
type ParamNames<P> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
type Entry<K extends ApiRouteKey> = ApiRoutes[K];

type ParamsOption<K extends ApiRouteKey> = [ParamNames<PathOf<K>>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<PathOf<K>>, string> };
type QueryOption<K extends ApiRouteKey> = Entry<K> extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> & Record<string, QueryValue> } : { query?: undefined };
type BodyOption<K extends ApiRouteKey> = Entry<K> extends { body: infer B extends z.ZodType } ? { body?: z.input<B> } : { body?: undefined };

export type RouteOptions<K extends ApiRouteKey> = ParamsOption<K> &
  QueryOption<K> &
  BodyOption<K> & {
    signal?: AbortSignal | undefined;
    headers?: Record<string, string>;
    keepalive?: boolean;
  };

/** What a route takes as body (before the server's defaults). */
export type RouteBody<K extends ApiRouteKey> = Entry<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The parsed (output) type of a route's answer. */
export type RouteResponse<K extends ApiRouteKey> = z.output<Entry<K>['response']>;

/** Each part of the route table, loaded on its first call: a page loads the schemas of the routes it calls. */
const areaLoaders: Record<RouteArea, () => Promise<Partial<ApiRoutes>>> = {
  boot: () => import('../../contract/routes/bootRoutes.ts').then((part) => part.bootRoutes),
  campaignPage: () => import('../../contract/routes/campaignPageRoutes.ts').then((part) => part.campaignPageRoutes),
  account: () => import('../../contract/routes/accountRoutes.ts').then((part) => part.accountRoutes),
  campaigns: () => import('../../contract/routes/campaignRoutes.ts').then((part) => part.campaignRoutes),
  staff: () => import('../../contract/routes/staffRoutes.ts').then((part) => part.staffRoutes),
  site: () => import('../../contract/routes/siteRoutes.ts').then((part) => part.siteRoutes),
};
const loaded = new Map<RouteArea, Promise<Partial<ApiRoutes>>>();

/** The part of the route table that holds `key`, with its schemas, loaded once. */
export function loadRouteSchemas(key: ApiRouteKey): Promise<Partial<ApiRoutes>> {
  const area = routeArea(key);
  let part = loaded.get(area);
  if (!part) {
    part = areaLoaders[area]();
    loaded.set(area, part);
    // A failed chunk load must not stick: the next call tries again.
    part.catch(() => loaded.delete(area));
  }
  return part;
}

/** `/campaigns/:uri` with `{ uri }` → `/campaigns/demo` (each value URL-encoded). */
export function routePath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}

/** The body in the route's response shape, or ApiError MALFORMED_RESPONSE naming the route and the first problem. */
export function parseRouteResponse<K extends ApiRouteKey>(routes: Partial<ApiRoutes>, key: K, body: unknown): RouteResponse<K> {
  const entry = routes[key];
  if (!entry) throw new TypeError(`${key} is not in the part of the route table routeArea names`);
  const result = entry.response.safeParse(body);
  if (result.success) return result.data as RouteResponse<K>;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new ApiError({
    status: 200,
    code: 'MALFORMED_RESPONSE',
    message: `The answer to ${key} does not match its contract${where}: ${issue?.message ?? 'unexpected shape'}`,
    cause: result.error,
  });
}

/** Sends the route's request through `client` (the signed /api/v2 client by default) and returns its parsed answer. */
export async function callRoute<K extends ApiRouteKey>(key: K, options: RouteOptions<K>, client: ApiClient = apiV2): Promise<RouteResponse<K>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space).toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const path = routePath(key.slice(space + 1), options.params as Record<string, string> | undefined);
  const schemas = loadRouteSchemas(key);
  const request: RequestOptions = {
    ...(options.query ? { query: options.query as Record<string, QueryValue> } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
  };
  const body = await (Object.keys(request).length > 0 ? client[method](path, request) : client[method](path));
  let routes: Partial<ApiRoutes>;
  try {
    routes = await schemas;
  } catch (error) {
    throw new ApiError({ status: 0, code: 'NETWORK', message: error instanceof Error ? error.message : String(error), cause: error });
  }
  return parseRouteResponse(routes, key, body);
}
