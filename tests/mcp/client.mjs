// Drives `toolsh mcp` with the official TypeScript MCP client (v2, `@modelcontextprotocol/client`,
// installed by .ci/run under target/mcp-clients): over stdio with its default negotiation (the
// handshake era) and with `auto` (which discovers 2026-07-28), and over Streamable HTTP. In
// each: one tool with an output schema, a run with structured content, a mistaken argument as a
// result the model reads, an `ask` answered through the client's elicitation handler, and
// calls sent together that each run once (over stdio, in the order sent).
//
// Usage: node tests/mcp/client.mjs TOOLSH WORKDIR   (run by tests/it/mcp.rs)
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'target', 'mcp-clients', 'package.json'));
const sdk = await import(pathToFileURL(require.resolve('@modelcontextprotocol/client')).href);
const stdio = await import(pathToFileURL(require.resolve('@modelcontextprotocol/client/stdio')).href);
const [toolsh, workdir] = process.argv.slice(2);

function check(condition, message) {
    if (!condition) throw new Error(message);
}

async function exercise(client, label, dir, ordered) {
    const { tools } = await client.listTools();
    check(tools.length === 1 && tools[0].name === 'shell', `${label}: one tool: ${JSON.stringify(tools.map(t => t.name))}`);
    check(tools[0].outputSchema?.required?.includes('exit'), `${label}: an output schema`);

    let result = await client.callTool({ name: 'shell', arguments: { command: 'echo hi' } });
    check(result.content[0].text === 'hi\n[exit 0]' && !result.isError, `${label}: ran: ${JSON.stringify(result)}`);
    check(result.structuredContent?.exit === 0 && result.structuredContent?.truncated === false, `${label}: facts`);

    result = await client.callTool({ name: 'shell', arguments: { command: 'pwd', workdir: '/' } });
    check(result.isError && result.content[0].text.includes('unknown argument `workdir`'), `${label}: a mistake: ${JSON.stringify(result)}`);

    writeFileSync(join(dir, 'asked.txt'), 'x');
    result = await client.callTool({ name: 'shell', arguments: { command: 'rm asked.txt; echo gone $?' } });
    check(result.content[0].text === 'gone 0\n[exit 0]', `${label}: approved through elicitation: ${JSON.stringify(result)}`);
    check(!existsSync(join(dir, 'asked.txt')), `${label}: the approved delete ran`);

    const calls = [];
    for (let n = 1; n <= 6; n++) {
        calls.push(client.callTool({ name: 'shell', arguments: { command: `echo ${n} >> /tmp/order-ts` } }));
    }
    await Promise.all(calls);
    result = await client.callTool({ name: 'shell', arguments: { command: "sort -n /tmp/order-ts | tr '\\n' ' '; echo; tr '\\n' ' ' < /tmp/order-ts" } });
    const [all, as_run] = result.content[0].text.split('\n');
    check(all === '1 2 3 4 5 6 ', `${label}: every call ran once: ${JSON.stringify(all)}`);
    // Over stdio the calls arrive as sent; over HTTP each comes on a connection of its own,
    // and the server can only keep the order in which they reach it.
    check(!ordered || as_run === '1 2 3 4 5 6 ', `${label}: in the order sent: ${JSON.stringify(as_run)}`);
}

function client(mode) {
    const options = { capabilities: { elicitation: {} } };
    if (mode) options.versionNegotiation = { mode };
    const made = new sdk.Client({ name: 'toolsh-test', version: '0' }, options);
    made.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { approve: true } }));
    return made;
}

for (const mode of [undefined, 'auto']) {
    const dir = join(workdir, `stdio-${mode ?? 'default'}`);
    mkdirSync(dir);
    const made = client(mode);
    const transport = new stdio.StdioClientTransport({
        command: toolsh,
        args: ['mcp', '--root', dir, '--ask', 'fs.delete'],
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    await made.connect(transport);
    const version = made.getNegotiatedProtocolVersion();
    check(mode !== 'auto' || version === '2026-07-28', `auto negotiates the newest revision: ${version}`);
    await exercise(made, `stdio ${mode ?? 'default'} (${version})`, dir, true);
    await made.close();
}

const dir = join(workdir, 'http');
mkdirSync(dir);
const server = spawn(toolsh, ['mcp', '--http', '127.0.0.1:0', '--root', dir, '--ask', 'fs.delete'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'ignore', 'pipe'],
});
try {
    const url = await new Promise((resolve, reject) => {
        let said = '';
        server.stderr.on('data', chunk => {
            said += chunk.toString();
            // Only whole lines: the announcement may come in pieces.
            const line = said.split('\n').slice(0, -1).find(l => l.startsWith('toolsh: serving MCP on '));
            if (line) resolve(line.trim().split(' ').pop());
        });
        server.once('exit', code => reject(new Error(`the server exited (${code}): ${said}`)));
    });
    const made = client(undefined);
    await made.connect(new sdk.StreamableHTTPClientTransport(new URL(url)));
    await exercise(made, `http (${made.getNegotiatedProtocolVersion()})`, dir, false);
    await made.close();
} finally {
    server.kill();
}
console.log('ok');
