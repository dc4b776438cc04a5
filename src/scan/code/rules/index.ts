// Every framework's rules, in one list the engine indexes by symbol name.

import type { Rule } from '../engine.ts';
import { autogenRules } from './autogen.ts';
import { crewaiRules } from './crewai.ts';
import { langchainRules } from './langchain.ts';
import { mcpRules } from './mcp.ts';
import { modelClientRules } from './model-clients.ts';
import { openaiAgentsRules } from './openai-agents.ts';
import { pythonAgentRules } from './python-agents.ts';
import { vercelMastraRules } from './vercel-mastra.ts';

export const allRules: Rule[] = [
  ...openaiAgentsRules,
  ...langchainRules,
  ...crewaiRules,
  ...autogenRules,
  ...pythonAgentRules,
  ...vercelMastraRules,
  ...mcpRules,
  ...modelClientRules,
];
