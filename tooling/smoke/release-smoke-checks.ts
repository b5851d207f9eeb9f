/**
 * The smoke checks of the releases and of security.txt: on a deploy, the release manifest,
 * `SHA256SUMS` and every recorded tarball and MCP Bundle agree byte for byte, and security.txt is
 * RFC 9116 text that has not expired, each with the Content-Type that netlify.toml sets.
 */
import { createHash } from 'node:crypto';
import { RELEASE_PATHS } from '../../contract/release-paths.ts';
import type { ReleaseManifest } from '../../contract/schemas/index.ts';
import { SECURITY_TXT_PATH } from '../../site/lib/discovery/build-security-txt.ts';
import { SmokeFailure, type SmokeCheck, type SmokeContext } from './smoke-checks.ts';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function buildReleaseSmokeChecks(context: SmokeContext): SmokeCheck[] {
  const get = async (path: string) => {
    const response = await context.fetch(new URL(path, context.baseUrl));
    if (response.status !== 200) throw new SmokeFailure(`GET ${path} answered ${response.status} (expected 200)`);
    return response;
  };
  const expectTextPlain = (response: Response) => {
    const want = 'text/plain; charset=utf-8';
    const got = response.headers.get('content-type') ?? '';
    if (got.toLowerCase() === want) return;
    throw new SmokeFailure(`content-type must be ${JSON.stringify(want)} (got ${JSON.stringify(got)})`);
  };
  return [
    {
      name: `every release of ${RELEASE_PATHS.manifest} answers its recorded bytes, and ${RELEASE_PATHS.sha256sums} lists each`,
      run: async () => {
        const manifest = (await (await get(RELEASE_PATHS.manifest)).json()) as ReleaseManifest;
        const sumsResponse = await get(RELEASE_PATHS.sha256sums);
        const sums = await sumsResponse.text();
        // Each tarball, and from 1.1.0 on each MCP Bundle, recorded with the same fields.
        const files = manifest.releases.flatMap((record) => [record, ...(record.bundle ? [record.bundle] : [])]);
        for (const file of files) {
          const bytes = new Uint8Array(
            await (await get(`${RELEASE_PATHS.tarballDirectory}${file.fileName}`)).arrayBuffer(),
          );
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          if (sha256 !== file.sha256 || bytes.byteLength !== file.size)
            throw new SmokeFailure(
              `${file.fileName}: sha256 ${sha256}, ${bytes.byteLength} bytes; the manifest records ${file.sha256}, ${file.size}`,
            );
          if (!sums.split('\n').includes(`${file.sha256}  ${file.fileName}`))
            throw new SmokeFailure(`${RELEASE_PATHS.sha256sums} has no line for ${file.fileName}`);
        }
        expectTextPlain(sumsResponse);
        return `${manifest.releases.length} release(s), ${files.length} file(s)`;
      },
    },
    {
      name: `GET ${SECURITY_TXT_PATH} names a contact and a policy, and expires within a year (RFC 9116)`,
      run: async () => {
        const response = await get(SECURITY_TXT_PATH);
        const text = await response.text();
        const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(text)?.[1];
        for (const name of ['Contact', 'Policy', 'Canonical'])
          if (!field(name)) throw new SmokeFailure(`${SECURITY_TXT_PATH} has no ${name} field`);
        const expires = Date.parse(field('Expires') ?? '');
        if (!(expires > Date.now() && expires < Date.now() + ONE_YEAR_MS))
          throw new SmokeFailure(`Expires must be in the coming year (got ${JSON.stringify(field('Expires'))})`);
        expectTextPlain(response);
      },
    },
  ];
}
