/**
 * `/.well-known/agent-skills/index.json`: the Agent Skills this site publishes, each file with the
 * SHA-256 of the very bytes the site serves, and each skill with the digest of its files.
 * @see https://github.com/cloudflare/agent-skills-discovery-rfc ("Discovery Index", "Integrity and Verification", v0.2.0)
 */
import { createHash } from 'node:crypto';
import type { AgentSkillsIndex } from '../../../contract/schemas/index.ts';

export const AGENT_SKILLS_INDEX_PATH = '/.well-known/agent-skills/index.json';

/** `/.well-known/agent-skills/<name>/<path>`: where a skill's file is served. */
export function agentSkillFilePath(name: string, path: string): string {
  return `/.well-known/agent-skills/${name}/${path}`;
}

export interface AgentSkill {
  /** The directory under /.well-known/agent-skills/, the `name` of its SKILL.md. */
  name: string;
  description: string;
  /** Every file of the skill, SKILL.md first, with the bytes the site serves. */
  files: readonly { path: string; bytes: Uint8Array }[];
}

/** `sha256:` and the lowercase hex SHA-256 of the bytes. */
function sha256Digest(bytes: Uint8Array | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * The skill-level digest: the SHA-256 of one line `<path>\0<hex>\n` per file, sorted by path in
 * byte order.
 */
function skillDigest(files: readonly { path: string; digest: string }[]): string {
  const manifest = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, digest }) => `${path}\0${digest.slice('sha256:'.length)}\n`)
    .join('');
  return sha256Digest(manifest);
}

export function buildAgentSkillsIndex(skills: readonly AgentSkill[]): AgentSkillsIndex {
  return {
    version: '0.2.0',
    skills: skills.map(({ name, description, files }) => {
      const entries = files.map(({ path, bytes }) => ({ path, digest: sha256Digest(bytes) }));
      return { name, description, digest: skillDigest(entries), files: entries };
    }),
  };
}
