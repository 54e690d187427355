/**
 * Finds Tailwind utilities in one class list that set the same property under
 * the same variants: `px-3` and `px-0`, `text-slate-700` and `text-red-700`,
 * `hover:bg-slate-100` and `hover:bg-red-50`. `cn` does not merge them
 * (lib/cn.ts, ADR 0014), so the stylesheet's order would decide which one
 * shows, not the order in the class list.
 *
 * A general utility with a more specific one (`rounded-2xl rounded-br-sm`,
 * `p-4 pt-0`) is no conflict: Tailwind puts shorthands before longhands, so
 * the specific one always wins. Classes outside the groups below are ignored;
 * they are the groups our components use.
 */

/**
 * [pattern, group]: the first matching pattern names the utility's group; `$1`
 * is replaced by its capture. An empty group leaves the utility unchecked
 * (background images and positions, one-sided borders), so the colour
 * patterns after it do not claim it.
 */
const GROUPS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|flow-root|table)$/, 'display'],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(px|py|pt|pr|pb|pl|ps|pe|p)-/, '$1'],
  [/^(mx|my|mt|mr|mb|ml|ms|me|m)-/, '$1'],
  [/^(min-w|max-w|min-h|max-h|size|w|h)-/, '$1'],
  [/^(inset-x|inset-y|inset|top|right|bottom|left|start|end)-/, '$1'],
  [/^(gap-x|gap-y|gap)-/, '$1'],
  [/^rounded(?:-(tl|tr|br|bl|ss|se|es|ee|t|r|b|l|s|e))?(?:-|$)/, 'rounded$1'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-align'],
  [/^text-(xs|sm|base|lg|[2-9]?xl|\[\d[^\]]*(px|rem|em)\])$/, 'font-size'],
  [/^text-(wrap|nowrap|balance|pretty|ellipsis|clip)$/, 'text-wrap'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^(leading|tracking|opacity|z|shadow|cursor|whitespace|grid-cols|grid-rows|auto-cols|outline-offset)-/, '$1'],
  [/^(shadow|transition)(-|$)/, '$1'],
  [
    /^bg-(fixed|local|scroll|clip-|origin-|repeat|no-repeat|cover|contain|auto|center|top|bottom|left|right|none|linear-|radial-|conic-)/,
    '',
  ],
  [/^bg-/, 'bg-color'],
  [/^border(-(0|2|4|8|\[\d[^\]]*px\]))?$/, 'border-width'],
  [/^border-(solid|dashed|dotted|double|none|hidden)$/, 'border-style'],
  [/^border-(x|y|t|r|b|l|s|e)(-|$)/, ''],
  [/^border-/, 'border-color'],
  [/^outline(-(0|1|2|4|8))?$/, 'outline-width'],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, 'outline-style'],
  [/^outline-/, 'outline-color'],
  [/^overflow-(x|y)-/, 'overflow-$1'],
  [/^overflow-/, 'overflow'],
  [/^flex-(row|col)(-reverse)?$/, 'flex-direction'],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, 'flex-wrap'],
  [/^flex-/, 'flex'],
  [/^(shrink|grow)(-|$)/, '$1'],
  [/^(justify-items|justify-self|justify|items|self|content)-/, '$1'],
];

/** Splits `md:hover:px-3` into its variants (`hover:md:`, sorted) and utility (`px-3`); `:` inside [] belongs to the value. */
function splitVariants(token: string): { variants: string; utility: string } {
  let depth = 0;
  let lastColon = -1;
  for (let index = 0; index < token.length; index += 1) {
    const char = token[index];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) lastColon = index;
  }
  const variants = lastColon === -1 ? [] : token.slice(0, lastColon).split(':');
  return { variants: variants.sort().join(':'), utility: token.slice(lastColon + 1) };
}

function groupOf(utility: string): string | null {
  // `!` marks important (before or, in Tailwind 4, after the utility); `-` a negative value.
  const bare = utility.replace(/^!|!$/g, '').replace(/^-/, '');
  for (const [pattern, group] of GROUPS) {
    const match = pattern.exec(bare);
    if (match) return group === '' ? null : group.replace('$1', match[1] ?? '');
  }
  return null;
}

/** Each entry is a set of two or more different classes that set the same property under the same variants. */
export function findClassConflicts(classList: string): string[][] {
  const byGroup = new Map<string, Set<string>>();
  for (const token of classList.split(/\s+/).filter(Boolean)) {
    const { variants, utility } = splitVariants(token);
    const group = groupOf(utility);
    if (group === null) continue;
    const key = `${variants}|${group}`;
    const members = byGroup.get(key) ?? new Set<string>();
    members.add(token);
    byGroup.set(key, members);
  }
  return [...byGroup.values()].filter((members) => members.size > 1).map((members) => [...members]);
}
