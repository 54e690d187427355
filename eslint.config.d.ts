/** The types of what eslint.config.js exports beside its configuration (tests/unit/server-layers.test.ts reads the layers). */
export declare const SERVER_LAYERS: readonly { name: string; folders: readonly string[] }[];
declare const config: unknown;
export default config;
