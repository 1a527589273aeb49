// A whole session of the official TypeScript MCP client (`@modelcontextprotocol/client`,
// installed by .ci/run under target/mcp-clients) against `toolsh mcp --http` with sessions that
// rest after 0.3 s (`--session-park`): the client opens the standalone GET stream after the
// handshake and holds it, and its session rests between calls all the same. Checked through the
// server's figures (`GET /status`) after each pause: the session rested, its stream held open
// by the server; after each call: it was woken and the stream fed again. A question the server
// asks after a rest (an `ask` rule, through elicitation) reaches the client on that stream (the
// approved delete ran: `ls` shows nothing left in the session's own `/tmp`); the
// answers are those of a session that never rests; the client never reconnects its stream and
// reports no error; ending the session ends the stream.
//
// Usage: node tests/mcp/parked.mjs TOOLSH WORKDIR   (run by tests/it/mcp.rs)
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'target', 'mcp-clients', 'package.json'));
const sdk = await import(pathToFileURL(require.resolve('@modelcontextprotocol/client')).href);
const [toolsh, workdir] = process.argv.slice(2);

const PARK = 0.3;
const PAUSE = 600;

function check(condition, message) {
    if (!condition) throw new Error(message);
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

// The server, and the URL it announces.
const server = spawn(toolsh, ['mcp', '--http', '127.0.0.1:0', '--root', workdir, '--memory', '--ask', 'fs.delete',
    '--session-park', String(PARK)], { stdio: ['ignore', 'ignore', 'pipe'] });
try {
    const url = await new Promise((resolve, reject) => {
        let said = '';
        server.stderr.on('data', chunk => {
            said += chunk;
            const line = said.split('\n').slice(0, -1).find(l => l.startsWith('toolsh: serving MCP on '));
            if (line) resolve(line.split(' ').pop());
        });
        server.on('exit', () => reject(new Error(`the server ended: ${said}`)));
    });
    const status = async () => (await fetch(new URL('/status', url))).json();

    const client = new sdk.Client({ name: 'toolsh-parked', version: '0' }, { capabilities: { elicitation: {} } });
    const asked = [];
    client.setRequestHandler('elicitation/create', async request => {
        asked.push(request.params.message);
        return { action: 'accept', content: { approve: true } };
    });
    const transport = new sdk.StreamableHTTPClientTransport(new URL(url));
    const errors = [];
    transport.onerror = error => errors.push(String(error));
    await client.connect(transport);

    const shell = async command => {
        const result = await client.callTool({ name: 'shell', arguments: { command } });
        return result.content[0].text;
    };
    const steps = [
        ['m=5; cd /tmp; echo x > asked.txt; h() { echo h$1; }', '[exit 0]'],
        ['echo $m $PWD; h 1', '5 /tmp\nh1\n[exit 0]'],
        ['rm asked.txt; echo "rm $?"; ls; echo $m', 'rm 0\n5\n[exit 0]'],
        ['exit 4', '[exit 4]'],
        ['echo $m $?', '5 4\n[exit 0]'],
    ];
    let rests = 0;
    for (const [n, [command, expected]] of steps.entries()) {
        const text = await shell(command);
        check(text === expected, `${command}: ${JSON.stringify(text)}`);
        const woken = await status();
        check(woken.wakes === n && woken.streams.fed === 1, `${command}: served, its stream fed: ${JSON.stringify(woken)}`);
        await sleep(PAUSE);
        const figures = await status();
        check(figures.sessions.resting === 1 && figures.streams.open === 1 && figures.streams.held === 1
            && figures.rests > rests, `${command}: rested after it, its stream held: ${JSON.stringify(figures)}`);
        rests = figures.rests;
    }
    check(asked.length === 1 && asked[0].includes('asked.txt'), `asked once, after a rest: ${JSON.stringify(asked)}`);
    const figures = await status();
    check(figures.listens === 1, `the client never reconnected its stream: ${JSON.stringify(figures)}`);
    check(errors.length === 0, `no transport error: ${JSON.stringify(errors)}`);
    // Ended by the client (DELETE): the stream held for it ends with it.
    await transport.terminateSession();
    await client.close();
    await sleep(200);
    const ended = await status();
    check(ended.streams.open === 0 && ended.sessions.in_memory === 0 && ended.listens === 1,
        `ended, its stream with it: ${JSON.stringify(ended)}`);
    console.log('ok');
} finally {
    server.kill();
}
