/**
 * The chart of build time against the number of platforms, as a standalone SVG (no library):
 * linear axes, so that linear growth reads as a straight line; a dot at each median and a bar
 * from the fastest to the slowest run.
 */
export interface ChartPoint {
  platforms: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

const WIDTH = 640;
const HEIGHT = 360;
const MARGIN = { top: 48, right: 32, bottom: 56, left: 64 };

export function renderBuildScaleChart(points: readonly ChartPoint[], caption: string): string {
  const maxX = Math.max(...points.map((point) => point.platforms));
  const maxY = niceCeiling(Math.max(...points.map((point) => point.maxMs)) / 1000);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (platforms: number) => MARGIN.left + (platforms / maxX) * plotWidth;
  const y = (ms: number) => MARGIN.top + plotHeight - (ms / 1000 / maxY) * plotHeight;
  const yTicks = Array.from({ length: 5 }, (_, index) => (maxY / 4) * index);
  const xTicks = points.map((point) => point.platforms);
  const line = points.map((point) => `${x(point.platforms).toFixed(1)},${y(point.medianMs).toFixed(1)}`).join(' ');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, sans-serif" font-size="12">`,
    `<title>Build time against the number of platforms</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${MARGIN.left}" y="20" font-size="15" font-weight="600">Build time against the number of platforms</text>`,
    `<text x="${MARGIN.left}" y="36" fill="#555">${escapeXml(caption)}</text>`,
    ...yTicks.map(
      (tick) =>
        `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(tick * 1000).toFixed(1)}" y2="${y(tick * 1000).toFixed(1)}" stroke="#ddd"/>` +
        `<text x="${MARGIN.left - 8}" y="${(y(tick * 1000) + 4).toFixed(1)}" text-anchor="end">${formatTick(tick)} s</text>`,
    ),
    ...xTicks.map(
      (tick) =>
        `<text x="${x(tick).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 18}" text-anchor="middle">${tick.toLocaleString('en')}</text>`,
    ),
    `<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 12}" text-anchor="middle">platforms in data/platforms.json</text>`,
    `<line x1="${MARGIN.left}" x2="${MARGIN.left}" y1="${MARGIN.top}" y2="${MARGIN.top + plotHeight}" stroke="#333"/>`,
    `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${MARGIN.top + plotHeight}" y2="${MARGIN.top + plotHeight}" stroke="#333"/>`,
    `<polyline points="${line}" fill="none" stroke="#1f5fbf" stroke-width="2"/>`,
    ...points.map(
      (point) =>
        `<line x1="${x(point.platforms).toFixed(1)}" x2="${x(point.platforms).toFixed(1)}" y1="${y(point.minMs).toFixed(1)}" y2="${y(point.maxMs).toFixed(1)}" stroke="#1f5fbf" stroke-width="6" stroke-opacity="0.3"/>` +
        `<circle cx="${x(point.platforms).toFixed(1)}" cy="${y(point.medianMs).toFixed(1)}" r="4" fill="#1f5fbf"/>` +
        `<text x="${(x(point.platforms) + (point.platforms === maxX ? -8 : 8)).toFixed(1)}" y="${(y(point.medianMs) - 8).toFixed(1)}" text-anchor="${point.platforms === maxX ? 'end' : 'start'}">${(point.medianMs / 1000).toFixed(1)} s</text>`,
    ),
    `</svg>`,
    '',
  ].join('\n');
}

/** The smallest of 1, 2, 2.5, 5 × 10^n at or above `value`, so that ticks fall on round numbers. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((step) => step * power).find((candidate) => candidate >= value)!;
}

const formatTick = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character,
  );
