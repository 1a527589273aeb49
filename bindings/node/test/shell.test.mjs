// The npm package against the engine: lines, policy, approvals, limits, sessions, your
// functions as commands (failing, hanging, returning what JSON cannot hold), AbortSignal.
// Each case runs in a real temporary directory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Shell, ToolshError } from "toolsh";

function workspace() {
  const dir = mkdtempSync(path.join(tmpdir(), "toolsh-node-"));
  writeFileSync(path.join(dir, "notes.txt"), "alpha\nbeta\ngamma\n");
  mkdirSync(path.join(dir, "src"));
  writeFileSync(path.join(dir, "src", "main.js"), "console.log(1) // TODO tidy\n");
  return dir;
}

const shell = (dir, options = {}) => new Shell({ root: dir, store: `${dir}.store.db`, ...options });

test("lines run as bash runs them and state persists", async () => {
  const dir = workspace();
  const sh = shell(dir);
  const line = "cd src && x=$(grep -c TODO main.js); sort -r ../notes.txt | head -2; echo $x";
  const out = await sh.run(line);
  const bash = spawnSync("bash", ["-c", line], { cwd: dir, encoding: "utf8" });
  assert.deepEqual([out.stdout, out.status], [bash.stdout, bash.status]);
  assert.equal(await sh.cwd(), path.join(dir, "src"));
  assert.equal(await sh.variable("x"), "1");
  assert.equal((await sh.run("exit 3")).status, 3);
  assert.equal((await sh.run("echo after")).stdout, "after\n");
});

test("a denied action changes nothing and says so", async () => {
  const dir = workspace();
  const out = await shell(dir, { deny: ["fs.delete"] }).run("rm notes.txt");
  assert.equal(out.status, 126);
  assert.ok(out.blocked.length === 1 && out.stderr.includes("deny:fs.delete"));
  assert.ok(existsSync(path.join(dir, "notes.txt")));
});

test("an ask rule is answered by the approver callback", async () => {
  const dir = workspace();
  const asked = [];
  const sh = shell(dir, { ask: ["fs.write"], approver: async (r) => { asked.push(r); return r.subject.endsWith("b.txt"); } });
  assert.notEqual((await sh.run("echo a > a.txt")).status, 0);
  assert.equal((await sh.run("echo b > b.txt")).status, 0);
  assert.ok(!existsSync(path.join(dir, "a.txt")) && existsSync(path.join(dir, "b.txt")));
  assert.deepEqual(asked.map((r) => [r.tool, r.rule]), [["fs.write", "ask:fs.write"], ["fs.write", "ask:fs.write"]]);
  const throwing = shell(dir, { ask: ["fs.write"], approver: () => { throw new Error("away"); } });
  assert.notEqual((await throwing.run("echo c > c.txt")).status, 0);
  assert.ok(!existsSync(path.join(dir, "c.txt")));
});

test("a function is a command with flags, help, policy, and its failures", async () => {
  const dir = workspace();
  const orders = new Map([[7, { id: 7, total: 42.5, items: ["pen", "ink"] }]]);
  const tools = [
    {
      name: "orders.get",
      description: "Look an order up by its id.",
      parameters: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      readOnly: true,
      execute: async ({ id }) => {
        if (!orders.has(id)) throw new RangeError(`no order ${id}`);
        return orders.get(id);
      },
    },
    { name: "kinds.raw", execute: () => new Uint8Array([0, 1, 104, 105]) },
    { name: "kinds.text", execute: () => "plain" },
    { name: "kinds.odd", execute: () => ({ n: 10n }) },
    { name: "kinds.slow", execute: () => new Promise((resolve) => setTimeout(() => resolve("late"), 5000)) },
  ];
  const sh = shell(dir, { tools });
  const out = await sh.run("orders.get --id 7 | jq -c '{total, n: (.items | length)}'");
  assert.deepEqual([out.stdout, out.status], ['{"total":42.5,"n":2}\n', 0]);
  const help = (await sh.run("help orders.get")).stdout;
  assert.ok(help.includes("--id INTEGER") && help.includes("Look an order up"), help);
  const failed = await sh.run("orders.get --id 8");
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /RangeError: no order 8/);
  assert.equal((await sh.run("orders.get --id seven")).status, 2);
  assert.deepEqual([...(await sh.run("kinds.raw")).stdoutBytes], [0, 1, 104, 105]);
  assert.equal((await sh.run("kinds.text")).stdout, "plain\n");
  const odd = await sh.run("kinds.odd");
  assert.equal(odd.status, 1);
  assert.match(odd.stderr, /not JSON/);
  const started = Date.now();
  assert.equal((await sh.run("kinds.slow", { timeout: 300 })).status, 124);
  assert.ok(Date.now() - started < 4000);
  const denied = shell(dir, { deny: ["orders.get"], tools });
  assert.equal((await denied.run("orders.get --id 7")).status, 126);
});

test("registration errors are clear", async () => {
  const dir = workspace();
  assert.throws(() => shell(dir, { tools: [{ name: "noname", execute: () => 1 }] }), /NAMESPACE.TOOL/);
  assert.throws(() => shell(dir, { tools: [{ name: "fs.read", execute: () => 1 }] }), (err) => err instanceof ToolshError && err.kind === "name");
  assert.throws(() => shell(dir, { deny: ["orders.gte"] }), (err) => err instanceof ToolshError && err.kind === "policy" && /orders.gte/.test(err.message));
  assert.throws(() => new Shell({ root: path.join(dir, "missing") }), (err) => err instanceof ToolshError && /missing/.test(err.message));
  assert.throws(() => new Shell({ root: dir, limits: { "no-such-limit": 1 } }), /limit/);
});

test("an AbortSignal stops the line", async () => {
  const dir = workspace();
  const sh = shell(dir);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 200);
  const started = Date.now();
  assert.equal((await sh.run("while :; do :; done", { signal: controller.signal })).status, 130);
  assert.ok(Date.now() - started < 5000);
  assert.equal((await sh.run("echo still")).stdout, "still\n");
});

test("limits hold and say which", async () => {
  const dir = workspace();
  const out = await shell(dir, { limits: { commands: 1000 } }).run("while :; do :; done");
  assert.ok(out.status !== 0 && out.stderr.includes("commands"));
  const text = await shell(dir, { limits: { "result-lines": 5 } }).forModel("seq 1 1000");
  assert.ok(text.includes("cut here") && text.endsWith("[exit 0]") && text.includes("1000"));
});

test("sessions are apart and saved ones come back", async () => {
  const dir = workspace();
  const sh = shell(dir);
  await sh.run("cd src; x=1; f() { echo fn; }");
  assert.equal((await sh.session().run("echo ${x-unset}; pwd")).stdout, `unset\n${dir}\n`);
  assert.ok((await sh.save("work")) >= 1);
  const fresh = shell(dir);
  assert.equal(await fresh.restore("work"), true);
  assert.equal((await fresh.run("f; echo $x; pwd")).stdout, `fn\n1\n${path.join(dir, "src")}\n`);
  assert.equal(await fresh.restore("nothing"), false);
});

test("concurrent runs of one shell take turns", async () => {
  const dir = workspace();
  const sh = shell(dir);
  await sh.run("n=0");
  const outs = await Promise.all(Array.from({ length: 40 }, () => sh.run("n=$((n+1)); echo $n")));
  assert.deepEqual(outs.map((o) => Number(o.stdout)).sort((a, b) => a - b), Array.from({ length: 40 }, (_, i) => i + 1));
});

test("a declared host program runs confined through the carried launcher", async () => {
  const dir = workspace();
  const sh = shell(dir, { hosts: ["git"], allow: ["host.git"] });
  const out = await sh.run("git init -q . && git status --short | sort");
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.stdout, "?? notes.txt\n?? src/\n");
});

test("the command line comes with the package", () => {
  const dir = workspace();
  const out = execFileSync(path.join(import.meta.dirname, "..", "node_modules", ".bin", "toolsh"),
    ["--root", dir, "-c", "wc -l < notes.txt"], { encoding: "utf8" });
  assert.equal(out, "3\n");
});

test("a zod schema describes a tool's flags", async () => {
  const { z } = await import("zod");
  const dir = workspace();
  const sh = shell(dir, { tools: [{
    name: "math.add", description: "Add two numbers.",
    parameters: z.object({ a: z.number(), b: z.number().default(1) }),
    execute: ({ a, b }) => ({ sum: a + b }),
  }] });
  assert.equal((await sh.run("math.add --a 2 --b 3 | jq .sum")).stdout, "5\n");
  assert.match((await sh.run("help math.add")).stdout, /--a NUMBER/);
  assert.equal((await sh.run("math.add --a two")).status, 2);
});

test("a yes after the line's time ran out runs nothing, and a slow approver holds nothing else", async () => {
  const dir = workspace();
  const slowYes = () => new Promise((resolve) => setTimeout(() => resolve(true), 1500));
  const sh = shell(dir, { ask: ["fs.delete"], approver: slowYes });
  const other = shell(dir);
  const started = Date.now();
  const [late, meanwhile] = await Promise.all([
    sh.run("rm notes.txt", { timeout: 300 }),
    new Promise((resolve) => setTimeout(resolve, 100)).then(() => other.run("echo free")),
  ]);
  assert.notEqual(late.status, 0);
  assert.ok(existsSync(path.join(dir, "notes.txt")));
  assert.equal(meanwhile.stdout, "free\n");
  assert.ok(Date.now() - started < 1400, "the line waited past its time for the approver");
  // Only true approves.
  const truthy = shell(dir, { ask: ["fs.write"], approver: () => "no" });
  assert.notEqual((await truthy.run("echo c > c.txt")).status, 0);
  assert.ok(!existsSync(path.join(dir, "c.txt")));
});

test("a tool using the shell whose line calls it is told so", async () => {
  const dir = workspace();
  let sh;
  sh = shell(dir, { tools: [
    { name: "app.nested", execute: async () => (await sh.run("echo inner")).stdout },
    { name: "app.aside", execute: async () => (await sh.session().run("echo aside")).stdout },
  ] });
  const out = await sh.run("app.nested");
  assert.equal(out.status, 1);
  assert.match(out.stderr, /cannot use the shell whose line is calling it/);
  assert.equal((await sh.run("app.aside")).stdout, "aside\n");
  assert.throws(() => new Shell({ root: dir, timeout: Infinity }), /positive number of seconds/);
});

test("large byte results arrive whole and promptly", async () => {
  const dir = workspace();
  const big = new Uint8Array(8 * 1024 * 1024).map((_, i) => i % 251);
  const sh = shell(dir, { tools: [{ name: "blob.get", execute: () => big }] });
  const started = Date.now();
  const out = await sh.run("blob.get | wc -c; blob.get | cksum");
  const wc = spawnSync("bash", ["-c", "wc -c | tr -d ' '"], { input: Buffer.from(big) }).stdout.toString();
  assert.equal(out.stdout.split("\n")[0].trim(), wc.trim());
  assert.ok(Date.now() - started < 10000, `took ${Date.now() - started} ms`);
});

test("a single rule or name is a list of one, and odd settings are refused", async () => {
  const dir = workspace();
  const sh = shell(dir, { deny: "fs.delete" });
  assert.equal((await sh.run("rm notes.txt")).status, 126);
  assert.throws(() => shell(dir, { env: { A: null } }), /NAME=VALUE/);
  assert.throws(() => shell(dir, { policy: JSON.parse('{"__proto__": ["x"]}') }), /not allow, ask, deny or disable/);
  assert.throws(() => shell(dir, { tools: [{ execute: () => 1 }] }), /needs a named execute/);
});
