import type { APIRoute } from 'astro';
import { schemaCheckedJsonResponse } from '../../../lib/api/json-response.ts';
import { buildAgentSkillsIndex } from '../../../lib/discovery/build-agent-skills-index.ts';
import { loadAgentSkills } from '../../../lib/discovery/site-discovery-files.ts';
import { agentSkillsIndexSchema } from '../../../../contract/schemas/index.ts';

/** `GET /.well-known/agent-skills/index.json`: every skill, its files' digests computed from the bytes served. */
export const GET: APIRoute = () =>
  schemaCheckedJsonResponse(agentSkillsIndexSchema, buildAgentSkillsIndex(loadAgentSkills()));
