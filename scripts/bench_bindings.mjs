// The npm package's costs (scripts/bench.sh bindings): microseconds per `await sh.run(LINE)`,
// and per call of a JavaScript tool through the shell against calling the function directly;
// the best of five batches each. node bench_bindings.mjs N (from a directory where toolsh is
// installed).
import { Shell } from "toolsh";

async function best(work, calls) {
  let min = Infinity;
  for (let round = 0; round < 5; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await work();
    min = Math.min(min, Number(process.hrtime.bigint() - started) / 1000 / calls);
  }
  return min;
}

const calls = Number(process.argv[2] ?? 2000);
const double = async ({ x }) => 2 * x;
const sh = new Shell({ memory: true, tools: [{ name: "app.double", readOnly: true, execute: double,
  parameters: { type: "object", properties: { x: { type: "integer" } }, required: ["x"] } }] });
if ((await sh.run("app.double --x 21")).stdout !== "42\n") throw new Error("app.double");
console.log(`run-echo ${(await best(() => sh.run("echo hi"), calls)).toFixed(1)}`);
console.log(`run-tool ${(await best(() => sh.run("app.double --x 21"), calls)).toFixed(1)}`);
console.log(`direct ${(await best(() => double({ x: 21 }), calls * 100)).toFixed(3)}`);
