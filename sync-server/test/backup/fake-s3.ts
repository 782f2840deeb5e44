/**
 * A local stand-in for S3-compatible object storage, for the backup tests: a real HTTP server on
 * loopback speaking the part of the S3 REST API the official SDK uses for backups (path-style
 * PutObject, GetObject, DeleteObject, ListObjectsV2 in pages), including the aws-chunked bodies
 * the SDK sends with a checksum trailer. A request whose signature names another access key is
 * refused with 403, as S3 does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, Buffer>;
  /** Every request, `METHOD key` (tests count uploads). */
  requests: string[];
  close(): Promise<void>;
}

/** Keys a list answer holds at most: small, so the tests cover the SDK's paging. */
const PAGE = 50;

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Decodes an aws-chunked body: `<hex size>[;ext]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n`. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('bad aws-chunked body');
    const size = parseInt(body.subarray(at, lineEnd).toString().split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) throw new Error('bad aws-chunked size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = 'pilbara-backups';
  const accessKeyId = 'AKIAPILBARATEST';
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const [, bucketName, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${request.method} ${key}`);
      const auth = request.headers.authorization ?? '';
      if (!auth.includes(`Credential=${accessKeyId}/`)) {
        response.writeHead(403, { 'content-type': 'application/xml' });
        response.end(
          '<Error><Code>InvalidAccessKeyId</Code><Message>Unknown key</Message></Error>',
        );
        return;
      }
      if (bucketName !== bucket) {
        response.writeHead(404, { 'content-type': 'application/xml' });
        response.end('<Error><Code>NoSuchBucket</Code><Message>No such bucket</Message></Error>');
        return;
      }
      const body = Buffer.concat(chunks);
      if (request.method === 'PUT' && key) {
        const chunked =
          String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ||
          String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
        const bytes = chunked ? unchunk(body) : body;
        const declared = request.headers['x-amz-decoded-content-length'];
        if (declared !== undefined && Number(declared) !== bytes.length) {
          response.writeHead(400, { 'content-type': 'application/xml' });
          response.end('<Error><Code>IncompleteBody</Code><Message>Short body</Message></Error>');
          return;
        }
        objects.set(key, bytes);
        response.writeHead(200, { etag: '"fake"' });
        response.end();
        return;
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && key) {
        const found = objects.get(key);
        if (!found) {
          response.writeHead(404, { 'content-type': 'application/xml' });
          response.end('<Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>');
          return;
        }
        response.writeHead(200, {
          'content-length': found.length,
          'content-type': 'application/octet-stream',
        });
        response.end(request.method === 'GET' ? found : undefined);
        return;
      }
      if (request.method === 'DELETE' && key) {
        objects.delete(key);
        response.writeHead(204);
        response.end();
        return;
      }
      if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, PAGE);
        const truncated = keys.length > PAGE;
        const contents = page
          .map(
            (k) =>
              `<Contents><Key>${xml(k)}</Key><Size>${objects.get(k)?.length ?? 0}</Size></Contents>`,
          )
          .join('');
        const next = truncated
          ? `<NextContinuationToken>${xml(page[page.length - 1] ?? '')}</NextContinuationToken>`
          : '';
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${PAGE}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
        );
        return;
      }
      response.writeHead(400, { 'content-type': 'application/xml' });
      response.end(
        '<Error><Code>NotImplemented</Code><Message>Not in the stand-in</Message></Error>',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'fake-secret-key-for-tests',
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
