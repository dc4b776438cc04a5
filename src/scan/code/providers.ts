// The provider of a model, from what the code says: an explicit prefix of the id
// (`openai:gpt-4o`, `anthropic/claude-…`), else the client it was given to when that client serves
// one provider (ChatAnthropic, `google(…)` of @ai-sdk/google), else the model family the id names.

const prefixes = new Map<string, string>([
  ['openai', 'openai'],
  ['azure', 'azure-openai'],
  ['azure_openai', 'azure-openai'],
  ['anthropic', 'anthropic'],
  ['google', 'google'],
  ['google-gla', 'google'],
  ['google-vertex', 'google'],
  ['google_genai', 'google'],
  ['google_vertexai', 'google'],
  ['gemini', 'google'],
  ['vertex_ai', 'google'],
  ['bedrock', 'aws-bedrock'],
  ['bedrock_converse', 'aws-bedrock'],
  ['mistral', 'mistral'],
  ['mistralai', 'mistral'],
  ['groq', 'groq'],
  ['cohere', 'cohere'],
  ['ollama', 'ollama'],
  ['deepseek', 'deepseek'],
  ['xai', 'xai'],
  ['together', 'together'],
  ['together_ai', 'together'],
  ['fireworks', 'fireworks'],
  ['fireworks_ai', 'fireworks'],
  ['huggingface', 'huggingface'],
  ['openrouter', 'openrouter'],
  ['perplexity', 'perplexity'],
]);

const families: [RegExp, string][] = [
  [/^(gpt-|o[1-9](-|$)|chatgpt-|text-embedding-|dall-e|whisper|tts-|davinci|babbage|codex-|computer-use)/i, 'openai'],
  [/^claude/i, 'anthropic'],
  [/^(gemini|gemma|palm|text-bison|chat-bison)/i, 'google'],
  [/^(mistral|mixtral|codestral|ministral|pixtral|magistral|devstral|open-mistral)/i, 'mistral'],
  [/^(command|embed-(english|multilingual))/i, 'cohere'],
  [/^deepseek/i, 'deepseek'],
  [/^grok/i, 'xai'],
  [/^(llama|meta-llama|codellama)/i, 'meta'],
  [/^(qwen|qwq)/i, 'qwen'],
  [/^sonar/i, 'perplexity'],
];

/** The provider a client construct serves, when it serves one (ChatOpenAI → openai); undefined for routers (LiteLLM). */
const clients: [RegExp, string][] = [
  [/^(AzureChatOpenAI|AzureOpenAI|AzureOpenAIChatCompletionClient|AzureOpenAIServerModel|azure)$/, 'azure-openai'],
  [/openai/i, 'openai'],
  [/anthropic|claude/i, 'anthropic'],
  [/google|gemini|vertex/i, 'google'],
  [/bedrock/i, 'aws-bedrock'],
  [/mistral/i, 'mistral'],
  [/groq/i, 'groq'],
  [/cohere/i, 'cohere'],
  [/ollama/i, 'ollama'],
  [/deepseek/i, 'deepseek'],
  [/^(xai|ChatXAI|grok)/i, 'xai'],
  [/together/i, 'together'],
  [/fireworks/i, 'fireworks'],
  [/^(InferenceClientModel|HfApiModel|ChatHuggingFace|HuggingFaceEndpoint|TransformersModel|huggingface)/i, 'huggingface'],
];

export function inferProvider(id: string, client?: string): string | undefined {
  const prefix = /^([a-z][a-z0-9_-]*)[:/]/i.exec(id)?.[1]?.toLowerCase();
  if (prefix && prefixes.has(prefix)) return prefixes.get(prefix);
  if (client && !/litellm/i.test(client)) {
    for (const [pattern, provider] of clients) if (pattern.test(client)) return provider;
  }
  const bare = id.replace(/^[^:/]*[:/]/, '');
  for (const [pattern, provider] of families) if (pattern.test(id) || pattern.test(bare)) return provider;
  return undefined;
}
