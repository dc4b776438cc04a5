// Every framework's rules, in one list the engine indexes by symbol name.

import type { Rule } from '../engine.ts';
import { crewaiRules } from './crewai.ts';
import { openaiAgentsRules } from './openai-agents.ts';

export const allRules: Rule[] = [...openaiAgentsRules, ...crewaiRules];
