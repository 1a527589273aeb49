// The one `shell` tool for the AI SDK: `generateText({ model, tools: { shell: await shellTool(sh) } })`.
// Its description and schema are the engine's, read off the shell; a call is answered as
// `toolsh mcp` answers it. A drop-in for bash-tool.

let ai;
async function sdk() {
  try {
    ai ??= await import("ai");
  } catch (err) {
    throw new Error("toolsh/ai needs the AI SDK: npm install ai", { cause: err });
  }
  return ai;
}

/** An AI SDK `tool()` running the model's command lines in `sh`. */
export async function shellTool(sh) {
  const { tool, jsonSchema } = await sdk();
  const { function: definition } = await sh.definition("openai");
  return tool({
    description: definition.description,
    inputSchema: jsonSchema(definition.parameters),
    execute: async (args, options) => sh.call(args, { signal: options?.abortSignal }),
  });
}
