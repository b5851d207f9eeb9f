import assert from 'node:assert/strict';
import { createServer, request, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  chooseEncoding,
  compressResponse,
  encodingFor,
  MIN_COMPRESSED_BYTES,
} from '../../tooling/local-cdn/compress-response.ts';

/** The local CDN compresses as Netlify's does: text by Accept-Encoding, brotli first, with Vary. */
describe('chooseEncoding: what Accept-Encoding asks for', () => {
  const cases: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.2, gzip;q=0.8', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', undefined],
  ];
  for (const [header, expected] of cases)
    it(`${JSON.stringify(header)} → ${expected ?? 'as it is'}`, () => assert.equal(chooseEncoding(header), expected));
});

describe('encodingFor: which answers are compressed', () => {
  const text = { 'content-type': 'text/html; charset=utf-8', 'content-length': '5000' };
  const cases: [string, string, number, OutgoingHttpHeaders, string | undefined][] = [
    ['an HTML page', 'GET', 200, text, 'br'],
    ['JSON', 'GET', 200, { ...text, 'content-type': 'application/json' }, 'br'],
    ['problem JSON', 'GET', 404, { ...text, 'content-type': 'application/problem+json' }, 'br'],
    ['JavaScript', 'GET', 200, { ...text, 'content-type': 'text/javascript' }, 'br'],
    ['SVG', 'GET', 200, { ...text, 'content-type': 'image/svg+xml' }, 'br'],
    ['Markdown', 'GET', 200, { ...text, 'content-type': 'text/markdown; charset=utf-8' }, 'br'],
    ['WebAssembly', 'GET', 200, { ...text, 'content-type': 'application/wasm' }, 'br'],
    ['a body of unknown length (a function)', 'POST', 200, { 'content-type': 'application/json' }, 'br'],
    ['a HEAD', 'HEAD', 200, text, undefined],
    ['a 304', 'GET', 304, text, undefined],
    ['a 206 range', 'GET', 206, text, undefined],
    ['a body already encoded', 'GET', 200, { ...text, 'content-encoding': 'gzip' }, undefined],
    ['a tiny body', 'GET', 200, { ...text, 'content-length': String(MIN_COMPRESSED_BYTES - 1) }, undefined],
    ['a PNG', 'GET', 200, { ...text, 'content-type': 'image/png' }, undefined],
    ['a WOFF2 font', 'GET', 200, { ...text, 'content-type': 'font/woff2' }, undefined],
    ['the tarball', 'GET', 200, { ...text, 'content-type': 'application/gzip' }, undefined],
    ['the MCP Bundle', 'GET', 200, { ...text, 'content-type': 'application/zip' }, undefined],
    ['an event stream', 'POST', 200, { 'content-type': 'text/event-stream' }, undefined],
  ];
  for (const [name, method, status, headers, expected] of cases)
    it(`${name}: ${expected ?? 'as it is'}`, () =>
      assert.equal(encodingFor(method, status, headers, 'gzip, br'), expected));
});

describe('compressResponse: on the wire', () => {
  const page = '<!doctype html><title>t</title>' + '<p>Earshot listens.</p>'.repeat(400);
  let origin = '';
  const server = createServer((incoming, response) => {
    compressResponse(incoming, response);
    if (incoming.url === '/png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '1000' });
      return void response.end(Buffer.alloc(1000));
    }
    if (incoming.url === '/stream') {
      response.writeHead(200, { 'content-type': 'application/json', vary: 'Origin' });
      response.write(page.slice(0, 5000));
      return void response.end(page.slice(5000));
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(page.length) });
    response.end(incoming.method === 'HEAD' ? undefined : page);
  });
  before(async () => {
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const get = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((answered, failed) => {
      request(`${origin}${path}`, { method, headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => answered({ headers: answer.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', failed)
        .end();
    });

  it('writes brotli for `br, gzip`, without a Content-Length, varying on Accept-Encoding', async () => {
    const { headers, body } = await get('/', { 'accept-encoding': 'gzip, br' });
    assert.equal(headers['content-encoding'], 'br');
    assert.equal(headers['vary'], 'Accept-Encoding');
    assert.equal(headers['content-length'], undefined);
    assert.equal(brotliDecompressSync(body).toString(), page);
    assert.ok(body.length < page.length / 10, `${body.length} bytes`);
  });

  it('writes gzip for `gzip`, keeping what the answer already varies on, across several writes', async () => {
    const { headers, body } = await get('/stream', { 'accept-encoding': 'gzip' });
    assert.equal(headers['content-encoding'], 'gzip');
    assert.equal(headers['vary'], 'Origin, Accept-Encoding');
    assert.equal(gunzipSync(body).toString(), page);
  });

  it('writes the bytes as they are for a client that asks for none, still varying on Accept-Encoding', async () => {
    const { headers, body } = await get('/', {});
    assert.equal(headers['content-encoding'], undefined);
    assert.equal(headers['vary'], 'Accept-Encoding');
    assert.equal(headers['content-length'], String(page.length));
    assert.equal(body.toString(), page);
  });

  it('leaves a HEAD and an image alone', async () => {
    const head = await get('/', { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.headers['content-encoding'], undefined);
    assert.equal(head.headers['content-length'], String(page.length));
    const png = await get('/png', { 'accept-encoding': 'br' });
    assert.equal(png.headers['content-encoding'], undefined);
    assert.equal(png.headers['vary'], undefined);
    assert.equal(png.body.length, 1000);
  });
});
