import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { relabelRepeatedLinks } from '../../site/lib/docs/route-metadata.ts';

const link = (label: string, href: string) => ({ type: 'link' as const, label, href });
const titles = new Map([
  ['/docs/api/', { title: 'API reference' }],
  ['/docs/api/operations/tags/discovery/', { title: 'Discovery operations' }],
]);

describe('relabelRepeatedLinks: no two sidebar links share a label', () => {
  it("gives a repeated label its page's title, unless that title is its group's own label", () => {
    const sidebar = [
      link('Overview and quick start', '/docs/'),
      {
        type: 'group' as const,
        label: 'API reference',
        entries: [
          link('Overview', '/docs/api/'),
          {
            type: 'group' as const,
            label: 'Discovery',
            entries: [
              link('Overview', '/docs/api/operations/tags/discovery/'),
              link('List', '/docs/api/operations/x/'),
            ],
          },
        ],
      },
    ];
    relabelRepeatedLinks(sidebar, titles);
    assert.deepEqual(JSON.parse(JSON.stringify(sidebar)), [
      link('Overview and quick start', '/docs/'),
      {
        type: 'group',
        label: 'API reference',
        entries: [
          link('Overview', '/docs/api/'),
          {
            type: 'group',
            label: 'Discovery',
            entries: [
              link('Discovery operations', '/docs/api/operations/tags/discovery/'),
              link('List', '/docs/api/operations/x/'),
            ],
          },
        ],
      },
    ]);
  });

  it('leaves labels that are already distinct, and links the reference does not describe', () => {
    const sidebar = [link('Overview', '/docs/'), link('Overview', '/elsewhere/'), link('MCP', '/docs/mcp/')];
    relabelRepeatedLinks(sidebar, titles);
    assert.deepEqual(
      sidebar.map((entry) => entry.label),
      ['Overview', 'Overview', 'MCP'],
    );
  });
});
