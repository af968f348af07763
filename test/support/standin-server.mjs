// The stand-ins as a server, for the test run: a test run calls trtexec and nvidia-smi some 1,200 times, and a
// Node.js process costs about 100 ms of CPU to start on the 2-core CI machine before it does anything. Here
// the stand-ins' code is loaded once; each `trtexec` and `nvidia-smi` the tests install is a small C program
// (standin-client.c) that sends its argv, environment, working folder and pid over a Unix socket, then
// writes what comes back to its stdout and does in its own process what a process must do itself: fork the
// idle child of a hung build, ignore SIGTERM, die by a signal, exit with a code. So trt-ci still spawns,
// streams, times out and kills a real process, and the stand-in still sees the environment trt-ci gave it.
// The client's STANDIN_PROGRAM (trtexec, the default, or nvidia-smi) names the stand-in it runs.
//
// Usage: node standin-server.mjs SOCKET. Prints "ready" when it listens; exits when its stdin ends (its
// parent, the test run, is gone).
//
// Protocol. Request: u32 LE length, then NUL-terminated strings: pid, cwd, argc, the arguments, then the
// environment to the end. Replies: a type byte, a u32 LE length, the payload:
//   o  bytes for stdout           e  bytes for stderr          c  fork an idle child; payload: a file to
//   i  ignore SIGTERM from now    k  die by this signal number    append its pid to (may be empty)
//   x  exit with this code
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { runNvidiaSmi } from './nvidia-smi-standin.mjs';
import { runTrtexec } from './trtexec-standin.mjs';

const PROGRAMS = { trtexec: runTrtexec, 'nvidia-smi': runNvidiaSmi };

const socketPath = process.argv[2];

/** The client process is gone (killed, or it died by the signal it was told to raise): the call stops. */
class Gone extends Error {}

function frame(type, payload = '') {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload));
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(body.length, 1);
  return Buffer.concat([head, body]);
}

function parseRequest(bytes) {
  const strings = bytes.toString('utf8').split('\0');
  strings.pop();
  const [pid, cwd, argc, ...rest] = strings;
  const args = rest.slice(0, Number(argc));
  const env = {};
  for (const entry of rest.slice(Number(argc))) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { pid: Number(pid), cwd, args, env };
}

/** A call's edges over its client's socket; every one of them stops the call once the client is gone. */
function socketIo(socket, request) {
  let gone = false;
  let markGone;
  const closed = new Promise((_, reject) => {
    markGone = () => {
      gone = true;
      reject(new Gone());
    };
  });
  closed.catch(() => {});
  socket.on('close', () => markGone());
  socket.on('error', () => markGone());
  const send = (type, payload) => {
    if (gone) throw new Gone();
    return socket.write(frame(type, payload));
  };
  return {
    ...request,
    write: (text) => {
      send('o', text);
    },
    writeAsync: async (block) => {
      if (!send('o', block)) await Promise.race([new Promise((done) => socket.once('drain', done)), closed]);
    },
    sleep: (ms) => Promise.race([new Promise((done) => setTimeout(done, ms)), closed]),
    async raise(signal) {
      send('k', constants.signals[signal]);
      await closed;
    },
    spawnIdleChild: (pidFile, ownSession = false) => send(ownSession ? 's' : 'c', pidFile ?? ''),
    ignoreTerm: () => send('i'),
    forever: () => closed,
    exit: (code) => {
      if (!gone) socket.end(frame('x', code));
    },
    error: (text) => {
      if (!gone) socket.write(frame('e', text));
    },
  };
}

async function serve(socket, request) {
  const io = socketIo(socket, parseRequest(request));
  try {
    const run = PROGRAMS[io.env.STANDIN_PROGRAM ?? 'trtexec'];
    if (!run) throw new Error(`no stand-in is called ${io.env.STANDIN_PROGRAM}`);
    io.exit(await run(io));
  } catch (error) {
    if (error instanceof Gone) return;
    // As an uncaught error ends the program: its stack on stderr, exit code 1.
    io.error(`${error?.stack ?? error}\n`);
    io.exit(1);
  }
}

const server = createServer((socket) => {
  let received = Buffer.alloc(0);
  const onData = (chunk) => {
    received = Buffer.concat([received, chunk]);
    if (received.length < 4 || received.length < 4 + received.readUInt32LE(0)) return;
    socket.off('data', onData);
    void serve(socket, received.subarray(4, 4 + received.readUInt32LE(0)));
  };
  socket.on('data', onData);
  socket.on('error', () => {});
});

rmSync(socketPath, { force: true });
server.listen(socketPath, () => process.stdout.write('ready\n'));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
