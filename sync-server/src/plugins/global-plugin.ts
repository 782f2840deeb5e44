import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin so its decorators and hooks apply to the whole app rather than an encapsulated
 * child context — what `fastify-plugin` does, through Fastify's documented `skip-override` flag.
 */
export function globalPlugin<Options extends object>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
