/**
 * The map's source (docs/dispatch.md):
 *
 * - GET /api/map-config: where the browser gets its tiles, from the server's configuration, so an
 *   operator changes the map without rebuilding the PWA. It is not part of /api/config, which
 *   every public page carries: only screens with a map ask for it.
 * - GET /map/tiles.pmtiles: the operator's own PMTiles file (MAP_PMTILES_FILE), served with
 *   HTTP range requests, which is how a PMTiles reader fetches the directory and each tile.
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAP_PMTILES_PATH, mapConfigSchema, type MapConfig } from '@pilbara/shared-schema';
import { HttpError } from '../http-error';

/** `bytes=start-end`, `bytes=start-` or `bytes=-suffix` against a file of `size` bytes. */
function byteRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

export const mapConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/map-config',
    {
      schema: {
        tags: ['public'],
        summary: 'Where the map’s tiles come from',
        response: { 200: mapConfigSchema },
      },
    },
    async (_request, reply): Promise<MapConfig> => {
      reply.header('Cache-Control', 'no-cache');
      const { map } = app.config;
      return map.pmtilesFile
        ? { kind: 'pmtiles', pmtilesUrl: MAP_PMTILES_PATH, glyphsUrl: map.glyphsUrl }
        : { kind: 'style', styleUrl: map.styleUrl };
    },
  );
};

export const mapTileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(MAP_PMTILES_PATH, { schema: { hide: true } }, async (request, reply) => {
    const file = app.config.map.pmtilesFile;
    if (!file) throw new HttpError(404, 'No map file is set up on this server');
    let size: number;
    try {
      size = (await fs.promises.stat(file)).size;
    } catch {
      throw new HttpError(404, 'The map file is missing');
    }
    reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'no-cache');
    const rangeHeader = request.headers.range;
    if (!rangeHeader) {
      return reply
        .type('application/octet-stream')
        .header('Content-Length', size)
        .send(fs.createReadStream(file));
    }
    const range = byteRange(rangeHeader, size);
    if (!range) {
      return reply.code(416).header('Content-Range', `bytes */${size}`).send();
    }
    return reply
      .code(206)
      .type('application/octet-stream')
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(fs.createReadStream(file, { start: range.start, end: range.end }));
  });
};
