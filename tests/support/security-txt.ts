/** The fields of a security.txt (RFC 9116, section 2.2): `Name: value` lines, `#` comments, blank lines. */
export function parseSecurityTxt(text: string): { fields: [string, string][]; bad: string[] } {
  const fields: [string, string][] = [];
  const bad: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z-]+): (\S.*)$/.exec(line);
    if (match) fields.push([match[1]!, match[2]!]);
    else bad.push(line);
  }
  return { fields, bad };
}
