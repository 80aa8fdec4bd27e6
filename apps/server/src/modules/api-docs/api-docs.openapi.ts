import { z } from 'zod';
import { ERROR_CODES } from '@atende/contract';
import type { CatalogedRoute } from '../../platform/route-catalog.js';
import { ROUTE_CONTRACTS, type RouteContract } from './api-docs.contracts.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  components: Record<string, unknown>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
}

export interface Operation {
  operationId: string;
  tags: string[];
  parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
}

/** OpenAPI 3.1 speaks JSON Schema 2020-12, which zod writes itself; what JSON cannot say (coercions) is left open. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** True when a route may carry a body: POST, PUT and PATCH unless its contract says it reads none. */
export function mayTakeBody(route: CatalogedRoute): boolean {
  return METHODS_WITH_BODY.has(route.method) && !ROUTE_CONTRACTS[`${route.method} ${route.url}`]?.noBody;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
const tagOf = (url: string) => url.replace(/^\/api\//, '').split('/')[0] || 'api';

function queryParameters(schema: z.ZodType): Operation['parameters'] {
  const json = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: json.required?.includes(name) ?? false, schema: property }));
}

function requestBody(contract: RouteContract): Operation['requestBody'] {
  const content: Record<string, { schema: JsonSchema }> = {};
  if (contract.body) content['application/json'] = { schema: jsonSchema(contract.body) };
  if (contract.multipart) {
    const fields = contract.multipart.fields ? (jsonSchema(contract.multipart.fields) as { properties?: Record<string, JsonSchema>; required?: string[] }) : {};
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        properties: { ...fields.properties, [contract.multipart.files]: contract.multipart.many ? { type: 'array', items: file } : file },
        required: [...(fields.required ?? []), ...(contract.body ? [] : [contract.multipart.files])],
      },
    };
  }
  return Object.keys(content).length ? { required: true, content } : undefined;
}

const errorBody = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', enum: [...ERROR_CODES] },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'ERR_VALIDATION: the message key of each invalid field' },
    details: { type: 'object', description: 'Facts that go with the code (retryAfterSeconds, maxBytes...)' },
  },
};

/** The OpenAPI 3.1 document of every route the app registered, with the contract's schemas. */
export function buildOpenApi(routes: CatalogedRoute[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (!route.url.startsWith('/api/') || route.url.includes('*')) continue;
    const contract = ROUTE_CONTRACTS[`${route.method} ${route.url}`] ?? {};
    const operation: Operation = {
      operationId: `${route.method.toLowerCase()}${route.url.replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [tagOf(route.url)],
      parameters: [
        ...pathNames(route.url).map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' } })),
        ...(contract.query ? queryParameters(contract.query) : []),
      ],
      responses: {
        '200': { description: 'Success' },
        default: { description: 'Failure: `{ "error": "ERR_..." }`', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    const body = requestBody(contract);
    if (body) operation.requestBody = body;
    if (route.url === '/api/messages/send') operation.security = [{ connectionToken: [] }];
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atende API',
      version,
      description: 'Every call carries `Authorization: Bearer <access token>` (from POST /api/auth/login), except the external messages API, which takes a connection\'s token. Errors answer `{ "error": "ERR_..." }`.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        connectionToken: { type: 'http', scheme: 'bearer', description: "A WhatsApp connection's token (Connections page, edit dialog)" },
      },
      schemas: { Error: errorBody },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
