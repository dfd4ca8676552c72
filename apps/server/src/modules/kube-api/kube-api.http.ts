import type { FastifyInstance, FastifyReply } from 'fastify';
import { parse as parseYaml } from 'yaml';
import {
  jsonNestsTooDeep,
  tooDeepMessage,
  valueNestsTooDeep,
} from '../../platform/http/body-depth.ts';
import { KubeError, toKubeError } from './status.ts';

const jsonTypes = new Set([
  'application/json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/json-patch+json',
]);
const yamlTypes = new Set(['application/yaml', 'application/apply-patch+yaml']);

/** The media type without parameters: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Bodies are parsed by media type (JSON and the patch types, YAML for server-side apply) and
 * every error, thrown anywhere below, is answered as a Kubernetes Status.
 */
export function useKubeHttp(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      done(null, parseBody(mediaType(request.headers['content-type']), text));
    } catch (error) {
      done(error instanceof KubeError ? error : toKubeError(error), undefined);
    }
  });
  scope.setErrorHandler((error, request, reply) => {
    const kube = toKubeError(error);
    if (kube.code >= 500) request.log.error({ err: error }, 'kubernetes API request failed');
    return sendStatus(reply, kube);
  });
  scope.setNotFoundHandler((_request, reply) =>
    sendStatus(
      reply,
      new KubeError(404, 'NotFound', 'the server could not find the requested resource'),
    ),
  );
}

export function sendStatus(reply: FastifyReply, error: KubeError): FastifyReply {
  return reply
    .code(error.code)
    .header('content-type', 'application/json')
    .send(JSON.stringify(error.toStatus()));
}

function parseBody(type: string, text: string): unknown {
  if (text.trim() === '') return undefined;
  if (jsonTypes.has(type)) {
    if (jsonNestsTooDeep(text)) throw new KubeError(400, 'BadRequest', tooDeepMessage);
    try {
      const value: unknown = JSON.parse(text);
      return value;
    } catch (error) {
      throw new KubeError(400, 'BadRequest', `the body is not valid JSON: ${messageOf(error)}`);
    }
  }
  if (yamlTypes.has(type)) {
    try {
      const value: unknown = parseYaml(text);
      if (!valueNestsTooDeep(value)) return value;
    } catch (error) {
      // The YAML parser recurses per level: a body deep enough exhausts its stack first.
      if (!messageOf(error).startsWith('Maximum call stack size exceeded')) {
        throw new KubeError(400, 'BadRequest', `the body is not valid YAML: ${messageOf(error)}`);
      }
    }
    throw new KubeError(400, 'BadRequest', tooDeepMessage);
  }
  throw new KubeError(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: ${[...jsonTypes, ...yamlTypes].join(', ')}`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
