import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeForStatus, errorStatus } from '../../contract/errorCodes.ts';
import type { ErrorCode, ErrorEnvelope } from '../../contract/errorEnvelope.ts';
import { DomainError } from '../domainError.ts';
import { isDatabaseUnavailable } from '../infra/db/databaseUnavailable.ts';

/** Seconds a client is asked to wait after a 503: long enough for a database restart or failover to finish. */
export const RETRY_AFTER_SECONDS = 5;

const messageByCode: Partial<Record<ErrorCode, string>> = {
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  RATE_LIMITED: 'Too many requests, slow down and retry later',
};

function send(reply: FastifyReply, status: number, envelope: ErrorEnvelope): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

/** Turns a zod issue path like `/items/0/name` into `items.0.name`; the part name when the whole part failed. */
function fieldPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

export function toEnvelope(error: FastifyError | DomainError | Error): { status: number; envelope: ErrorEnvelope } {
  if (error instanceof DomainError) {
    return { status: errorStatus[error.code], envelope: { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext;
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = fieldPath(issue.instancePath, context);
      fields[path] ??= issue.message ?? 'Invalid value';
    }
    return { status: 400, envelope: { message: 'The request did not pass validation', code: 'VALIDATION_FAILED', fields } };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'MALFORMED_JSON') {
    return { status: 400, envelope: { message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' } };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = codeForStatus(status) ?? 'BAD_REQUEST';
    return { status, envelope: { message: messageByCode[code] ?? fastifyError.message ?? 'Bad request', code } };
  }
  if (status === 503 || isDatabaseUnavailable(error)) return { status: 503, envelope: { message: 'Service temporarily unavailable', code: 'UNAVAILABLE' } };
  return { status: 500, envelope: { message: 'Something went wrong on our side', code: 'INTERNAL' } };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, envelope } = toEnvelope(error);
    if (status === 503) request.log.warn({ err: error }, 'request failed: a service is unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: envelope.code, status }, 'request refused');
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return send(reply, status, envelope);
  });
}

export function sendNotFound(reply: FastifyReply, message = 'Not found'): FastifyReply {
  return send(reply, 404, { message, code: 'NOT_FOUND' });
}
