/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability. Built at every deploy,
 * so `Expires` moves with each one; it stays under a year ahead as the RFC recommends (section
 * 2.5.5), leaving a deploy-less site a year before the file goes stale.
 * @see https://www.rfc-editor.org/rfc/rfc9116
 */
export const SECURITY_TXT_PATH = '/.well-known/security.txt';
/** The docs page whose "Reporting a vulnerability" section is the policy. */
export const SECURITY_POLICY_PATH = '/docs/security/';
/** How far ahead `Expires` is set: under a year (RFC 9116, section 2.5.5). */
const SECURITY_TXT_LIFETIME_DAYS = 360;

export interface SecurityTxtFacts {
  baseUrl: string;
  contactEmail: string;
  now: Date;
}

export function buildSecurityTxt({ baseUrl, contactEmail, now }: SecurityTxtFacts): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    '# Report a security vulnerability in Earshot to the contact below; the policy says what to include',
    '# and what to expect from us.',
    `Contact: mailto:${contactEmail}`,
    `Expires: ${expires.toISOString()}`,
    `Policy: ${baseUrl}${SECURITY_POLICY_PATH}#reporting-a-vulnerability`,
    `Canonical: ${baseUrl}${SECURITY_TXT_PATH}`,
    'Preferred-Languages: en',
    '',
  ].join('\n');
}
