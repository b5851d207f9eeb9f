import type { APIRoute, GetStaticPaths } from 'astro';
import { agentSkillFiles } from '../../../../lib/discovery/site-discovery-files.ts';

/** `GET /.well-known/agent-skills/<name>/SKILL.md`: each skill's instructions, the bytes the index digests. */
export const getStaticPaths = (() =>
  agentSkillFiles()
    .filter(({ path }) => path === 'SKILL.md')
    .map(({ name, bytes }) => ({ params: { name }, props: { bytes } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ bytes: Uint8Array }> = ({ props }) =>
  new Response(props.bytes, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
