import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findFreePort, stopProcessGroup } from '../../tooling/local-server.ts';
import { rateLimitedUrl } from './rate-limited-host.ts';

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/**
 * Stoplight Prism (`@stoplight/prism-cli`), as it ships from npm, in proxy mode with `--errors`:
 * it forwards each request to `upstream` and checks the request and the answer against the
 * OpenAPI document at `document`. A request the document has no operation for, or an answer it
 * does not describe (a status, a body, a missing required header), becomes Prism's own error
 * (`application/problem+json`) instead of the upstream's answer.
 * @see https://docs.stoplight.io/docs/prism/
 */
export async function startPrismProxy({ document, upstream }: { document: string; upstream: string }): Promise<Server> {
  const port = await findFreePort();
  const child = spawn(
    'node_modules/.bin/prism',
    ['proxy', document, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, NO_COLOR: '1' } },
  );
  let output = '';
  const stop = () => stopProcessGroup(child);
  try {
    await new Promise<void>((ready, fail) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Prism is listening on')) ready();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => fail(new Error(`prism exited with ${code} before listening:\n${output}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** Sends the request to the local server's rate-limited name (`x-test-over-limit: 1`), whose window the test has filled. */
export const OVER_LIMIT_HEADER = 'x-test-over-limit';
/** Makes the answer lose one header, as a deploy that drops it would (`x-test-drop-header: etag`). */
export const DROP_HEADER = 'x-test-drop-header';

/**
 * A pass-through to the local server: a request marked over the limit goes to the name whose rate
 * limits count (rate-limited-host.ts), where the test has filled the window, so that the server's
 * own 429 comes back; and a header can be dropped, to show that the check can fail.
 */
export async function startUpstream(localServer: string): Promise<Server> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url!, request.headers[OVER_LIMIT_HEADER] ? rateLimitedUrl(localServer) : localServer);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    );
    const dropped = request.headers[DROP_HEADER];
    void fetch(url, { method: request.method!, headers, redirect: 'manual' }).then(
      async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        const kept = [...answer.headers].filter(
          ([name]) =>
            name !== dropped &&
            // The body is sent decoded, and its length is Node's to set.
            !['content-encoding', 'content-length', 'transfer-encoding'].includes(name) &&
            // Prism 5.16 parses the body of any JSON answer but a 204, and a HEAD answer or a 304
            // has none: it fails with "invalid json response body" (as it did for 204 before
            // stoplightio/prism#1361). Without its Content-Type, such an answer is read as the
            // empty text it is; its status and headers, all it has, are checked.
            !((request.method === 'HEAD' || answer.status === 304) && name === 'content-type'),
        );
        response.writeHead(answer.status, Object.fromEntries(kept));
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: Error) => {
        response.writeHead(502).end(error.message);
      },
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
