import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mendApiReferenceHeadings } from '../../site/lib/docs/api-reference-headings.ts';

const heading = (level: number, id: string) =>
  `<div class="sl-heading-wrapper"><h${level} id="${id}" class="sl-openapi-heading">T</h${level}><a class="sl-anchor-link" href="#${id}"><span>link</span></a></div>`;

describe('mendApiReferenceHeadings', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'a repeated id gets a suffix, and so does its anchor link',
      {
        given: heading(4, 'headers') + heading(4, 'body') + heading(4, 'headers') + heading(4, 'headers'),
        want: heading(4, 'headers') + heading(4, 'body') + heading(4, 'headers-2') + heading(4, 'headers-3'),
      },
    ],
    [
      'the examples heading is an h4',
      {
        given: '<h5 class="sl-openapi-examples-heading astro-x">Examples</h5><h5 class="other">x</h5>',
        want: '<h4 class="sl-openapi-examples-heading astro-x">Examples</h4><h5 class="other">x</h5>',
      },
    ],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.equal(mendApiReferenceHeadings(given), want));
});
