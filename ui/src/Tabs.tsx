import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import c from './components.module.css';
import { Icon, type IconName } from './Icon';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  icon?: IconName;
}

export interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern: one tab in the tab order, arrow keys (and Home/End) move and select, the
 * panel named by its tab. On a phone the list scrolls sideways inside itself instead of widening the page.
 */
export function Tabs<T extends string>({ label, items, value, onChange, children }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    items.findIndex((item) => item.id === value),
  );

  function onKeyDown(event: KeyboardEvent) {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div className={c.tabs}>
      <div ref={list} role="tablist" aria-label={label} className={c.tabList} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === value;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              className={c.tab}
              onClick={() => onChange(item.id)}
            >
              {item.icon && <Icon name={item.icon} size={18} />}
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${value}`}
        className={c.tabPanel}
      >
        {children}
      </div>
    </div>
  );
}
