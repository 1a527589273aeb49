// Types of the `toolsh` package (index.js).

/** A JSON Schema object, or anything with `toJSONSchema()` (a zod 4 schema). */
export type Parameters = Record<string, unknown> | { toJSONSchema(): Record<string, unknown> };

/** One of your functions as a command: `orders.get --id 7`. */
export interface ToolDefinition<A = any> {
  /** `namespace.tool`; default `app.<execute's name>`. */
  name?: string;
  /** The command's help. */
  description?: string;
  /** The arguments' JSON Schema: the command's flags, checked before `execute` is called. */
  parameters?: Parameters;
  /** It changes nothing (the policy judges it as read-only). */
  readOnly?: boolean;
  /** Called with the checked arguments. An object or array prints as one line of JSON, a
   * string as text, a Uint8Array as bytes; a thrown error is status 1 with its message. */
  execute: (args: A) => unknown | Promise<unknown>;
}

/** What an `ask` rule asks. */
export interface ApprovalRequest {
  command: string;
  tool: string;
  subject: string | null;
  rule: string;
}

/** Settings, each the `toolsh` command line's option of the same name. */
export interface ShellOptions {
  /** Mounted read-write at its own path, and the shell starts there (default "."). */
  root?: string;
  /** An empty in-memory workspace at `/` instead. */
  memory?: boolean;
  /** Like root, but writes stay in memory. */
  overlay?: string;
  /** More mounts: `{ "/data": "/srv/data:ro" }`. */
  mounts?: Record<string, string>;
  /** A toolsh.toml path, or rule lists. */
  policy?: string | { allow?: string[]; ask?: string[]; deny?: string[]; disable?: string[] };
  profile?: "readonly" | "workspace" | "trusted";
  allow?: string[];
  ask?: string[];
  deny?: string[];
  disable?: string[];
  /** Answers `ask` rules; without one they are refused. */
  approver?: (request: ApprovalRequest) => boolean | Promise<boolean>;
  agent?: string;
  /** The store: a SQLite path or postgres:// URL. */
  store?: string;
  session?: string;
  fresh?: boolean;
  /** MCP servers to mount: `{ memory: "npx -y @modelcontextprotocol/server-memory" }`. */
  mcp?: Record<string, string>;
  /** Host programs: `["git"]` or `{ python3: "/usr/bin/python3" }`. */
  hosts?: string[] | Record<string, string | null>;
  /** Named limits: `{ commands: 1000, "result-lines": 500 }`. */
  limits?: Record<string, number | string>;
  env?: Record<string, string>;
  inheritEnv?: boolean;
  /** Wall time of each line, in milliseconds. */
  timeout?: number;
  tools?: ToolDefinition[];
  /** The namespace of tools named without one (default "app"). */
  namespace?: string;
}

export interface RunOptions {
  /** Milliseconds. */
  timeout?: number;
  /** Aborting stops the line (status 130). */
  signal?: AbortSignal;
}

export declare class Result {
  readonly stdoutBytes: Buffer;
  readonly stderrBytes: Buffer;
  readonly status: number;
  readonly truncated: boolean;
  readonly executed: number;
  readonly blocked: string[];
  readonly durationMs: number;
  readonly job: number | null;
  get stdout(): string;
  get stderr(): string;
  get ok(): boolean;
}

export declare class ToolshError extends Error {
  readonly kind: "name" | "declaration" | "policy" | "server" | "host" | "store" | "session" | "workspace" | "other";
}

export declare class Shell {
  constructor(options?: ShellOptions);
  run(line: string, options?: RunOptions): Promise<Result>;
  forModel(line: string, options?: RunOptions): Promise<string>;
  call(args: Record<string, unknown> | string, options?: { signal?: AbortSignal }): Promise<string>;
  session(): Shell;
  save(name: string): Promise<number>;
  restore(name: string): Promise<boolean>;
  cwd(): Promise<string>;
  variable(name: string): Promise<string | null>;
  definition(format?: string): Promise<any>;
}

export declare function main(argv: string[]): number;
