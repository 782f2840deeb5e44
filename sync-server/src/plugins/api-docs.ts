/**
 * The API's description, generated from the zod schemas each route declares (no hand-written
 * copy): `@fastify/swagger` collects the routes as they are registered and builds an OpenAPI
 * 3.1 document, served at `/api/docs/json`, and `@fastify/swagger-ui` shows it as a page at
 * `/api/docs`. Both work offline: Swagger UI's files ship inside its npm package and are served
 * from this server.
 *
 * Every `/api` route registered after this plugin is listed in `app.apiRoutes`, so a test can
 * check that each one appears in the document.
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './auth';

/** Where the readable page lives; the document itself is at `${API_DOCS_PATH}/json`. */
const API_DOCS_PATH = '/api/docs';

/** One registered API route, as Fastify knows it (`/api/jobs/:id`), and what it declares. */
interface ApiRoute {
  method: string;
  url: string;
  /** The request parts and answer statuses its schema declares. */
  declares: {
    params: boolean;
    querystring: boolean;
    body: boolean;
    responses: string[];
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api` route of this app (HEAD twins of GET routes left out). */
    apiRoutes: readonly ApiRoute[];
  }
}

/** The areas the document groups calls under, in the order the page shows them. */
const API_TAGS = [
  { name: 'public', description: 'Calls anyone may make: health, config, forms, tracking' },
  { name: 'auth', description: 'Accounts and sessions' },
  { name: 'payments', description: 'Card payment of a quote (pay-link holders) and its webhook' },
  { name: 'staff', description: 'Admin-only calls: jobs, bookings, quotes, fleet, billing' },
  { name: 'sync', description: 'The staff devices’ sync protocol over HTTP and WebSocket' },
  {
    name: 'accounts',
    description:
      'Accounts (mine sites, fleets, clubs, police): the owners’ calls, and the account’s own sign-in, which sees its own account only',
  },
] as const;

export interface ApiDocsOptions {
  /** The document's `info.version`. */
  version: string;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * Only `/api` calls are described. The site's pages (`/booking`, `/auth.html`, …) are routes too,
 * and Swagger UI stopped drawing the page, silently, at the first of them (`/auth.html`), so
 * every area after "public" was missing.
 */
const describeApiRoutesOnly: typeof zodTransform = (input) => {
  const described = zodTransform(input);
  if (input.url.startsWith('/api/')) return described;
  return { ...described, schema: { ...described.schema, hide: true } };
};

export const apiDocsPlugin = fp<ApiDocsOptions>(
  async (app, options) => {
    const routes: ApiRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith(API_DOCS_PATH)) return;
      const schema = route.schema ?? {};
      const declares = {
        params: schema.params !== undefined,
        querystring: schema.querystring !== undefined,
        body: schema.body !== undefined,
        responses: Object.keys(schema.response ?? {}),
      };
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, declares });
      }
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${app.profile.tradingName} API`,
          description:
            'Every call sends and receives JSON with the session cookie. Bad input gets 400 ' +
            '`{error, fields}` naming each field with its message; nothing is written. Staff ' +
            'calls answer 401 to a guest and 403 to a signed-in customer.',
          version: options.version,
        },
        tags: [...API_TAGS],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          },
        },
      },
      transform: describeApiRoutesOnly,
    });

    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      // No call to swagger.io's validator badge: the page works with no internet.
      uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'api-docs' },
);
