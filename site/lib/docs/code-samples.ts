/**
 * The code the docs show for calling the API, in curl, JavaScript and Python, built from the
 * deployment's base URL so that it runs as shown. tests/e2e/code-samples.spec.ts copies each
 * sample off the served page, runs it against the local server and compares what it prints with
 * the output the page shows beside it.
 */

type SampleLanguage = 'curl' | 'javascript' | 'python';

export interface CodeSample {
  language: SampleLanguage;
  /** The tab's label. */
  label: string;
  /** Expressive Code's language name. */
  lang: 'sh' | 'js' | 'python';
  code: string;
}

/** Names the caller, as the API asks (spec: "Clients should identify themselves"). */
const SAMPLE_USER_AGENT = 'my-app/1.0 (you@example.com)';

/** `curl <options>` GETting `url` with the headers the API asks for, one option per line. */
function curlGet(options: string, url: string): string {
  return `curl ${options} \\\n  -H 'Accept: application/json' \\\n  -H 'User-Agent: ${SAMPLE_USER_AGENT}' \\\n  ${url}`;
}

/**
 * The first call: GET one endpoint, check the status, print the JSON. JavaScript and Python print
 * it indented by two spaces, exactly as `formatJsonOutput` renders it for the page; curl prints
 * the bytes as served.
 */
export function buildFirstCallSamples(url: string): CodeSample[] {
  return [
    {
      language: 'curl',
      label: 'curl',
      lang: 'sh',
      code: curlGet('--fail-with-body -sS', url),
    },
    {
      language: 'javascript',
      label: 'JavaScript',
      lang: 'js',
      // A browser keeps its own User-Agent; Node's fetch sends this one.
      code: `const response = await fetch('${url}', {
  headers: { Accept: 'application/json', 'User-Agent': '${SAMPLE_USER_AGENT}' },
});
if (!response.ok) {
  throw new Error(\`HTTP \${response.status}: \${await response.text()}\`);
}
const body = await response.json();
console.log(JSON.stringify(body, null, 2));`,
    },
    {
      language: 'python',
      label: 'Python',
      lang: 'python',
      code: `import json
import urllib.request

request = urllib.request.Request(
    "${url}",
    headers={"Accept": "application/json", "User-Agent": "${SAMPLE_USER_AGENT}"},
)
# urlopen raises urllib.error.HTTPError for any status of 400 or more.
with urllib.request.urlopen(request, timeout=10) as response:
    body = json.load(response)
print(json.dumps(body, indent=2, ensure_ascii=False))`,
    },
  ];
}

/**
 * HEAD: the headers GET would answer with, and no body (the API reference's HEAD operations).
 * curl prints the status line and the headers; the others print the two headers a client checks.
 */
export function buildHeadSamples(url: string): CodeSample[] {
  return [
    { language: 'curl', label: 'curl', lang: 'sh', code: curlGet('--head --fail -sS', url) },
    {
      language: 'javascript',
      label: 'JavaScript',
      lang: 'js',
      code: `const response = await fetch('${url}', {
  method: 'HEAD',
  headers: { Accept: 'application/json', 'User-Agent': '${SAMPLE_USER_AGENT}' },
});
if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
// A HEAD answer has no body: read its headers.
console.log(\`ETag: \${response.headers.get('ETag')}\`);
console.log(\`RateLimit-Policy: \${response.headers.get('RateLimit-Policy')}\`);`,
    },
    {
      language: 'python',
      label: 'Python',
      lang: 'python',
      code: `import urllib.request

request = urllib.request.Request(
    "${url}",
    method="HEAD",
    headers={"Accept": "application/json", "User-Agent": "${SAMPLE_USER_AGENT}"},
)
# urlopen raises urllib.error.HTTPError for any status of 400 or more.
with urllib.request.urlopen(request, timeout=10) as response:
    print(f"ETag: {response.headers['ETag']}")
    print(f"RateLimit-Policy: {response.headers['RateLimit-Policy']}")`,
    },
  ];
}

/** The retry rule the back-off samples follow (site/lib/docs/retry-rule.ts). */
export interface SampleRetryRule {
  /** Attempts in all: the first and its retries. */
  attempts: number;
  retries: number;
  /** Without `Retry-After`: the top of the first random wait in seconds (at least half of it), doubled at each retry up to the second. */
  backoffFirstSeconds: number;
  backoffMaxSeconds: number;
}

/**
 * Backing off: on 429, wait as long as `Retry-After` says, then try again, as many times as the
 * client's own rule allows; any other error status fails at once. The same rule in each language.
 */
export function buildBackoffSamples(url: string, rule: SampleRetryRule): CodeSample[] {
  return [
    {
      language: 'curl',
      label: 'curl',
      lang: 'sh',
      // curl 7.66 and later retries a 429 after the time its Retry-After names. --fail rather than
      // --fail-with-body: the latter would print each 429's body before the answer. -s rather than
      // -sS: -S prints "curl: (22) … 429" for every 429 it retries, which reads as a failure on the
      // way to success; the -w line (curl 7.75: %{onerror}, %{errormsg}) prints the error only
      // when the last try fails.
      code: curlGet(
        `--fail -s --retry ${rule.retries} \\
  -w '%{onerror}%{stderr}curl: %{errormsg}\\n'`,
        url,
      ),
    },
    {
      language: 'javascript',
      label: 'JavaScript',
      lang: 'js',
      code: `async function getJson(url, { attempts = ${rule.attempts} } = {}) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, {
      headers: { Accept: 'application/json', 'User-Agent': '${SAMPLE_USER_AGENT}' },
    });
    if (response.ok) return response.json();
    if (response.status !== 429 || attempt === attempts) {
      throw new Error(\`HTTP \${response.status}: \${await response.text()}\`);
    }
    // Without Retry-After, wait a random time up to ${rule.backoffFirstSeconds} s, but at least half, doubled each time up to ${rule.backoffMaxSeconds} s.
    const top = Math.min(${rule.backoffMaxSeconds}, ${rule.backoffFirstSeconds} * 2 ** (attempt - 1));
    const seconds = Number(response.headers.get('Retry-After')) || top / 2 + (Math.random() * top) / 2;
    console.error(\`rate limited; retrying in \${Math.round(seconds * 10) / 10} s\`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

console.log(JSON.stringify(await getJson('${url}'), null, 2));`,
    },
    {
      language: 'python',
      label: 'Python',
      lang: 'python',
      code: `import json
import random
import sys
import time
import urllib.error
import urllib.request


def get_json(url, attempts=${rule.attempts}):
    request = urllib.request.Request(
        url,
        headers={"Accept": "application/json", "User-Agent": "${SAMPLE_USER_AGENT}"},
    )
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            if error.code != 429 or attempt == attempts:
                raise
            # Without Retry-After, wait a random time up to ${rule.backoffFirstSeconds} s, but at least half, doubled each time up to ${rule.backoffMaxSeconds} s.
            top = min(${rule.backoffMaxSeconds}, ${rule.backoffFirstSeconds} * 2 ** (attempt - 1))
            retry_after = error.headers.get("Retry-After")
            seconds = int(retry_after) if retry_after else random.uniform(top / 2, top)
            print(f"rate limited; retrying in {round(seconds, 1)} s", file=sys.stderr)
            time.sleep(seconds)


print(json.dumps(get_json("${url}"), indent=2, ensure_ascii=False))`,
    },
  ];
}

/** JSON as the JavaScript and Python samples print it. */
function formatJsonOutput(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * What a sample prints for a list answer, as the page shows it: the JSON as printed, cut after
 * its first `shown` items, with one line saying how many more there are. A page then weighs the
 * same with ten platforms or ten thousand, and the reader still sees the shape.
 */
export function formatAnswerExcerpt(body: { data: readonly unknown[] }, shown: number): string {
  const more = body.data.length - shown;
  if (more <= 0) return formatJsonOutput(body);
  const lines = formatJsonOutput({ ...body, data: body.data.slice(0, shown) }).split('\n');
  // The closing `  ]` of `data` is the second line from the end; the note goes just above it.
  lines.splice(-2, 0, `    … ${more} more ${more === 1 ? 'item' : 'items'}`);
  return lines.join('\n');
}

/** An output longer than this (in lines) is collapsed after its first `OUTPUT_LINES_SHOWN` lines. */
export const LONG_OUTPUT_LINES = 15;
export const OUTPUT_LINES_SHOWN = 10;

/**
 * The lines of `output` that its block collapses behind a "Show all" line, as the range
 * `@expressive-code/plugin-collapsible-sections` takes (`11-68`), or nothing for a short output.
 * The whole nine-platform JSON is about seventy lines: printed in full under every tab, it buried
 * the text after it.
 */
export function collapsedOutputLines(output: string): string | undefined {
  const count = output.split('\n').length;
  return count > LONG_OUTPUT_LINES ? `${OUTPUT_LINES_SHOWN + 1}-${count}` : undefined;
}

/**
 * Revalidating: ask again with the `ETag` of the copy you have in `If-None-Match`; `304 Not
 * Modified` means the copy is still current and costs no body. Each sample prints the two
 * statuses. (A browser's `fetch` does this by itself through its HTTP cache.)
 */
export function buildConditionalRequestSamples(url: string): CodeSample[] {
  return [
    {
      language: 'curl',
      label: 'curl',
      lang: 'sh',
      code: `curl -sS -D headers.txt -o platforms.json -w 'first: %{http_code}\\n' \\
  -H 'Accept: application/json' -H 'User-Agent: ${SAMPLE_USER_AGENT}' ${url}
etag=$(grep -i '^etag:' headers.txt | cut -d' ' -f2- | tr -d '\\r')
curl -sS -o /dev/null -w 'again: %{http_code}\\n' \\
  -H 'Accept: application/json' -H 'User-Agent: ${SAMPLE_USER_AGENT}' \\
  -H "If-None-Match: $etag" ${url}`,
    },
    {
      language: 'javascript',
      label: 'JavaScript',
      lang: 'js',
      code: `const url = '${url}';
const headers = { Accept: 'application/json', 'User-Agent': '${SAMPLE_USER_AGENT}' };
const first = await fetch(url, { headers });
const saved = { etag: first.headers.get('ETag'), body: await first.json() };
console.log(\`first: \${first.status}\`);

const again = await fetch(url, {
  headers: { ...headers, 'If-None-Match': saved.etag },
});
// 304: the saved body is still current; 200: a new body and a new ETag.
console.log(\`again: \${again.status}\`);`,
    },
    {
      language: 'python',
      label: 'Python',
      lang: 'python',
      code: `import json
import urllib.error
import urllib.request

url = "${url}"
headers = {"Accept": "application/json", "User-Agent": "${SAMPLE_USER_AGENT}"}
with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
    saved = {"etag": response.headers["ETag"], "body": json.load(response)}
    print(f"first: {response.status}")

request = urllib.request.Request(url, headers={**headers, "If-None-Match": saved["etag"]})
try:
    with urllib.request.urlopen(request, timeout=10) as response:
        print(f"again: {response.status}")  # 200: a new body and a new ETag
except urllib.error.HTTPError as error:
    if error.code != 304:
        raise
    print("again: 304")  # the saved body is still current`,
    },
  ];
}

/*
 * Multi-line code the docs pages show outside the tabbed samples. It lives here, not in the MDX
 * pages: MDX strips the leading whitespace of every line inside a JSX expression written in the
 * page (`<Code code={`…`} />`), so an indented sample typed there loses its indentation on screen
 * and in what the copy button copies. tests/unit/docs-code-source.test.ts keeps such literals out
 * of the pages; tests/support/page-sweep-checks.ts compares what each copy button copies with these.
 */

/** The file the library sample is saved as: an ES module, so Node runs its top-level `await`. */
export const LIBRARY_SAMPLE_FILE = 'platforms.mjs';

/**
 * The typed library in use (`/docs/cli/#as-a-library`), as JavaScript that `node platforms.mjs`
 * runs. It names `baseUrl` only for a deployment other than production, as the commands add
 * `--base-url`.
 */
export function buildLibrarySample(baseUrl: string, productionBaseUrl: string): string {
  const options = [
    `userAgent: '${SAMPLE_USER_AGENT}'`,
    ...(baseUrl === productionBaseUrl ? [] : [`baseUrl: '${baseUrl}'`]),
  ].join(', ');
  return `import { createClient } from 'earshot';

const earshot = createClient({ ${options} });
const { data } = await earshot.listServicePlatforms();
for (const platform of data) console.log(platform.id, platform.targetTypes.join(', '));`;
}

/** A whole 429 as `/docs/rate-limits/` shows it: the status line, the headers, then the body. */
export function buildTooManyRequestsAnswer(fields: {
  retryAfter: number;
  policy: string;
  remaining: string;
  body: string;
}): string {
  return [
    'HTTP/1.1 429 Too Many Requests',
    `Retry-After: ${fields.retryAfter}`,
    `RateLimit-Policy: ${fields.policy}`,
    `RateLimit: ${fields.remaining}`,
    '',
    fields.body,
  ].join('\n');
}

/** What a tool call of `earshot mcp` answers when the API's limit outlasts its wait budget (`/docs/mcp/`). */
export function buildMcpRateLimitedResult(fields: {
  host: string;
  windowSeconds: number;
  maxWaitSeconds: number;
}): string {
  return [
    `error: rate limited by ${fields.host} (HTTP 429); tried once, and the server asks to wait ${fields.windowSeconds} s, longer than the ${fields.maxWaitSeconds} s this client waits in all (--max-wait)`,
    `hint: try again in ${fields.windowSeconds} s, at 14:06:00 UTC or later`,
  ].join('\n');
}

/** What `/docs/security/` shows for checking a downloaded release against its records. */
export interface DownloadVerificationFacts {
  tarballUrl: string;
  fileName: string;
  sha256sumsUrl: string;
  sha256: string;
  integrity: string;
}

/** Checking a download: against the site's SHA256SUMS, against the repository's record, and by npm's integrity. */
export function buildDownloadVerificationSamples(facts: DownloadVerificationFacts) {
  return {
    sha256sums: [
      `curl -fsSLO ${facts.tarballUrl}`,
      `curl -fsSL ${facts.sha256sumsUrl} | sha256sum --check --ignore-missing`,
      '# macOS:',
      `curl -fsSL ${facts.sha256sumsUrl} | shasum -a 256 --check --ignore-missing`,
    ].join('\n'),
    repositoryRecord: [`sha256sum ${facts.fileName}`, `# ${facts.sha256}`].join('\n'),
    npmIntegrity: [
      `npm install ${facts.tarballUrl}`,
      `node -p "Object.entries(require('./package-lock.json').packages).find(([path]) => path.endsWith('/earshot'))[1].integrity"`,
      `# ${facts.integrity}`,
    ].join('\n'),
  };
}
