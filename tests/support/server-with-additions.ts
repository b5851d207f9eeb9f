import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a later v1 answer may add, as `/docs/versioning/` lists it: what a client must accept. */
export const ADDITIONS = {
  /** A property the client does not know, on every platform. */
  unknownProperty: { name: 'fixtureAddedField', value: 'https://example.com/' },
  /** A target type the client does not know, on the first platform. */
  unknownTargetType: 'hashtag',
  /** A field of `data` the client does not know, in the capabilities. */
  unknownDataField: { name: 'regions', value: ['eu'] },
} as const;

type Platform = { targetTypes: string[] } & Record<string, unknown>;

/** The body `path` answers with the additions above: every platform, and the capabilities' `data`. */
export function addToAnswer(path: string, body: { data: unknown }): { data: unknown } {
  const addToPlatforms = (platforms: Platform[]) =>
    platforms.map((platform, index) => ({
      ...platform,
      [ADDITIONS.unknownProperty.name]: ADDITIONS.unknownProperty.value,
      targetTypes: index === 0 ? [...platform.targetTypes, ADDITIONS.unknownTargetType] : platform.targetTypes,
    }));
  if (path === '/api/v1/platforms') return { data: addToPlatforms(body.data as Platform[]) };
  const data = body.data as { platforms: Platform[] };
  return {
    data: {
      ...data,
      platforms: addToPlatforms(data.platforms),
      [ADDITIONS.unknownDataField.name]: ADDITIONS.unknownDataField.value,
    },
  };
}

export interface ServerWithAdditions {
  url: string;
  stop(): Promise<void>;
}

/**
 * A loopback server in front of the local server that answers as a later v1 deployment might:
 * the two endpoints' JSON with the additions above, `/openapi.json` naming this server (so that a
 * client generated from it calls here), anything else passed through.
 */
export async function startServerWithAdditions(localServer: string): Promise<ServerWithAdditions> {
  let url = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url!, localServer).pathname;
    void fetch(new URL(path, localServer), { headers: { Accept: 'application/json' } }).then(
      async (answer) => {
        let text = await answer.text();
        if (answer.ok && (path === '/api/v1/platforms' || path === '/api/v1/capabilities'))
          text = JSON.stringify(addToAnswer(path, JSON.parse(text) as { data: unknown }));
        if (path === '/openapi.json') text = text.replaceAll(localServer, url);
        response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
        response.end(text);
      },
      (error: Error) => response.writeHead(502).end(error.message),
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stop: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
