// The packages docs/SCAN.md counts as AI packages: agent frameworks, model clients and MCP SDKs (the
// ones an advisory about an AI estate is about). Names are matched exactly or by a scope/prefix.

const npmExact = new Set([
  'openai',
  'ai',
  'langchain',
  'llamaindex',
  'ollama',
  'groq-sdk',
  'cohere-ai',
  'fastmcp',
  'mcp-framework',
  'litellm',
  'replicate',
  'together-ai',
  '@google/genai',
  '@google/generative-ai',
  '@google-cloud/vertexai',
  '@mistralai/mistralai',
  '@huggingface/inference',
  '@aws-sdk/client-bedrock-runtime',
  '@azure/openai',
  '@anthropic-ai/sdk',
  '@anthropic-ai/claude-agent-sdk',
  '@anthropic-ai/claude-code',
]);
const npmPrefixes = [
  '@openai/agents',
  '@langchain/',
  '@ai-sdk/',
  '@mastra/',
  '@modelcontextprotocol/',
  '@llamaindex/',
  '@voltagent/',
  '@genkit-ai/',
  '@arizeai/openinference',
];

const pypiExact = new Set([
  'openai',
  'openai-agents',
  'anthropic',
  'crewai',
  'crewai-tools',
  'pyautogen',
  'ag2',
  'autogen',
  'autogen-agentchat',
  'autogen-ext',
  'autogen-core',
  'pydantic-ai',
  'pydantic-ai-slim',
  'google-adk',
  'google-genai',
  'google-generativeai',
  'smolagents',
  'mcp',
  'fastmcp',
  'litellm',
  'mistralai',
  'cohere',
  'groq',
  'ollama',
  'transformers',
  'huggingface-hub',
  'instructor',
  'dspy',
  'dspy-ai',
  'semantic-kernel',
  'haystack-ai',
  'agno',
  'strands-agents',
]);
const pypiPrefixes = ['langchain', 'langgraph', 'llama-index', 'pydantic-ai-', 'autogen-', 'crewai-', 'openinference-'];

export function isAiPackage(ecosystem: 'npm' | 'pypi', name: string): boolean {
  if (ecosystem === 'npm') return npmExact.has(name) || npmPrefixes.some((p) => name.startsWith(p));
  return pypiExact.has(name) || pypiPrefixes.some((p) => name === p || name.startsWith(p.endsWith('-') ? p : `${p}-`) || name === p);
}
