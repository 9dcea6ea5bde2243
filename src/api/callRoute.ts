/**
 * The one way src/ calls the API: `callRoute('GET /campaigns/:uri', { params: { uri } })`. The key names an
 * entry of contract/routes.ts (a typo does not type-check); the URL is built from it, and the answer is
 * parsed with the entry's response schema: a body of another shape rejects with ApiError MALFORMED_RESPONSE.
 *
 * The schemas (and zod) load lazily, in parallel with the request, so that pages whose own code needs no
 * zod (the campaign page) do not pay for it before the first photo: bench/jsSize.ts counts static imports.
 */
import type { z } from 'zod';
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

type RouteTable = typeof import('../../contract/routes.ts');
let table: Promise<RouteTable> | undefined;

/** The route table with its schemas, loaded once. */
export function loadRouteSchemas(): Promise<RouteTable> {
  table ??= import('../../contract/routes.ts');
  // A failed chunk load must not stick: the next call tries again.
  table.catch(() => {
    table = undefined;
  });
  return table;
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
export function parseRouteResponse<K extends ApiRouteKey>(routes: ApiRoutes, key: K, body: unknown): RouteResponse<K> {
  const result = routes[key].response.safeParse(body);
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
  const schemas = loadRouteSchemas();
  const request: RequestOptions = {
    ...(options.query ? { query: options.query as Record<string, QueryValue> } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
  };
  const body = await (Object.keys(request).length > 0 ? client[method](path, request) : client[method](path));
  let routes: ApiRoutes;
  try {
    routes = (await schemas).apiRoutes;
  } catch (error) {
    throw new ApiError({ status: 0, code: 'NETWORK', message: error instanceof Error ? error.message : String(error), cause: error });
  }
  return parseRouteResponse(routes, key, body);
}
