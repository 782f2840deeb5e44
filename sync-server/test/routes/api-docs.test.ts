/**
 * The API description is generated from the routes' own schemas: every registered /api route is
 * in the OpenAPI document, with the parts it declares, and /api/docs shows it as a page that
 * loads nothing from outside the server.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import { buildTestApp } from '../helper';

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema?: { format?: string } }> }>;
  security?: unknown[];
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** `/api/jobs/:id` as OpenAPI writes it: `/api/jobs/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

async function documentOf(app: Awaited<ReturnType<typeof buildTestApp>>) {
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json() as OpenApiDocument;
}

describe('the API description at /api/docs', () => {
  it('lists every registered /api route with its method', async () => {
    const app = await buildTestApp();
    const document = await documentOf(app);
    expect(document.openapi).toBe('3.1.0');
    expect(app.apiRoutes.length).toBeGreaterThan(40);
    const missing = app.apiRoutes.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
  });

  it('has every route declare its request and its answers', async () => {
    const app = await buildTestApp();
    const problems = app.apiRoutes.flatMap(({ method, url, declares }) => {
      const route = `${method} ${url}`;
      const found: string[] = [];
      // A success answer: 2xx, or 101 for the sync socket's upgrade.
      if (!declares.responses.some((status) => /^(101|2\d\d)$/.test(status))) {
        found.push(`${route}: no success answer declared`);
      }
      if (url.includes('/:') && !declares.params) found.push(`${route}: path params undeclared`);
      // A write declares its body, `noBodySchema` when it takes none (an action on the path's id).
      if (['POST', 'PUT', 'PATCH'].includes(method) && !declares.body) {
        found.push(`${route}: body undeclared`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('describes files as files: photos as images, documents as PDFs, never as JSON', async () => {
    const app = await buildTestApp();
    const document = await documentOf(app);
    const binary: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          for (const [type, content] of Object.entries(answer.content ?? {})) {
            if (content.schema?.format !== 'binary') continue;
            expect(type, `${method} ${path} ${status}`).not.toBe('application/json');
            if (/^2/.test(status)) binary.push(`${method} ${path} ${type}`);
          }
        }
      }
    }
    expect(binary).toEqual(
      expect.arrayContaining([
        'get /api/photos/{id}/{variant} image/jpeg',
        'get /api/photos/{id}/{variant} image/png',
        'get /api/signatures/{id} image/png',
        'get /api/vehicle-defects/{id}/photos/{hash}/{variant} image/jpeg',
        'get /api/track/{token}/photos/{id}/{variant} image/jpeg',
        'get /api/jobs/{id}/sheet.pdf application/pdf',
        'get /api/quotes/{id}/pdf application/pdf',
        'get /api/invoices/{id}/pdf application/pdf',
        'get /api/credit-notes/{id}/pdf application/pdf',
        'get /api/vehicles/{id}/history.pdf application/pdf',
      ]),
    );
  });

  it('describes a route from the schemas it declares: params, body, answers and who may call', async () => {
    const app = await buildTestApp();
    const document = await documentOf(app);
    const patchJob = document.paths['/api/jobs/{id}']?.patch;
    expect(patchJob?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
    expect(
      Object.keys(patchJob?.requestBody?.content['application/json']?.schema.properties ?? {}),
    ).toEqual(['status', 'progress', 'assignedTo', 'assignedDriverId']);
    expect(Object.keys(patchJob?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
    ]);
    expect(patchJob?.security).toEqual([{ session: [] }]);
    expect(patchJob?.tags).toEqual(['staff']);

    const search = document.paths['/api/jobs/search']?.get;
    expect(search?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'query:query',
      'query:phone',
    ]);
    expect(search?.tags).toEqual(['public']);
    expect(search?.security).toBeUndefined();
  });

  it('serves a readable page whose scripts and styles all come from this server', async () => {
    const app = await buildTestApp();
    const page = await app.inject({ url: '/api/docs' });
    const html =
      page.statusCode === 302
        ? (await app.inject({ url: `/api/docs/${page.headers.location ?? ''}` })).body
        : page.body;
    expect([200, 302]).toContain(page.statusCode);
    expect(html).toContain('swagger-ui');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([]);
    for (const source of sources.filter((s) => s.endsWith('.js') || s.endsWith('.css'))) {
      const url = new URL(source, 'http://127.0.0.1/api/docs/').pathname;
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('keeps the validation answers: 400 {error, fields} with the spec message, 404 for an impossible id', async () => {
    const app = await buildTestApp();
    const contact = await app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toMatchObject({
      error: MESSAGES.FIRST_NAME_REQUIRED,
      fields: { firstName: MESSAGES.FIRST_NAME_REQUIRED },
    });
    const track = await app.inject({ url: '/api/track/not-a-token' });
    expect(track.statusCode).toBe(404);
    expect(track.json()).toEqual({
      error: MESSAGES.TRACKING_LINK_NOT_FOUND,
      fields: { token: MESSAGES.TRACKING_LINK_NOT_FOUND },
    });
  });
});
