// The scenario of tests/mcp/scenario.json driven through the official TypeScript MCP client
// (v2, `@modelcontextprotocol/client`, installed by .ci/run under target/mcp-clients) in every
// shape of `toolsh mcp`, over stdio and, for `shell` and `claude-code`, Streamable HTTP. The
// same adapters and checks as tests/mcp/scenario.py (which says what they hold), written again
// for this client: after every call the status, isError, the structured facts, the cut mark
// (exactly when cut, at the cut, naming a file with all of it) and the description.
//
// Usage: node tests/mcp/scenario.mjs TOOLSH WORKDIR [SHAPE…]   (run by tests/it/mcp.rs)
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(join(root, 'target', 'mcp-clients', 'package.json'));
const sdk = await import(pathToFileURL(require.resolve('@modelcontextprotocol/client')).href);
const stdio = await import(pathToFileURL(require.resolve('@modelcontextprotocol/client/stdio')).href);
const [toolsh, workdir, ...only] = process.argv.slice(2);
const scenario = JSON.parse(readFileSync(join(here, 'scenario.json'), 'utf8'));
const servers = join(root, 'target', 'mcp-servers', 'node_modules', '.bin');
// What the server sees as PATH: the system's own, so that a declared program finds itself.
const PATH = '/usr/local/bin:/usr/bin:/bin';
const MARK = /^\[truncated: .*\]$/;
const MARK_PATH = /(?:all of it:|full output in) (\/\S+)\]$/;
const PROMOTED = /still running as job %(\d+)|moved to the background \(ID: %(\d+)\)/;
const STARTED = /^Command running in background with ID: %(\d+)\./;

function check(condition, message) {
    if (!condition) throw new Error(message);
}

// (stdout, stderr) of the contract's body: stdout, then `[stderr]` and stderr.
function streams(body) {
    if (body.startsWith('[stderr]\n')) return ['', body.slice('[stderr]\n'.length)];
    const at = body.indexOf('\n[stderr]\n');
    return at < 0 ? [body, ''] : [body.slice(0, at) + '\n', body.slice(at + '\n[stderr]\n'.length)];
}

const textOf = result => result.content.filter(c => c.type === 'text').map(c => c.text).join('\n');

// The layouts: what one call answered.
function contract(result) {
    const text = textOf(result);
    const moved = text.match(PROMOTED);
    if (moved && text.startsWith('Command ')) return { status: 148, stdout: '', stderr: text, job: moved[2] };
    // Claude Code 2.1: a line started with run_in_background.
    const started = text.match(STARTED);
    if (started) return { status: 0, stdout: '', stderr: text, job: started[1] };
    const ended = text.match(/(?:^|\n)\[exit (\d+)\]$/);
    check(ended, `the contract ends with [exit N]: ${JSON.stringify(text.slice(-300))}`);
    const body = text.slice(0, ended.index) + (ended.index > 0 ? '\n' : '');
    const [stdout, stderr] = streams(body);
    const job = stderr.match(PROMOTED);
    return { status: Number(ended[1]), stdout, stderr, facts: result.structuredContent, job: job?.[1] };
}

function perCommand(result) {
    const [output] = JSON.parse(result.content[0].text).output;
    const status = output.outcome.type === 'exit' ? output.outcome.exit_code : 124;
    return { status, stdout: output.stdout, stderr: output.stderr };
}

function outputAndMetadata(result) {
    const answer = JSON.parse(result.content[0].text);
    const [stdout, stderr] = streams(answer.output);
    return { status: answer.metadata.exit_code, stdout, stderr };
}

function exitWallOutput(result) {
    const text = result.content[0].text;
    const at = text.indexOf('\nOutput:\n');
    const status = text.match(/^Exit code: (\d+)\n/);
    check(status && at >= 0, `Exit code: N first: ${JSON.stringify(text.slice(0, 200))}`);
    let body = text.slice(at + '\nOutput:\n'.length);
    if (body.endsWith('\n\n')) body = body.slice(0, -1);
    const [stdout, stderr] = streams(body);
    return { status: Number(status[1]), stdout, stderr };
}

const argv = line => ['bash', '-lc', line];
const withTimeout = (args, key, ms) => (ms ? { ...args, [key]: ms } : args);

// Each shape: its tool, how a line and its timeout become arguments (null: not sendable), its
// layout, whether it keeps a session between calls, whether a line past its timeout goes on.
const shapes = [
    { name: 'shell', tool: 'shell', args: (l, t) => withTimeout({ command: l }, 'timeout_ms', t), layout: contract, persistent: true, background: () => true },
    // Claude Code 2.1 (Bash, TaskStop, Read) moves a line past its timeout on; 2.0 (BashOutput, KillShell) stops it.
    { name: 'claude-code', tool: 'Bash', args: (l, t) => withTimeout({ command: l }, 'timeout', t), layout: contract, persistent: true, background: listed => listed.includes('TaskStop'), ownBackground: l => ({ command: l, run_in_background: true }) },
    { name: 'claude-code-2.0', tool: 'Bash', args: (l, t) => withTimeout({ command: l }, 'timeout', t), layout: contract, persistent: true, background: () => false },
    { name: 'anthropic-bash', tool: 'bash', args: (l, t) => (t ? null : { command: l }), layout: contract, persistent: true, background: () => false },
    { name: 'openai-shell', tool: 'shell', args: (l, t) => withTimeout({ commands: [l] }, 'timeout_ms', t), layout: perCommand, persistent: true, background: () => false },
    { name: 'openai-local-shell', tool: 'local_shell', args: (l, t) => withTimeout({ command: argv(l) }, 'timeout_ms', t), layout: outputAndMetadata, persistent: false, background: () => false },
    { name: 'codex', tool: 'shell', args: (l, t) => withTimeout({ command: argv(l) }, 'timeout_ms', t), layout: exitWallOutput, persistent: false, background: () => false },
];

// One mark line, the text before it a head of the whole and after it its tail; its file.
function checkCut(where, output, whole) {
    const lines = output.split('\n');
    const marks = lines.flatMap((line, i) => (MARK.test(line) ? [i] : []));
    check(marks.length === 1, `${where}: one cut mark, not ${marks.length}: ${JSON.stringify(output.slice(-300))}`);
    const at = marks[0];
    const head = lines.slice(0, at).join('\n') + '\n';
    const tail = lines.slice(at + 1).join('\n');
    check(whole.startsWith(head) && whole.endsWith(tail) && head.length + tail.length < whole.length,
        `${where}: the mark is where the cut is (head …${JSON.stringify(head.slice(-40))}, mark ${JSON.stringify(lines[at])}, tail ${JSON.stringify(tail.slice(0, 40))}…)`);
    const named = lines[at].match(MARK_PATH);
    check(named, `${where}: the mark names the file with all of it: ${lines[at]}`);
    return named[1];
}

// `declared`: the tool declares an output schema, so MCP requires structured content.
function checkCall(where, result, read, expected, declared) {
    const status = expected.status;
    check(read.status === status, `${where}: status ${read.status}, expected ${status}: ${JSON.stringify(read.stdout.slice(-300))} ${JSON.stringify(read.stderr.slice(-500))}`);
    check(Boolean(result.isError) === (status !== 0 && status !== 148), `${where}: isError ${result.isError} with status ${status}`);
    let spill = null;
    if ('long' in expected) {
        let whole = '';
        for (let n = 1; n <= expected.long; n++) whole += `${n}\n`;
        spill = checkCut(where, read.stdout, whole);
    } else {
        check(!(read.stdout + read.stderr).split('\n').some(line => MARK.test(line)), `${where}: a cut mark on output that was not cut`);
    }
    if ('stdout' in expected) check(read.stdout === expected.stdout, `${where}: stdout ${JSON.stringify(read.stdout)}, expected ${JSON.stringify(expected.stdout)} (stderr ${JSON.stringify(read.stderr)})`);
    if ('stderr_has' in expected) check(read.stderr.includes(expected.stderr_has), `${where}: stderr ${JSON.stringify(read.stderr)} lacks ${expected.stderr_has}`);
    check(read.facts || !declared, `${where}: no structured content, though the tool declares its schema`);
    if (read.facts) {
        const facts = read.facts;
        check(facts.exit === status && facts.truncated === 'long' in expected && (facts.spill ?? null) === spill,
            `${where}: structured facts ${JSON.stringify(facts)} (spill ${spill})`);
    }
    if (status === 148) check(read.job, `${where}: a 148 names its job: ${read.stderr}`);
    return spill;
}

function variant(step, classes) {
    if (step.only && !classes.includes(step.only)) return null;
    const merged = Object.fromEntries(Object.entries(step).filter(([k]) => !['persistent', 'process', 'background', 'stop'].includes(k)));
    for (const name of [...classes].sort()) Object.assign(merged, step[name] ?? {});
    return merged;
}

const fill = (text, names) => Object.entries(names).reduce((t, [k, v]) => t.replaceAll(`{${k}}`, String(v)), text);

function checkDescription(where, want, classes, text) {
    const has = [...want.has, ...classes.flatMap(c => want[c]?.has ?? [])];
    const lacks = [...want.lacks, ...classes.flatMap(c => want[c]?.lacks ?? [])];
    // A list: the shapes say it in their own words, and one of these is enough.
    for (const words of has) check([words].flat().some(w => text.includes(w)), `${where}: the description does not say ${JSON.stringify(words)}: ${text}`);
    for (const words of lacks) check(!text.includes(words), `${where}: the description says ${JSON.stringify(words)}: ${text}`);
}

function prepare(base) {
    const rootDir = join(base, 'root');
    const outside = join(base, 'outside');
    for (const [path, content] of Object.entries(scenario.files)) {
        mkdirSync(dirname(join(rootDir, path)), { recursive: true });
        writeFileSync(join(rootDir, path), content);
    }
    mkdirSync(outside, { recursive: true });
    // A HOME of its own, so that what toolsh keeps there (its default store and audit log) is
    // this test's, not the user's.
    const home = join(base, 'home');
    mkdirSync(home, { recursive: true });
    const names = { root: rootDir, outside, servers, home };
    const config = join(outside, 'toolsh.toml');
    writeFileSync(config, fill(scenario.config, names));
    return [names, ['--root', rootDir, '--config', config, ...scenario.flags]];
}

function connectClient(questions) {
    const client = new sdk.Client({ name: 'toolsh-scenario', version: '0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler('elicitation/create', async request => {
        questions.asked.push(request.params.message);
        if (questions.answer == null) return { action: 'decline' };
        return { action: 'accept', content: { approve: questions.answer === 'yes' } };
    });
    return client;
}

async function runScenario(shape, client, names, questions, label) {
    const listed = (await client.listTools()).tools;
    const described = JSON.stringify(listed.map(t => [t.name, t.description]));
    const classes = [shape.persistent ? 'persistent' : 'process', shape.background(listed.map(t => t.name)) ? 'background' : 'stop',
        ...(shape.ownBackground ? ['own-background'] : [])];
    const tool = listed.find(t => t.name === shape.tool);
    const declared = Boolean(tool.outputSchema);
    checkDescription(label, scenario.description, classes, tool.description);
    // `own`: start the line the shape's own way in the background.
    const send = async (line, timeout, own) => {
        const args = own ? shape.ownBackground(line) : shape.args(line, timeout);
        if (!args) return [null, null];
        const result = await client.callTool({ name: shape.tool, arguments: args });
        return [result, shape.layout(result)];
    };
    let calls = 0;
    for (const [index, original] of scenario.steps.entries()) {
        let step = variant(original, classes);
        if (!step) continue;
        const escaped = Object.fromEntries(Object.entries(names).map(([k, v]) => [k, JSON.stringify(String(v)).slice(1, -1)]));
        step = JSON.parse(fill(JSON.stringify(step), escaped));
        const where = `${label} step ${index + 1} \`${step.line}\``;
        questions.answer = step.answer;
        questions.asked = [];
        const [result, read] = await send(step.line, step.timeout_ms, step.own_background);
        if (!result) continue;
        calls++;
        const spill = checkCall(where, result, read, step, declared);
        check(questions.asked.length > 0 === 'answer' in step, `${where}: asked ${JSON.stringify(questions.asked)}`);
        for (const path of step.exists ?? []) check(existsSync(path), `${where}: ${path} is gone`);
        for (const path of step.absent ?? []) check(!existsSync(path), `${where}: ${path} exists`);
        if (step.capture === 'job') names.job = read.job;
        if (spill) {
            const [again, readAgain] = await send(`seq 1 ${step.long} | cmp - ${spill} && echo whole`);
            checkCall(`${where} (its spill)`, again, readAgain, { status: 0, stdout: 'whole\n' }, declared);
            calls++;
        }
        const now = JSON.stringify((await client.listTools()).tools.map(t => [t.name, t.description]));
        check(now === described, `${where}: the tools or their description changed`);
    }
    check(calls >= 30, `${label}: only ${calls} calls`);
}

async function overStdio(shape, base) {
    const [names, flags] = prepare(base);
    const questions = { answer: null, asked: [] };
    const client = connectClient(questions);
    await client.connect(new stdio.StdioClientTransport({ command: toolsh, args: ['mcp', '--shape', shape.name, ...flags], env: { PATH, HOME: names.home } }));
    try {
        await runScenario(shape, client, names, questions, `${shape.name} (stdio)`);
    } finally {
        await client.close();
    }
}

async function overHttp(shape, base) {
    const [names, flags] = prepare(base);
    const server = spawn(toolsh, ['mcp', '--http', '127.0.0.1:0', '--shape', shape.name, ...flags], {
        env: { PATH, HOME: names.home },
        stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
        const url = await new Promise((resolve, reject) => {
            let said = '';
            server.stderr.on('data', chunk => {
                said += chunk.toString();
                const line = said.split('\n').slice(0, -1).find(l => l.startsWith('toolsh: serving MCP on '));
                if (line) resolve(line.trim().split(' ').pop());
            });
            server.once('exit', code => reject(new Error(`the server exited (${code}): ${said}`)));
        });
        const questions = { answer: null, asked: [] };
        const client = connectClient(questions);
        await client.connect(new sdk.StreamableHTTPClientTransport(new URL(url)));
        try {
            await runScenario(shape, client, names, questions, `${shape.name} (http)`);
        } finally {
            await client.close();
        }
    } finally {
        server.kill();
    }
}

const failures = [];
for (const shape of shapes) {
    if (only.length && !only.includes(shape.name)) continue;
    const runs = [['stdio', overStdio], ...(['shell', 'claude-code'].includes(shape.name) ? [['http', overHttp]] : [])];
    for (const [transport, run] of runs) {
        try {
            await run(shape, join(workdir, `ts-${transport}-${shape.name}`));
        } catch (err) {
            failures.push(err.message);
        }
    }
}
check(failures.length === 0, failures.join('\n'));
console.log('ok');
