import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on the first image instead of at start-up: with libvips it
 * is among the largest packages the server imports (about 0.16 s of every
 * start on the benchmark machine, docs/performance.md, round 3, "Start-up"),
 * and a server may run for hours before its first photo.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
