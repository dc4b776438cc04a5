// A cheap test of a source file's text before it is parsed: does it import anything of the
// frameworks, model clients or MCP SDKs the analyser knows? Only a filter: what the file declares is
// read from its syntax tree, and a call counts only when its name resolves to a framework's import.
// Files it turns away are kept (within a budget) in case another file imports a tool from them.

const python =
  /^[ \t]*(?:from[ \t]+(?:agents|langchain\w*|langgraph\w*|crewai\w*|autogen\w*|ag2|llama_index|pydantic_ai|google\.adk|smolagents|mcp|fastmcp|openai|anthropic|litellm)\b|import[ \t]+(?:agents|langchain\w*|langgraph\w*|crewai\w*|autogen\w*|ag2|llama_index|pydantic_ai|google\.adk|smolagents|mcp|fastmcp|openai|anthropic|litellm)\b)/m;

const javascript =
  /(?:from|require\(|import\(?)\s*['"](?:@openai\/agents|@langchain\/|langchain['"/]|ai['"/]|@ai-sdk\/|@mastra\/|@modelcontextprotocol\/|openai['"/]|@anthropic-ai\/sdk)/;

export function mentionsFramework(language: 'python' | 'javascript' | 'typescript', text: string): boolean {
  return language === 'python' ? python.test(text) : javascript.test(text);
}

const pythonSource = /\.py$/i;
const scriptSource = /\.(?:[cm]?[jt]s|[jt]sx)$/i;

/**
 * The analyser's `textTest` (src/scan/analyzer.ts), run where files are read: a source file's text
 * goes to the analyser only when it names a framework; manifests and CrewAI's YAML always do.
 */
export function frameworksTextTest(path: string, text: string): boolean {
  if (pythonSource.test(path)) return python.test(text);
  if (scriptSource.test(path)) return javascript.test(text);
  return true;
}
