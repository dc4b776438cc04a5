// A model probe report of either tool read into its run (garak.ts, promptfoo.ts): what the body
// worker and `aispm import --format garak|promptfoo` call.

import { readGarak } from './garak.ts';
import type { ProbeRun, ProbeTool } from './probes.ts';
import { readPromptfoo } from './promptfoo.ts';

export const PROBE_TOOLS: readonly ProbeTool[] = ['garak', 'promptfoo'];

/** A report's run, or a ProbeError naming its first problem. */
export const readProbeReport = (tool: ProbeTool, text: string, now: number): ProbeRun =>
  tool === 'garak' ? readGarak(text, now) : readPromptfoo(text, now);
