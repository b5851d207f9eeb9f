/**
 * AgentSkillsIndex: `/.well-known/agent-skills/index.json`, the list of Agent Skills this site
 * publishes, each with the SHA-256 digests a client checks the files against before using them.
 * @see https://github.com/cloudflare/agent-skills-discovery-rfc (Agent Skills Discovery, v0.2.0)
 * @see https://agentskills.io/specification (the skill's name and description)
 */
const digest = {
  type: 'string',
  pattern: '^sha256:[0-9a-f]{64}$',
  description: '`sha256:` and the 64 lowercase hex digits of the SHA-256 of the bytes.',
} as const;

export const agentSkillsIndexSchema = {
  $id: 'https://earshot.dev/schemas/v1/agent-skills-index.json',
  title: 'AgentSkillsIndex',
  description: 'The Agent Skills this site publishes (Agent Skills Discovery v0.2.0).',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'skills'],
  properties: {
    version: { const: '0.2.0', description: 'The version of the index format.' },
    skills: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description', 'digest', 'files'],
        properties: {
          name: {
            type: 'string',
            minLength: 1,
            maxLength: 64,
            pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
            description: 'The skill directory under /.well-known/agent-skills/.',
            examples: ['earshot-discovery-api'],
          },
          description: {
            type: 'string',
            minLength: 1,
            maxLength: 1024,
            description: 'What the skill does and when to use it.',
          },
          digest: {
            ...digest,
            description:
              'The skill-level digest: SHA-256 of the lines `<path>\\0<hex>\\n` of every file, sorted by path.',
          },
          files: {
            type: 'array',
            minItems: 1,
            // Every skill has its SKILL.md (the format's MUST).
            contains: { type: 'object', required: ['path'], properties: { path: { const: 'SKILL.md' } } },
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['path', 'digest'],
              properties: {
                path: {
                  type: 'string',
                  minLength: 1,
                  // Relative, forward slashes, printable ASCII without \ ? # [ ], no `..` segment.
                  pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))[\\x20-\\x7E]+$',
                  not: { pattern: '[\\\\?#\\[\\]]' },
                },
                digest,
              },
            },
          },
        },
      },
    },
  },
} as const;
