import { toOneLine, type ClientError } from './client-error.ts';
import type { ProxySettings } from './proxy-settings.ts';
import type { UrlSource } from './url-source.ts';

/** What a network failure message needs besides the error: where the URL came from, the proxy in use, whom to tell. */
export interface NetworkErrorContext {
  source: UrlSource;
  proxy?: ProxySettings | undefined;
  supportEmail: string;
}

/**
 * One `error:` and one `hint:` line for a request that got no answer. Node's fetch reports these
 * as `TypeError: fetch failed` with the cause (and its `code`) in `cause`. Each message names what
 * failed and where the URL came from; each hint suggests only what can change the outcome.
 */
export function describeNetworkError(url: string, error: unknown, context: NetworkErrorContext): ClientError {
  const target = new URL(url);
  const { host, hostname } = target;
  const details = describeCauses(error);
  const code = findErrorCode(error);
  const from = `(from ${context.source.describe})`;
  const unreachable = (message: string, hint: string): ClientError => ({ kind: 'unreachable', message, hint, details });

  const proxy = failedProxy(error, target, context.proxy);
  if (proxy) {
    const reason =
      code === 'ECONNREFUSED'
        ? 'connection refused'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'its host name does not resolve'
          : (code ?? 'no answer');
    return unreachable(
      `cannot connect to the proxy ${proxy.url} (from ${proxy.variable}): ${reason}`,
      `check ${proxy.variable}, or set NO_PROXY=${hostname} to reach ${hostname} without the proxy`,
    );
  }

  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const failedHost = hostOf(error) ?? hostname;
    const lookup = code === 'EAI_AGAIN' ? ' (the DNS lookup timed out)' : '';
    const message = `cannot resolve the host name ${failedHost}${lookup} ${from}`;
    if (!context.source.setting)
      return unreachable(
        message,
        `the server links to a host that does not resolve; try again later, and if it persists tell ${context.supportEmail}`,
      );
    return unreachable(message, `check the host name in ${context.source.setting}, and your network's DNS`);
  }
  if (code === 'ECONNREFUSED') {
    // A user's own setting is named in the hint; a server's link, which the user did not choose, here.
    const message = `cannot connect to ${host}: connection refused${context.source.setting ? '' : ` ${from}`}`;
    return unreachable(
      message,
      context.source.setting
        ? `check that a server is running at ${target.origin}, or the port in ${context.source.setting}`
        : `the server links to an address that refuses connections; if it persists, tell ${context.supportEmail}`,
    );
  }

  const tls = describeTlsFailure(code, error, target, context);
  if (tls) return { ...tls, details };

  if (isBadPort(error)) {
    return unreachable(
      `cannot request ${url}: fetch refuses port ${target.port} (a port of another protocol) ${from}`,
      context.source.setting
        ? `use the port the API is served on in ${context.source.setting}`
        : `tell ${context.supportEmail}`,
    );
  }
  const reasons: Record<string, string> = {
    ECONNRESET: `the connection to ${host} was reset`,
    UND_ERR_SOCKET: `the connection to ${host} closed unexpectedly`,
    ETIMEDOUT: `cannot connect to ${host}: timed out`,
    EHOSTUNREACH: `cannot reach ${host}: no route to host`,
    ENETUNREACH: `cannot reach ${host}: network unreachable`,
  };
  const message = (code && reasons[code]) ?? `cannot reach ${host}${code ? ` (${code})` : ''}`;
  // Only with a proxy set is its configuration a likely cause worth naming.
  const hint = context.proxy
    ? 'check your network connection and the proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), then try again'
    : 'check your network connection, then try again';
  return unreachable(message, hint);
}

/**
 * TLS handshake failures, by OpenSSL's and Node's codes, with the likely cause:
 * @see https://nodejs.org/api/tls.html#x509-certificate-error-codes
 */
function describeTlsFailure(
  code: string | undefined,
  error: unknown,
  target: URL,
  context: NetworkErrorContext,
): Omit<ClientError, 'details'> | undefined {
  const { host, hostname } = target;
  const setting = context.source.setting;
  const fixLink = setting ?? `tell ${context.supportEmail}`;
  const messageText = describeCauses(error).join(' ');
  if (
    code === 'ERR_SSL_WRONG_VERSION_NUMBER' ||
    code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' ||
    /wrong version number|packet length too long/i.test(messageText)
  ) {
    const plain = new URL(target.href);
    plain.protocol = 'http:';
    return {
      kind: 'unreachable',
      message: `TLS handshake with ${host} failed: the server does not speak TLS there (an https:// URL for a plain http:// server?)`,
      hint: setting
        ? `if the server serves plain HTTP, use ${plain.origin} in ${setting}`
        : `the server links to ${target.origin}, which does not serve HTTPS; tell ${context.supportEmail}`,
    };
  }
  const untrusted = [
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_GET_ISSUER_CERT',
    'CERT_UNTRUSTED',
  ];
  if (code && untrusted.includes(code)) {
    return {
      kind: 'unreachable',
      message: `the TLS certificate of ${host} is not trusted (${code})`,
      hint: 'if a proxy or security software on this network inspects HTTPS, give Node its certificate authority with NODE_EXTRA_CA_CERTS=<file.pem>',
    };
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return {
      kind: 'unreachable',
      message: `the TLS certificate of ${host} is ${code === 'CERT_HAS_EXPIRED' ? 'expired' : 'not valid yet'} (${code})`,
      hint: `check this computer's date and time; if they are right, the certificate of ${hostname} needs renewing: tell ${context.supportEmail}`,
    };
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    return {
      kind: 'unreachable',
      message: `the TLS certificate of ${host} is for another host name (${code})`,
      hint: setting ? `check the host name in ${setting}` : fixLink,
    };
  }
  if (code !== undefined && /CERT|SSL|TLS/.test(code)) {
    return {
      kind: 'unreachable',
      message: `TLS handshake with ${host} failed (${code})`,
      hint: `check that ${target.origin} serves HTTPS${setting ? ` (${setting})` : ''}; a proxy that inspects HTTPS needs NODE_EXTRA_CA_CERTS=<file.pem>`,
    };
  }
  return undefined;
}

/**
 * The proxy a failure happened at, when the error names the proxy's address: the connection
 * that failed was to the proxy, not to the API (undici's errors carry `address`/`port`, or
 * `hostname` for a DNS failure).
 */
function failedProxy(
  error: unknown,
  target: URL,
  proxy: ProxySettings | undefined,
): { url: string; variable: string } | undefined {
  if (!proxy) return undefined;
  const [url, variable] =
    target.protocol === 'https:'
      ? [proxy.httpsProxy ?? proxy.httpProxy, proxy.httpsProxy ? 'HTTPS_PROXY' : 'HTTP_PROXY']
      : [proxy.httpProxy, 'HTTP_PROXY'];
  if (!url) return undefined;
  let proxyUrl: URL;
  try {
    proxyUrl = new URL(url);
  } catch {
    return undefined;
  }
  const proxyPort = Number(proxyUrl.port || (proxyUrl.protocol === 'https:' ? 443 : 80));
  const proxyHost = proxyUrl.hostname.replace(/^\[|\]$/g, '');
  const isProxyAddress = (address: unknown) =>
    address === proxyHost || (proxyHost === 'localhost' && (address === '127.0.0.1' || address === '::1'));
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { address, port, hostname } = current as { address?: unknown; port?: unknown; hostname?: unknown };
    if (hostname === proxyHost || (port === proxyPort && isProxyAddress(address)))
      return { url: proxyUrl.origin, variable };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function hostOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { hostname } = current as { hostname?: unknown };
    if (typeof hostname === 'string' && hostname !== '') return hostname;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** fetch refuses ports of other protocols (1, 9, 25, …) before connecting, with the message "bad port". */
function isBadPort(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if ((current as { message?: unknown }).message === 'bad port') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function findErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function describeCauses(error: unknown): string[] {
  const lines: string[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    lines.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return lines.map((line) => toOneLine(line, 300));
}
