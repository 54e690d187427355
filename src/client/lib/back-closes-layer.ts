import { useEffect, useRef } from 'react';

/**
 * Back closes the top dialog instead of leaving the page (issue 33, defect 5):
 * what people expect on a phone, where Back (and Android's back gesture) is
 * how one dismisses a sheet, and where leaving the page lost a typed form.
 *
 * An open layer adds a history entry with the same URL, marked with its id.
 * Back pops that entry: the popstate that follows closes the topmost open
 * layer and nothing else (the router sees the same URL and stays). A layer
 * closed another way (its close button, Escape, done) takes its own entry
 * back off, unless something was pushed on top meanwhile (a link in the
 * dialog navigated): then the entry stays behind as a harmless duplicate of
 * the page, since going back would undo that navigation.
 */
interface Layer {
  id: string;
  close: () => void;
}

const STATE_KEY = 'lendloopLayer';
const open: Layer[] = [];
/** Our own history.back() calls whose popstate must not close anything. */
let ownBacks = 0;
/**
 * A layer closed another way whose entry is about to be taken back. If
 * another layer opens meanwhile (Cancel in one dialog opens a question), it
 * takes over that entry instead: one Back then closes it, and none is left
 * over.
 */
let closing: string | null = null;
let listening = false;

function layerIdOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !(STATE_KEY in state)) return undefined;
  const id = (state as Record<string, unknown>)[STATE_KEY];
  return typeof id === 'string' ? id : undefined;
}

function onPopState(event: PopStateEvent) {
  if (ownBacks > 0) {
    ownBacks--;
    return;
  }
  // Back (or forward) left the top layer's entry: that layer closes.
  const top = open.at(-1);
  if (top && layerIdOf(event.state) !== top.id) {
    open.pop();
    top.close();
  }
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState);
}

let nextId = 0;

/** While `isOpen`, Back calls `close` (through the latest render's function) instead of leaving the page. */
export function useBackCloses(isOpen: boolean, close: () => void): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!isOpen) return;
    listen();
    const layer: Layer = { id: `${Date.now().toString(36)}-${nextId++}`, close: () => closeRef.current() };
    const state: unknown = window.history.state;
    const entry = { ...(typeof state === 'object' && state !== null ? state : {}), [STATE_KEY]: layer.id };
    if (closing !== null && layerIdOf(state) === closing) window.history.replaceState(entry, '');
    else window.history.pushState(entry, '');
    closing = null;
    open.push(layer);
    return () => {
      const index = open.indexOf(layer);
      // Still listed: closed another way than Back, so its entry is still there.
      if (index < 0) return;
      open.splice(index, 1);
      closing = layer.id;
      // After this commit's other effects (a dialog opening now takes the entry over) but before
      // anything else can run: the handler that closed it has already run, so a navigation of its
      // has pushed its own entry, which then stays. A later task would race the next page load,
      // which a pending traversal aborts.
      queueMicrotask(() => {
        if (closing === layer.id) closing = null;
        if (layerIdOf(window.history.state) !== layer.id) return;
        ownBacks++;
        window.history.back();
      });
    };
  }, [isOpen]);
}
