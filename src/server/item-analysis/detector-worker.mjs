// The offline object detector, in its own worker thread (docs/decisions/0020):
// @vladmandic/human's CenterNet (80 COCO classes, weights inside the npm
// package) on the tfjs WASM backend. Inference takes ~150–400 ms of CPU; run
// on the request thread it would stall every other request for that long.
//
// Plain JavaScript on purpose: worker threads load a file directly, and the
// server runs from TypeScript sources under tsx and Vitest but from an
// esbuild bundle in production. One .mjs runs unchanged in all three (the
// build copies it next to dist/server/main.js).
//
// Protocol: the main thread sends { id, width, height, pixels } (RGB bytes,
// transferred, already decoded and shrunk by sharp there) and gets back
// { id, detections: [{ label, score, area }] } or { id, error }.
// The model loads once, on the first message.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);

// Inference is background work beside the requests: give the CPU to the
// request thread first. On Linux the nice value is per thread, and pid 0
// means the calling thread, so only this worker is lowered; elsewhere the
// call may affect the process or fail, which is harmless (then it stays as is).
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // Not permitted here: run at normal priority.
  }
}

/** The node_modules folder holding `relative`: Human's `exports` map hides its files from require.resolve. */
function packageFile(relative) {
  const folders = require.resolve.paths(relative) ?? [];
  const found = folders.map((folder) => path.join(folder, relative)).find((file) => existsSync(file));
  if (!found) throw new Error(`${relative} is not installed`);
  return found;
}

const humanFile = packageFile('@vladmandic/human/dist/human.node-wasm.js');
const modelDir = path.resolve(path.dirname(humanFile), '../models');
const wasmDir = path.dirname(packageFile('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

// Human and tfjs load weights and the .wasm with fetch. Node's fetch has no
// file:// support, and the network must never be used here: only files in
// the two package folders above are served, everything else is refused.
const allowedFolders = [modelDir, wasmDir];
globalThis.fetch = async (input) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith('file://')) throw new Error(`The offline detector does not use the network (${url})`);
  const file = path.resolve(new URL(url).pathname);
  if (!allowedFolders.some((folder) => file.startsWith(folder + path.sep)))
    throw new Error(`Not a model file: ${file}`);
  const type = file.endsWith('.json')
    ? 'application/json'
    : file.endsWith('.wasm')
      ? 'application/wasm'
      : 'application/octet-stream';
  return new globalThis.Response(await readFile(file), { status: 200, headers: { 'content-type': type } });
};

/** The lowest score Human reports; the analyzer applies its own, higher threshold. */
const REPORT_MIN_SCORE = 0.1;

let humanPromise = null;
function loadHuman() {
  humanPromise ??= (async () => {
    const { Human } = require(humanFile);
    const human = new Human({
      backend: 'wasm',
      wasmPath: `${pathToFileURL(wasmDir).href}/`,
      modelBasePath: `${pathToFileURL(modelDir).href}/`,
      // Without this Human answers a "similar enough" frame from its cache: every photo here is new.
      cacheSensitivity: 0,
      debug: false,
      face: { enabled: false },
      body: { enabled: false },
      hand: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
      object: { enabled: true, minConfidence: REPORT_MIN_SCORE, maxDetected: 5, skipFrames: 0, skipTime: 0 },
    });
    await human.load();
    return human;
  })();
  return humanPromise;
}

async function detect({ width, height, pixels }) {
  const human = await loadHuman();
  const { tf } = human;
  const input = tf.tidy(() => tf.expandDims(tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32'), 0));
  try {
    const result = await human.detect(input);
    if (result.error) throw new Error(String(result.error));
    return result.object.map((found) => ({
      label: found.label,
      score: found.score,
      // Share of the picture the object covers (boxRaw is relative to the input).
      area: Math.max(0, Math.min(1, found.boxRaw[2])) * Math.max(0, Math.min(1, found.boxRaw[3])),
    }));
  } finally {
    tf.dispose(input);
  }
}

parentPort.on('message', async (message) => {
  try {
    parentPort.postMessage({ id: message.id, detections: await detect(message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
