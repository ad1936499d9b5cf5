import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ActionButton,
  Badge,
  Button,
  buttonClass,
  Card,
  Dialog,
  EmptyState,
  Field,
  ICON_NAMES,
  Icon,
  ProgressBar,
  ProgressRing,
  Select,
  Sheet,
  Skeleton,
  Stat,
  showToast,
  Tabs,
  Toaster,
} from '../src';
import base from '../src/base.module.css';

// No vitest globals here, so Testing Library's automatic cleanup is not registered.
afterEach(cleanup);

describe('Icon', () => {
  it('is decoration without a label and an image with its name with one', () => {
    const { container } = render(
      <p>
        <Icon name="timer" />
        <Icon name="volume" label="Vorlesen" />
      </p>,
    );
    const [decorative] = container.querySelectorAll('svg');
    expect(decorative?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('img', { name: 'Vorlesen' })).toBeTruthy();
  });

  it('draws every icon of the set with at least one path, in the text colour', () => {
    expect(ICON_NAMES.length).toBeGreaterThanOrEqual(30);
    for (const name of ICON_NAMES) {
      const { container, unmount } = render(<Icon name={name} />);
      const svg = container.querySelector('svg');
      expect(svg?.querySelectorAll('path').length, name).toBeGreaterThan(0);
      expect(svg?.getAttribute('stroke')).toBe('currentColor');
      unmount();
    }
  });
});

describe('Button', () => {
  it('is a plain button (never submits by accident) in the primary look, with its icon', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <Button icon="play" onClick={() => onClick('clicked')}>
          Start
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Start' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain(base.primaryButton);
    expect(button.querySelector('svg[data-icon="play"]')).toBeTruthy();
    await userEvent.click(button);
    expect(onClick.mock.calls).toEqual([['clicked']]);
  });

  it('with onAction, is the submit button of a form whose action is the tap: React keeps a tap made before hydration', async () => {
    const onAction = vi.fn();
    // On the server: a form with a function action, and React's replay script beside it, which holds a submit
    // made before the page's scripts ran.
    const html = renderToString(
      <Button icon="play" onAction={onAction}>
        Start
      </Button>,
    );
    expect(html).toMatch(
      /^<form[^>]*><button type="submit"[\s\S]*<\/form><script>[\s\S]*\$\$reactFormReplay/,
    );
    render(
      <Button icon="play" variant="secondary" onAction={() => onAction('tapped')}>
        Start
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Start' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.className).toContain(base.secondaryButton);
    expect(button.closest('form')).toBeTruthy();
    await userEvent.click(button);
    await userEvent.click(button);
    expect(onAction.mock.calls).toEqual([['tapped'], ['tapped']]);
  });

  it('ActionButton: a plain button (no look of its own) with its props, acting once per tap', async () => {
    const onAction = vi.fn();
    render(
      <ActionButton className="menu" aria-label="Menu" aria-expanded={false} onAction={onAction}>
        ≡
      </ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.className).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('gives links the same looks through buttonClass', () => {
    expect(buttonClass()).toBe(base.primaryButton);
    expect(buttonClass({ variant: 'secondary' })).toBe(base.secondaryButton);
    expect(buttonClass({ variant: 'ghost', size: 'lg', block: true }).split(' ')).toHaveLength(3);
  });
});

function DialogHarness({ sheet = false, onClosed }: { sheet?: boolean; onClosed: () => void }) {
  const [open, setOpen] = useState(false);
  const Kind = sheet ? Sheet : Dialog;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Kind
        open={open}
        onClose={() => {
          setOpen(false);
          onClosed();
        }}
        title="Filter"
        closeLabel="Schließen"
        footer={<button type="button">Apply</button>}
      >
        <p>Inhalt</p>
      </Kind>
    </>
  );
}

describe('Dialog and Sheet', () => {
  it('opens named by its title, and the close button closes it', async () => {
    const onClosed = vi.fn();
    render(<DialogHarness onClosed={onClosed} />);
    expect(screen.queryByText('Inhalt')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getByText('Inhalt')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Inhalt')).toBeNull();
  });

  it('closes on Escape (the cancel event) and on a tap outside its box, once each', async () => {
    const onClosed = vi.fn();
    render(<DialogHarness sheet onClosed={onClosed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByText('Inhalt'));
    expect(onClosed).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('dialog'));
    expect(onClosed).toHaveBeenCalledTimes(2);
  });
});

describe('Field and Select', () => {
  it('labels the control and ties hint and error to it', () => {
    render(
      <Field label="Bundesland" hint="Für die Länderfragen" error="Bitte wählen">
        {(control) => (
          <Select {...control} defaultValue="">
            <option value="">–</option>
            <option value="BY">Bayern</option>
          </Select>
        )}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Bundesland' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const described = (select.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Für die Länderfragen', 'Bitte wählen']);
    expect(screen.getByRole('alert').textContent).toBe('Bitte wählen');
  });

  it('leaves a valid control unmarked', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});

function TabsHarness() {
  const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
      label="Modes"
      value={tab}
      onChange={setTab}
      items={[
        { id: 'a', label: 'Alle' },
        { id: 'b', label: 'Karten', icon: 'cards' },
        { id: 'c', label: 'Fehler' },
      ]}
    >
      <p>Panel {tab}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('selects with a click and with the arrow keys, moving focus; the panel is named by its tab', async () => {
    render(<TabsHarness />);
    expect(screen.getByRole('tabpanel', { name: 'Alle' }).textContent).toBe('Panel a');
    await userEvent.click(screen.getByRole('tab', { name: 'Karten' }));
    expect(screen.getByRole('tab', { name: 'Karten' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Fehler' }));
    expect(screen.getByRole('tabpanel', { name: 'Fehler' }).textContent).toBe('Panel c');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Alle' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Fehler' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Alle' }).getAttribute('tabindex')).toBe('-1');
  });
});

describe('ProgressBar and ProgressRing', () => {
  it('reports its value, clamped to the range, and fills that share', () => {
    render(
      <>
        <ProgressBar label="Grundgesetz" value={12} max={20} valueText="12 von 20" />
        <ProgressBar label="Zu viel" value={30} max={20} />
      </>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Grundgesetz' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuetext')).toBe('12 von 20');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('60%');
    const over = screen.getByRole('progressbar', { name: 'Zu viel' });
    expect(over.getAttribute('aria-valuenow')).toBe('20');
    expect((over.firstElementChild as HTMLElement).style.width).toBe('100%');
  });

  it('draws the ring to its share, the value in the middle', () => {
    render(
      <ProgressRing label="Ergebnis" value={25} max={33} tone="success">
        25/33
      </ProgressRing>,
    );
    const ring = screen.getByRole('progressbar', { name: 'Ergebnis' });
    expect(ring.textContent).toBe('25/33');
    const fill = ring.querySelectorAll('circle')[1];
    // r = 42: circumference 263.89; 8 of 33 left undrawn = 63.97.
    expect(Number(fill?.getAttribute('stroke-dasharray'))).toBeCloseTo(263.89, 1);
    expect(Number(fill?.getAttribute('stroke-dashoffset'))).toBeCloseTo(63.97, 1);
  });
});

describe('Card, Badge, Stat, EmptyState, Skeleton', () => {
  it('render their content with headings at the level asked for', () => {
    render(
      <>
        <Card title="Nächster Schritt" icon="target" tone="primary">
          <Badge tone="success">Bestanden</Badge>
          <Stat label="Serie" value="4 Tage" hint="Rekord 9" />
        </Card>
        <EmptyState
          title="Noch keine Prüfung"
          headingLevel={3}
          action={<button type="button">Starten</button>}
        >
          Mach deinen ersten Test.
        </EmptyState>
        <Skeleton lines={3} />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Nächster Schritt' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Noch keine Prüfung' })).toBeTruthy();
    expect(screen.getByText('Bestanden').getAttribute('data-tone')).toBe('success');
    expect(screen.getByText('4 Tage')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Starten' })).toBeTruthy();
    const skeleton = document.querySelector('[aria-hidden="true"]:not(svg)');
    expect(skeleton?.children).toHaveLength(3);
  });
});

describe('Toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces a message in the live region, which goes by itself after its time or when dismissed', async () => {
    vi.useFakeTimers();
    render(<Toaster label="Mitteilungen" dismissLabel="Ausblenden" />);
    const region = screen.getByRole('region', { name: 'Mitteilungen' });
    act(() => {
      showToast('Einstellungen gespeichert', { duration: 3000 });
    });
    expect(region.textContent).toBe('Einstellungen gespeichert');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(region.textContent).toBe('Einstellungen gespeichert');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region.textContent).toBe('');

    act(() => {
      showToast('Fehler', { tone: 'danger' });
    });
    vi.useRealTimers();
    await userEvent.click(within(region).getByRole('button', { name: 'Ausblenden' }));
    expect(region.textContent).toBe('');
  });

  it('keeps at most three, dropping the oldest', () => {
    render(<Toaster label="Mitteilungen" dismissLabel="x" />);
    act(() => {
      for (const text of ['eins', 'zwei', 'drei', 'vier']) showToast(text);
    });
    expect(screen.getByRole('region', { name: 'Mitteilungen' }).textContent).toBe('zweidreivier');
  });
});
