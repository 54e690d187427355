import type { Resolve } from '@/server/outbound/checked-address';

/**
 * A resolver that answers from a table and notes what it was asked. DNS lies
 * outside our walls, so tests bring their own answers (issue 32).
 */
export function resolverOf(table: Record<string, string | string[]>): Resolve & { asked: string[] } {
  const asked: string[] = [];
  const resolve: Resolve = async (hostname) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return [addresses].flat().map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}
