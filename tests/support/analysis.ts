import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/*
 * Test support for the item-analysis tests (imported only by *.test.ts and
 * the benchmark): a fake OpenAI-compatible endpoint and pictures the offline
 * detector does and does not recognise.
 */

/** How the fake endpoint answers one chat-completions call. */
export type FakeAnswer =
  | { kind: 'json'; body: unknown }
  | { kind: 'content'; content: string }
  | { kind: 'refusal'; refusal: string }
  | { kind: 'status'; status: number }
  | { kind: 'redirect'; location: string }
  | { kind: 'hang' }
  /** Answers `body` as `json` does, but only when the test calls releaseOne() (oldest first). */
  | { kind: 'held'; body: unknown };

export interface FakeOpenAi {
  url: string;
  /** The request bodies received, newest last. */
  requests: unknown[];
  answerWith(answer: FakeAnswer): void;
  /** Resolves once `count` held calls are waiting for releaseOne(). */
  heldCalls(count: number): Promise<void>;
  /** Answers the oldest held call. */
  releaseOne(): void;
  close(): Promise<void>;
}

/**
 * MOCK of a third-party API: this local server stands in for OpenAI (or
 * Ollama, vLLM …), which lies outside our walls and cannot be reached from
 * the test machines. It speaks just enough of POST /v1/chat/completions for
 * the analyzer: it records the request and answers as the test says.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let answer: FakeAnswer = { kind: 'content', content: '{}' };
  const requests: unknown[] = [];
  const hanging = new Set<() => void>();
  const held: (() => void)[] = [];
  let heldWatchers: { count: number; resolve: () => void }[] = [];
  const tellHeldWatchers = () => {
    const reached = heldWatchers.filter((watcher) => held.length >= watcher.count);
    heldWatchers = heldWatchers.filter((watcher) => held.length < watcher.count);
    for (const watcher of reached) watcher.resolve();
  };

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body));
    const send = (status: number, json: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    const message = (fields: object) => ({
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'fake-vision',
      choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', ...fields } }],
    });
    switch (answer.kind) {
      case 'json':
        return send(200, message({ content: JSON.stringify(answer.body), refusal: null }));
      case 'content':
        return send(200, message({ content: answer.content, refusal: null }));
      case 'refusal':
        return send(200, message({ content: null, refusal: answer.refusal }));
      case 'status':
        return send(answer.status, { error: { message: 'fake failure', type: 'server_error' } });
      case 'redirect':
        return response.writeHead(307, { location: answer.location }).end();
      case 'held': {
        const body = answer.body;
        held.push(() => send(200, message({ content: JSON.stringify(body), refusal: null })));
        tellHeldWatchers();
        return;
      }
      case 'hang': {
        // Never answers; closed when the client gives up or the server stops.
        const end = () => response.destroy();
        hanging.add(end);
        response.on('close', () => hanging.delete(end));
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith(next) {
      answer = next;
    },
    heldCalls(count) {
      return new Promise<void>((resolve) => {
        heldWatchers.push({ count, resolve });
        tellHeldWatchers();
      });
    },
    releaseOne() {
      const answerOldest = held.shift();
      if (!answerOldest) throw new Error('No call is held');
      answerOldest();
    },
    async close() {
      for (const end of hanging) end();
      for (const answerHeld of held.splice(0)) answerHeld();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A wall clock drawn as SVG: the detector reads it as "clock" (score ≈ 0.38
 * with the shipped CenterNet weights), above the 0.3 threshold. Made here,
 * so no photo with unclear rights is shipped.
 */
export function clockJpeg(): Promise<Buffer> {
  const numbers = Array.from({ length: 12 }, (_, hour) => {
    const angle = (hour * Math.PI) / 6;
    const x = 256 + 150 * Math.sin(angle);
    const y = 256 - 150 * Math.cos(angle) + 14;
    return `<text x="${x}" y="${y}" font-size="40" font-family="serif" text-anchor="middle" fill="#111">${hour === 0 ? 12 : hour}</text>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect width="512" height="512" fill="#c9c2b5"/><circle cx="256" cy="256" r="200" fill="#222"/>
    <circle cx="256" cy="256" r="185" fill="#fff"/>${numbers}
    <line x1="256" y1="256" x2="256" y2="130" stroke="#111" stroke-width="10" stroke-linecap="round"/>
    <line x1="256" y1="256" x2="350" y2="300" stroke="#111" stroke-width="14" stroke-linecap="round"/>
    <circle cx="256" cy="256" r="12" fill="#111"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** A laptop drawn as SVG: the detector calls it "tv" (≈ 0.37), which maps to electronics. */
export function laptopJpeg(): Promise<Buffer> {
  const keys = Array.from(
    { length: 40 },
    (_, i) =>
      `<rect x="${110 + (i % 10) * 30}" y="${318 + Math.floor(i / 10) * 13}" width="24" height="9" fill="#555"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect width="512" height="512" fill="#d8d2c8"/><rect x="106" y="96" width="300" height="200" rx="10" fill="#333"/>
    <rect x="120" y="110" width="272" height="172" fill="#3b6fd1"/>
    <polygon points="86,310 426,310 466,380 46,380" fill="#aaa"/>${keys}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** A plain diagonal gradient: nothing to recognise (the detector's best is "tv" at ≈ 0.10). */
export function gradientJpeg(size = 512): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a4d8f"/>
    <stop offset="1" stop-color="#f0c27a"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

export const jpegDataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;
