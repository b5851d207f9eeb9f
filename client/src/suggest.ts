/**
 * "Did you mean …?" for a mistyped command, subcommand, flag or value, as git and gh offer.
 *
 * Candidates are ranked by optimal string alignment distance (Levenshtein plus the swap of two
 * neighbouring characters, the commonest typo: `platfroms`, `--jsno`), case-insensitively. A
 * candidate is offered when it is at most one edit away for a short word, two for a longer one,
 * or when the word is the start of it (`cap` → `capabilities`). The closest win; ties are all
 * offered, in the candidates' order.
 * @see https://en.wikipedia.org/wiki/Damerau%E2%80%93Levenshtein_distance#Optimal_string_alignment_distance
 */
export function suggest(word: string, candidates: readonly string[]): string[] {
  const typed = word.toLowerCase();
  if (typed === '') return [];
  const allowed = typed.length <= 4 ? 1 : 2;
  let best = Infinity;
  let found: string[] = [];
  for (const candidate of candidates) {
    const name = candidate.toLowerCase();
    const distance = name.startsWith(typed) && typed.length >= 2 ? 0.5 : alignmentDistance(typed, name);
    if (distance > allowed || distance > best) continue;
    if (distance < best) [best, found] = [distance, []];
    if (!found.includes(candidate)) found.push(candidate);
  }
  return found;
}

/** `did you mean "platforms"?` or `did you mean --json or --jq?`; `undefined` when nothing is close. */
export function formatSuggestion(
  word: string,
  candidates: readonly string[],
  quote: (candidate: string) => string = (candidate) => `"${candidate}"`,
): string | undefined {
  const close = suggest(word, candidates).slice(0, 3);
  if (close.length === 0) return undefined;
  const listed = close.map(quote);
  return `did you mean ${listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} or ${listed.at(-1)}`}?`;
}

/** The optimal string alignment distance between `a` and `b`, by code point. */
export function alignmentDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  // rows[i][j]: the distance between the first i characters of x and the first j of y.
  const rows = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let distance = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        distance = Math.min(distance, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = distance;
    }
  }
  return rows[x.length]![y.length]!;
}
