// CrewAI (`crewai`, `crewai_tools`), in code and in its YAML:
//   Agent(role, goal, backstory, tools, llm, allow_code_execution, config=self.agents_config['key']);
//   LLM(model=…); @tool("Name") and BaseTool subclasses (name, description); crewai_tools' tools;
//   agents.yaml keys are the agents (span there), joined with the `@agent` method that configures
//   them from that key (its tools and llm); a task with `human_input: true` (YAML or `Task(…)`)
//   is its agent's review step, read as its human approval.

import type { Span } from '../../facts.ts';
import type { CrewYaml } from '../crewai-yaml.ts';
import type { AgentDraft, Engine, Rule } from '../engine.ts';
import type { Value } from '../ir.ts';
import { agentConstruct, boundName, builtinTool, declSpan, decoratedTool, modelRule, opt, truthy } from './common.ts';

const framework = 'crewai';
const crewai = /^crewai(\.|$)/;
const tools = /^crewai_tools(\.|$)/;

/** The key of `self.agents_config['researcher']`. */
function configKey(e: Engine, file: Parameters<Engine['text']>[0], value: Value | undefined): string | undefined {
  return value?.kind === 'subscript' ? e.text(file, value.index) : undefined;
}

const builtins: [string[], string[]][] = [
  [['CodeInterpreterTool'], ['code_execution']],
  [
    [
      'SerperDevTool',
      'ScrapeWebsiteTool',
      'WebsiteSearchTool',
      'EXASearchTool',
      'BraveSearchTool',
      'FirecrawlScrapeWebsiteTool',
      'TavilySearchTool',
    ],
    ['network'],
  ],
  [['FileReadTool', 'DirectoryReadTool', 'FileWriterTool', 'DirectorySearchTool'], ['filesystem']],
  [['NL2SQLTool'], ['database']],
];

export const crewaiRules: Rule[] = [
  {
    framework,
    language: 'python',
    module: crewai,
    names: ['Agent'],
    call: (e, file, call) => {
      const key = configKey(e, file, opt(call, 'config'));
      const role = e.text(file, opt(call, 'role'));
      const name = key ?? role ?? boundName(call) ?? 'agent';
      const codeExecution = truthy(e, file, opt(call, 'allow_code_execution'));
      const implicit: Value[] = codeExecution
        ? [{ kind: 'str', value: '\0CodeInterpreterTool', span: opt(call, 'allow_code_execution')!.span }]
        : [];
      const draft = e.addAgent(file, framework, name, declSpan(call), {
        instructions: opt(call, 'backstory'),
        models: [opt(call, 'llm')].filter((v): v is Value => !!v),
        tools: [opt(call, 'tools')].filter((v): v is Value => !!v),
      });
      draft.modelClient = 'crewai.Agent';
      if (key) draft.configKey = key;
      for (const v of implicit) {
        const tool = e.addTool(file, framework, {
          name: 'CodeInterpreterTool',
          type: 'builtin',
          capabilities: ['code_execution'],
          span: v.span,
        });
        draft.fact.tools.push(tool.ref);
      }
      return agentConstruct(framework, draft);
    },
  },
  {
    framework,
    language: 'python',
    module: crewai,
    names: ['Task'],
    call: (e, file, call) => {
      const agent = opt(call, 'agent');
      if (agent && truthy(e, file, opt(call, 'human_input'))) {
        e.later.push(() => {
          for (const linked of e.objects(file, agent, 'agent', framework)) {
            const draft = e.agents.find((a) => a.fact.ref === linked.ref);
            if (draft) draft.fact.humanApproval = true;
          }
        });
      }
      return undefined;
    },
  },
  { framework, language: 'python', module: crewai, names: ['LLM'], call: modelRule(['model', 0], 'crewai.LLM') },
  {
    framework,
    language: 'python',
    module: crewai,
    names: ['tool'],
    decorator: (e, file, fn, decorator) => {
      decoratedTool(e, file, fn, decorator, { framework, positionalName: true });
    },
  },
  {
    framework,
    language: 'python',
    module: /^crewai(\.tools|_tools)?(\.|$)/,
    names: ['BaseTool'],
    base: (e, file, cls) => {
      const run = cls.methods.find((m) => m.name === '_run' || m.name === '_arun');
      const tool = e.addTool(file, framework, {
        name: e.text(file, cls.attrs.get('name')) ?? cls.name,
        description: e.text(file, cls.attrs.get('description')),
        type: 'function',
        capabilities: e.capabilities(file, run),
        span: cls.span,
      });
      return { framework, tool };
    },
  },
  ...builtins.map(
    ([names, capabilities]): Rule => ({
      framework,
      language: 'python',
      module: tools,
      names,
      call: builtinTool(framework, capabilities),
      value: builtinTool(framework, capabilities),
    }),
  ),
];

/** Joins agents.yaml's agents with the code configuring them, and tasks' `human_input` with their agents. */
export function applyCrewYaml(e: Engine, files: CrewYaml[]): void {
  const byKey = new Map<string, AgentDraft[]>();
  for (const draft of e.agents) {
    if (draft.configKey === undefined) continue;
    const list = byKey.get(draft.configKey) ?? [];
    list.push(draft);
    byKey.set(draft.configKey, list);
  }
  const yamlAgents = new Map<string, AgentDraft>();
  for (const file of files) {
    if (file.kind !== 'agents') continue;
    for (const entry of file.entries) {
      const code = nearest(byKey.get(entry.key) ?? [], file.path);
      const text = (field: string) => {
        const v = entry.fields.get(field)?.value;
        return typeof v === 'string' ? v : undefined;
      };
      const span: Span = entry.span;
      const yamlFile = {
        path: file.path,
        language: 'python' as const,
        imports: new Map(),
        reexports: [],
        bindings: new Map(),
        functions: new Map(),
        classes: new Map(),
        calls: [],
      };
      const backstory = text('backstory');
      const llm = entry.fields.get('llm');
      if (code) {
        // The YAML declares the agent; the code adds its tools (and may override its llm).
        code.fact.span = span;
        code.fact.ref = `${file.path}#agent:${entry.key}`;
        code.fact.language = 'yaml';
        if (backstory !== undefined) code.fact.instructionsSha256 = e.instructionsHash(yamlFile, { kind: 'str', value: backstory, span });
        if (typeof llm?.value === 'string' && code.models.length === 0)
          code.fact.models.push(e.addModel(yamlFile, llm.value, 'crewai agents.yaml', llm.span).ref);
        yamlAgents.set(`${file.path}#${entry.key}`, code);
        for (const other of byKey.get(entry.key) ?? []) if (other !== code) e.agents = e.agents.filter((a) => a !== other);
        continue;
      }
      const draft = e.addAgent(yamlFile, framework, entry.key, span, {
        instructions: backstory !== undefined ? { kind: 'str', value: backstory, span } : undefined,
      });
      draft.fact.language = 'yaml';
      if (typeof llm?.value === 'string') draft.fact.models.push(e.addModel(yamlFile, llm.value, 'crewai agents.yaml', llm.span).ref);
      yamlAgents.set(`${file.path}#${entry.key}`, draft);
    }
  }
  for (const file of files) {
    if (file.kind !== 'tasks') continue;
    const dir = file.path.slice(0, file.path.lastIndexOf('/') + 1);
    for (const entry of file.entries) {
      const agentName = entry.fields.get('agent')?.value;
      if (typeof agentName !== 'string') continue;
      const agent = yamlAgents.get(`${dir}agents.yaml#${agentName}`) ?? yamlAgents.get(`${dir}agents.yml#${agentName}`);
      if (!agent) continue;
      if (entry.fields.get('human_input')?.value === true) agent.fact.humanApproval = true;
      else agent.fact.humanApproval ??= false;
    }
  }
}

function nearest(drafts: AgentDraft[], path: string): AgentDraft | undefined {
  const dir = path.split('/').slice(0, -2).join('/');
  return drafts.find((d) => d.file.path.startsWith(dir)) ?? drafts[0];
}
