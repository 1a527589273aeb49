#!/usr/bin/env node
// `toolsh` on the PATH of an `npm install toolsh`: the command line, as the Rust binary runs it.
import { main } from "../index.js";

process.exitCode = main(process.argv.slice(2));
