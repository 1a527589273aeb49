// The AI SDK adapter inside the SDK's own loop, offline: its mock language model calls the one
// `shell` tool, whose lines call the app's own functions, and reads what the contract says.
// The transcript is printed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { Shell } from "toolsh";
import { shellTool } from "toolsh/ai";

const ORDERS = { 7: { id: 7, customer: "ada", total: 42.5 }, 9: { id: 9, customer: "bob", total: 3 } };

test("an AI SDK loop drives the shell and the app's tools", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "toolsh-ai-"));
  writeFileSync(path.join(dir, "notes.txt"), "keep me\n");
  const calls = [];
  const sh = new Shell({
    root: dir, store: `${dir}.store.db`, deny: ["fs.delete"],
    tools: [{
      name: "orders.get", description: "Look an order up by its id.", readOnly: true,
      parameters: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      execute: async ({ id }) => { calls.push(id); if (!ORDERS[id]) throw new Error(`no order ${id}`); return ORDERS[id]; },
    }],
  });
  const lines = [
    "orders.get --id 7 | jq -r .customer",
    "orders.get --id 8",
    "for id in 7 9; do orders.get --id $id; done | jq -s 'map(.total) | add'",
    "rm notes.txt",
  ];
  const seen = [];
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt, tools }) => {
      assert.deepEqual(tools.map((t) => t.name), ["shell"]);
      assert.ok(tools[0].description.includes("help"));
      const results = prompt.filter((m) => m.role === "tool").flatMap((m) => m.content).filter((p) => p.type === "tool-result");
      seen.splice(0, seen.length, ...results.map((p) => String(p.output.value)));
      if (results.length < lines.length) {
        return {
          content: [{ type: "tool-call", toolCallId: `c${results.length}`, toolName: "shell", input: JSON.stringify({ command: lines[results.length] }) }],
          finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [],
        };
      }
      return { content: [{ type: "text", text: `done: ${seen[0].split("\n")[0]}` }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
    },
  });
  const result = await generateText({ model, tools: { shell: await shellTool(sh) }, stopWhen: stepCountIs(10), prompt: "Who placed order 7?" });
  console.log(lines.map((line, i) => `shell> ${line}\n${seen[i]}`).join("\n"));
  assert.equal(seen[0], "ada\n[exit 0]");
  assert.match(seen[1], /no order 8/);
  assert.ok(seen[1].endsWith("[exit 1]"));
  assert.equal(seen[2], "45.5\n[exit 0]");
  assert.ok(seen[3].includes("deny:fs.delete") && seen[3].endsWith("[exit 126]"));
  assert.ok(existsSync(path.join(dir, "notes.txt")));
  assert.deepEqual(calls, [7, 8, 7, 9]);
  assert.equal(result.text, "done: ada");
});
