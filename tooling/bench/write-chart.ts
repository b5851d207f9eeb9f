import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { BenchResult } from './bench-section.ts';
import type { Summary } from './bench-stats.ts';
import { renderBuildScaleChart } from './build-scale-chart.ts';
import { fullChromiumPath } from './full-chromium.ts';

/**
 * Writes `build-scale.svg`, and `build-scale.png` rendered from it by headless Chromium, because a
 * pull request shows a PNG inline everywhere while the SVG is the source. Without Chromium, only
 * the SVG is written and a line on stderr says so.
 */
export async function writeBuildScaleChart(
  result: BenchResult & { machine: { cores: number; node: string }; measuredAt: string },
  dir: string,
): Promise<string[]> {
  const builds = (result.figures as { builds: { platforms: number; buildMs: Summary }[] }).builds;
  const caption = `median and min–max of ${builds[0]?.buildMs.runs ?? 0} builds each; ${result.machine.cores} cores, Node ${result.machine.node}, ${result.measuredAt.slice(0, 10)}`;
  const svg = renderBuildScaleChart(
    builds.map(({ platforms, buildMs }) => ({
      platforms,
      medianMs: buildMs.median,
      minMs: buildMs.min,
      maxMs: buildMs.max,
    })),
    caption,
  );
  const svgFile = join(dir, 'build-scale.svg');
  writeFileSync(svgFile, svg);
  const pngFile = join(dir, 'build-scale.png');
  try {
    const browser = await chromium.launch({ executablePath: fullChromiumPath() });
    try {
      const page = await browser.newPage({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 1.5 });
      await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
      await page.locator('svg').screenshot({ path: pngFile });
    } finally {
      await browser.close();
    }
    return [svgFile, pngFile];
  } catch (error) {
    console.error(`warning: no PNG chart (${(error as Error).message.split('\n')[0]}); the SVG is there`);
    return [svgFile];
  }
}
