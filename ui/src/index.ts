import base from './base.module.css';

export { RetryAlert } from './RetryAlert';

type Classes = Readonly<Record<string, string>>;

/**
 * A remote's class names over the shared base (`styles.card`, `styles.primaryButton`, … and its own): where both
 * modules name a class, the element gets both, so a remote's `.card h2` or `.answers button` adds to the base rule
 * (its own CSS comes later and wins a tie). Use it once, in the remote's `src/styles.ts`.
 */
export function withBase(own: Classes): Classes {
  const merged: Record<string, string> = { ...base, ...own };
  for (const [name, local] of Object.entries(own)) {
    const shared = base[name];
    if (shared && shared !== local) merged[name] = `${shared} ${local}`;
  }
  return merged;
}
