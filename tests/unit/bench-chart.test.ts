import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderBuildScaleChart } from '../../tooling/bench/build-scale-chart.ts';

describe('the build-scale chart', () => {
  const svg = renderBuildScaleChart(
    [
      { platforms: 10, medianMs: 5000, minMs: 4800, maxMs: 5600 },
      { platforms: 10_000, medianMs: 6000, minMs: 5900, maxMs: 7100 },
    ],
    'median of 3 builds; 2 cores & Node <24>',
  );

  it('is one standalone SVG element with a title', () => {
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
    assert.match(svg, /<\/svg>\n$/);
    assert.match(svg, /<title>Build time against the number of platforms<\/title>/);
  });

  it('escapes the caption', () => assert.ok(svg.includes('2 cores &amp; Node &lt;24&gt;')));

  it('plots a dot and a label per size, and the axis up to a round number of seconds', () => {
    assert.equal(svg.match(/<circle /g)?.length, 2);
    assert.ok(svg.includes('>5.0 s<') && svg.includes('>6.0 s<'));
    assert.ok(svg.includes('>10,000<'));
    assert.ok(svg.includes('>10 s<'), 'the axis tops out at 10 s');
  });
});
