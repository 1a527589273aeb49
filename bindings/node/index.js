// toolsh for Node: one sandboxed shell in place of dozens of tool schemas.
//
//   import { Shell } from "toolsh";
//   const sh = new Shell({ root: ".", deny: ["fs.delete"], tools: [{
//     name: "orders.get", description: "Look an order up by its id.",
//     parameters: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
//     execute: async ({ id }) => ({ id, total: 42 }) }] });
//   (await sh.run("orders.get --id 7 | jq .total")).stdout   // '42\n'
//
// The engine is toolsh's own (Rust, in this process): a setting means what the same `toolsh`
// option means, and every line passes the same policy, limits and result contract. This
// module adds only what JavaScript needs: your functions as commands, an approver callback,
// AbortSignal.

import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const native = createRequire(import.meta.url)(path.join(here, "toolsh.linux-x64-gnu.node"));

/** A toolsh call failed; `kind` says why (name, declaration, policy, server, host, store, session, workspace). */
export class ToolshError extends Error {
  constructor(message, kind) {
    super(message);
    this.name = "ToolshError";
    this.kind = kind;
  }
}

function toolshError(err) {
  const match = /^\[([a-z]+)\] ([\s\S]*)$/.exec(err?.message ?? "");
  return match ? new ToolshError(match[2], match[1]) : err;
}

/** The `toolsh-launch` host programs start through: the package's own, else none. */
function launcher() {
  const carried = path.join(here, "toolsh-launch");
  return existsSync(carried) ? carried : null;
}

const NAME = /^[a-z][a-z0-9_-]*\.[A-Za-z0-9][A-Za-z0-9_.-]*$/;

// Inside a tool or approver called by a line: the shell whose line it is (a line of that shell
// would wait for the tool that waits for it).
const calling = new AsyncLocalStorage();

/** The command line's options for these settings (`toolsh --help` says each). */
function words(o) {
  const w = [];
  // One rule or name given alone is a list of one, not of its characters.
  const listed = (value) => (value == null ? [] : typeof value === "string" ? [value] : [...value]);
  for (const [name, value] of Object.entries(o.env ?? {})) {
    if (value == null || name.includes("=")) throw new TypeError(`env: ${name}=${value} is not NAME=VALUE text`);
  }
  if (o.memory) w.push("--memory");
  else if (o.overlay != null) w.push("--overlay", String(o.overlay));
  else w.push("--root", String(o.root ?? "."));
  for (const [at, source] of Object.entries(o.mounts ?? {})) w.push("--mount", `${at}=${source}`);
  const rules = { allow: listed(o.allow), ask: listed(o.ask), deny: listed(o.deny), disable: listed(o.disable) };
  if (o.policy != null && typeof o.policy === "object" && !Array.isArray(o.policy)) {
    for (const [verdict, patterns] of Object.entries(o.policy)) {
      if (!Object.hasOwn(rules, verdict)) throw new TypeError(`policy: '${verdict}' is not allow, ask, deny or disable`);
      rules[verdict].push(...listed(patterns));
    }
  } else if (o.policy != null) w.push("--config", String(o.policy));
  for (const [verdict, patterns] of Object.entries(rules)) for (const p of patterns) w.push(`--${verdict}`, p);
  if (o.profile != null) w.push("--profile", o.profile);
  if (o.agent != null) w.push("--agent", o.agent);
  if (o.store != null) w.push("--store", String(o.store));
  if (o.session != null) { w.push("--session", o.session); if (o.fresh) w.push("--fresh"); }
  for (const [alias, server] of Object.entries(o.mcp ?? {})) w.push("--mcp", `${alias}=${server}`);
  const hosts = typeof o.hosts === "string" || Array.isArray(o.hosts)
    ? Object.fromEntries(listed(o.hosts).map((h) => [h, null]))
    : (o.hosts ?? {});
  for (const [name, p] of Object.entries(hosts)) w.push("--host", p == null ? name : `${name}=${p}`);
  for (const [name, value] of Object.entries(o.limits ?? {})) w.push("--limit", `${name}=${value}`);
  for (const [name, value] of Object.entries(o.env ?? {})) w.push("--env", `${name}=${value}`);
  if (o.inheritEnv) w.push("--inherit-env");
  if (o.timeout != null) w.push("--timeout", String(o.timeout / 1000));
  return w;
}

/** What a function returned, as the engine prints it. */
function answer(value) {
  if (value === undefined || value === null) return { kind: "empty", payload: null };
  if (typeof value === "string") return { kind: "text", payload: value === "" || value.endsWith("\n") ? value : value + "\n" };
  if (value instanceof Uint8Array) {
    return { kind: "bytes", payload: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  }
  const text = JSON.stringify(value, (_k, v) => {
    if (typeof v === "bigint" || typeof v === "function" || typeof v === "symbol") throw new TypeError(`returned a ${typeof v}, which is not JSON`);
    if (typeof v === "number" && !Number.isFinite(v)) throw new TypeError(`returned ${v}, which is not JSON`);
    return v;
  });
  return { kind: "json", payload: JSON.parse(text) };
}

function describeError(err) {
  if (err instanceof Error) return err.message ? `${err.name}: ${err.message}` : err.name;
  return String(err);
}

/** The result of a line. */
export class Result {
  constructor(ran) {
    this.stdoutBytes = ran.stdout;
    this.stderrBytes = ran.stderr;
    this.status = ran.status;
    this.truncated = ran.truncated;
    this.executed = ran.executed;
    this.blocked = ran.blocked;
    this.durationMs = ran.durationMs;
    this.job = ran.job ?? null;
  }
  get stdout() { return this.stdoutBytes.toString("utf8"); }
  get stderr() { return this.stderrBytes.toString("utf8"); }
  get ok() { return this.status === 0; }
}

/**
 * A session of the toolsh engine over a workspace. See index.d.ts for the options.
 */
export class Shell {
  #native;
  #tools;

  constructor(options = {}, nativeShell = null) {
    if (nativeShell) {
      this.#native = nativeShell;
      return;
    }
    this.#tools = new Map();
    const declared = [];
    for (const t of options.tools ?? []) {
      const own = t.execute?.name;
      if (t.name == null && (!own || own === "execute")) {
        throw new TypeError("a tool without a name needs a named execute function (or give name: 'ns.tool')");
      }
      const name = t.name ?? `${options.namespace ?? "app"}.${own}`;
      if (!NAME.test(name)) throw new TypeError(`tool '${name}': a name is NAMESPACE.TOOL (lowercase namespace, like orders.get)`);
      if (typeof t.execute !== "function") throw new TypeError(`tool '${name}': execute is a function`);
      const schema = t.parameters?.toJSONSchema ? t.parameters.toJSONSchema() : (t.parameters ?? { type: "object", properties: {} });
      declared.push({ name, description: t.description ?? name, schema: JSON.stringify(schema), readOnly: Boolean(t.readOnly) });
      this.#tools.set(name, t.execute);
    }
    const dispatch = declared.length
      ? async (request) => {
          const { tool, args } = JSON.parse(request);
          try {
            return JSON.stringify(answer(await calling.run(this.#native, () => this.#tools.get(tool)(args))));
          } catch (err) {
            throw new Error(describeError(err));
          }
        }
      : null;
    // Only `true` approves (a truthy "no" does not).
    const approver = options.approver
      ? async (request) => ((await calling.run(this.#native, () => options.approver(JSON.parse(request)))) === true ? "yes" : "no")
      : null;
    try {
      this.#native = native.Shell.create(words(options), declared, dispatch, approver, launcher());
    } catch (err) {
      throw toolshError(err);
    }
  }

  #ready() {
    if (calling.getStore() === this.#native) {
      throw new ToolshError("a tool or approver cannot use the shell whose line is calling it; use sh.session()", "reentry");
    }
    return this.#native;
  }

  async #with(work, signal) {
    this.#ready();
    signal?.throwIfAborted?.();
    const cancel = new native.Cancel();
    const stop = () => cancel.cancel();
    signal?.addEventListener("abort", stop, { once: true });
    try {
      return await work(cancel);
    } catch (err) {
      throw toolshError(err);
    } finally {
      signal?.removeEventListener("abort", stop);
    }
  }

  /** Runs a command line; state (variables, directory, functions, jobs) stays for the next. */
  async run(line, { timeout, signal } = {}) {
    return new Result(await this.#with((cancel) => this.#native.run(line, timeout, cancel), signal));
  }

  /** Runs a line and returns what a model should read, ending in `[exit N]`. */
  async forModel(line, { timeout, signal } = {}) {
    return (await this.#with((cancel) => this.#native.forModel(line, timeout, cancel), signal)).text;
  }

  /** One call of the `shell` tool as `toolsh mcp` answers it (`args`: what the model sent). */
  async call(args, { signal } = {}) {
    const text = typeof args === "string" ? args : JSON.stringify(args ?? {});
    return (await this.#with((cancel) => this.#native.call(text, cancel), signal)).text;
  }

  /** A new session over the same workspace, tools, policy and store, as this one started. */
  session() { return new Shell({}, this.#native.session()); }
  async save(name) { try { return await this.#ready().save(name); } catch (err) { throw toolshError(err); } }
  async restore(name) { try { return await this.#ready().restore(name); } catch (err) { throw toolshError(err); } }
  async cwd() { return this.#ready().cwd(); }
  async variable(name) { return (await this.#ready().var(name)) ?? null; }

  /** The `shell` tool's definition, read off this session: `openai`, `anthropic`, `mcp`. */
  async definition(format = "openai") {
    try { return JSON.parse(await this.#ready().definition(format)); } catch (err) { throw toolshError(err); }
  }
}

/** Runs `toolsh ARGS…` in this process; its exit status. */
export function main(argv) {
  return native.cliMain(argv, launcher());
}
