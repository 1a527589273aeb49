// Types of `toolsh/ai`.
import type { Shell } from "./index.js";

/** An AI SDK `tool()` running the model's command lines in `sh`. */
export declare function shellTool(sh: Shell): Promise<import("ai").Tool>;
