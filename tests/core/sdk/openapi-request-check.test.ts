import { describe, expect, it } from 'vitest';
import { createRequestChecker, type OpenApiDocument } from '@core/sdk/testing';

const document: OpenApiDocument = {
  openapi: '3.0.0',
  paths: {
    '/items': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { $ref: '#/components/parameters/Search' },
        ],
      },
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemCreate' } } },
        },
      },
    },
    '/items/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      put: { requestBody: { $ref: '#/components/requestBodies/ItemUpdate' } },
      delete: {},
    },
    '/items/deleted': { get: {} },
  },
  components: {
    parameters: { Search: { name: 'search', in: 'query', required: true, schema: { type: 'string' } } },
    requestBodies: {
      ItemUpdate: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemUpdate' } } } },
    },
    schemas: {
      ItemCreate: {
        type: 'object',
        required: ['name', 'kind'],
        properties: {
          name: { type: 'string', nullable: true, example: 'A' },
          kind: { $ref: '#/components/schemas/Kind' },
          weight: { type: 'integer', format: 'int32' },
        },
      },
      ItemUpdate: { type: 'object', properties: { kind: { $ref: '#/components/schemas/Kind' } } },
      Kind: { type: 'string', enum: ['small', 'large'] },
    },
  },
};

const check = createRequestChecker(document, { basePath: '/api/v1' });

describe('OpenAPI request check', () => {
  it('accepts requests that fit their operation, with $refs, OpenAPI keywords and text path values', () => {
    expect(check({ method: 'GET', path: '/api/v1/items', query: { limit: '5', search: 'x' } })).toEqual([]);
    expect(check({ method: 'POST', path: '/api/v1/items', body: { name: null, kind: 'small', weight: 3 } })).toEqual(
      [],
    );
    expect(check({ method: 'PUT', path: '/api/v1/items/12', body: { kind: 'large' } })).toEqual([]);
    expect(check({ method: 'DELETE', path: '/api/v1/items/12' })).toEqual([]);
  });

  it('prefers a literal path segment over a template', () => {
    expect(check({ method: 'GET', path: '/api/v1/items/deleted' })).toEqual([]);
  });

  it('names an unknown operation, path or prefix', () => {
    expect(check({ method: 'PATCH', path: '/api/v1/items/1' })).toEqual([
      'PATCH /api/v1/items/1: no documented operation',
    ]);
    expect(check({ method: 'GET', path: '/api/v1/things' })).toEqual(['GET /api/v1/things: no documented operation']);
    expect(check({ method: 'GET', path: '/other/items' })).toEqual(['GET /other/items: not under /api/v1']);
  });

  it('checks path and query parameters against their schemas', () => {
    expect(check({ method: 'DELETE', path: '/api/v1/items/abc' })).toEqual([
      'DELETE /api/v1/items/abc: path parameter id must be integer',
    ]);
    expect(check({ method: 'GET', path: '/api/v1/items', query: { limit: '0', page: '2' } })).toEqual([
      'GET /api/v1/items: query parameter limit must be >= 1',
      'GET /api/v1/items: query parameter search is required',
      'GET /api/v1/items: query parameter page is not documented',
    ]);
  });

  it('checks the JSON body exactly as sent, every problem at once', () => {
    expect(check({ method: 'POST', path: '/api/v1/items', body: { kind: 'medium', weight: '3' } })).toEqual([
      "POST /api/v1/items: body must have required property 'name'",
      'POST /api/v1/items: body/kind must be equal to one of the allowed values ("small", "large")',
      'POST /api/v1/items: body/weight must be integer',
    ]);
    expect(check({ method: 'POST', path: '/api/v1/items' })).toEqual([
      'POST /api/v1/items: a request body is required',
    ]);
    expect(check({ method: 'DELETE', path: '/api/v1/items/1', body: {} })).toEqual([
      'DELETE /api/v1/items/1: the operation takes no JSON body',
    ]);
  });
});
