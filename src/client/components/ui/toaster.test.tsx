import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@/contract/limits';
import { renderWithProviders } from '../../testing/render-with-providers';
import { dismissToast, toast } from './toast-store';

function visibleToasts() {
  return screen.queryAllByTestId('toast');
}

describe('toasts', () => {
  it('shows one toast at a time: a second one replaces the first', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      toast({ title: 'First toast' });
    });
    // The toast UI is a lazy chunk that mounts with the first toast.
    await screen.findByTestId('toast');
    expect(visibleToasts().map((node) => node.textContent)).toEqual([expect.stringContaining('First toast')]);

    act(() => {
      toast({ title: 'Second toast', description: 'It replaces the first', variant: 'destructive' });
    });
    const toasts = visibleToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain('Second toast');
    expect(toasts[0]?.textContent).not.toContain('First toast');
    expect(toasts[0]?.className).toContain('bg-red-700');
  });

  it('hides itself after the default duration', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      toast({ title: 'Saved' });
    });
    await screen.findByTestId('toast');
    vi.useFakeTimers();
    // Radix starts the close timer in an effect; restart it under fake timers with a fresh toast.
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(visibleToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(TIMINGS.toastDurationMs - 100);
    });
    expect(visibleToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(visibleToasts()).toHaveLength(0);
  });

  it('ignores a dismiss for a toast that was already replaced', async () => {
    renderWithProviders(<p>page</p>);
    let firstId = 0;
    act(() => {
      firstId = toast({ title: 'One' });
      toast({ title: 'Two' });
      dismissToast(firstId);
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Two');
  });
});
