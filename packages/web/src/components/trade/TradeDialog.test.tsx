import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TxPhase, TxState } from '../../lib/tx-flow';
import { testAppConfig } from '../../test/app-config';
import { TradeDialog, TradeSuccess } from './TradeDialog';

const flowAt = (phase: TxPhase): { state: TxState; busy: boolean } => ({
  state: { phase, step: null, hash: null, steps: [], error: null },
  busy: phase === 'wallet' || phase === 'pending' || phase === 'submitting' || phase === 'indexing',
});

type Props = ComponentProps<typeof TradeDialog>;

/** The shell with a form field, its own status query answered from the cache. */
function renderDialog(props: Partial<Props> = {}) {
  const client = new QueryClient();
  client.setQueryData(['app-config'], testAppConfig({ chainId: 31337 }));
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  const view = (over: Partial<Props>) => (
    <QueryClientProvider client={client}>
      <TradeDialog
        title="Trade"
        testId="trade"
        onClose={onClose}
        flow={flowAt('idle')}
        submit={{ label: 'Send', testId: 'send', onSubmit }}
        {...props}
        {...over}
      >
        <p data-testid="form">the form</p>
      </TradeDialog>
    </QueryClientProvider>
  );
  const result = render(view({}));
  return { onClose, onSubmit, rerender: (over: Partial<Props>) => result.rerender(view(over)) };
}

/** The footer's buttons by their text (the corner icon has no text). */
const footerButtons = () =>
  within(screen.getByTestId('trade'))
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter(Boolean);

describe('the trade dialog (components/trade)', () => {
  it('without a review: the form and the submit button, which runs the submit', () => {
    const { onSubmit } = renderDialog();
    expect(screen.getByTestId('form')).toBeTruthy();
    expect(footerButtons()).toEqual(['Send']);
    expect(screen.queryByTestId('tx-status')).toBeNull();
    fireEvent.click(screen.getByTestId('send'));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('review: Review until the step is shown, then Back (to the form) and the submit', () => {
    const onReview = vi.fn(() => true);
    renderDialog({
      review: {
        label: 'Review',
        testId: 'review',
        onReview,
        renderStep: () => <p data-testid="step">the step</p>,
      },
      summary: <p data-testid="summary">fee</p>,
    });
    expect(footerButtons()).toEqual(['Review']);
    expect(screen.getByTestId('summary')).toBeTruthy();
    fireEvent.click(screen.getByTestId('review'));
    expect(onReview).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('form')).toBeNull();
    expect(screen.getByTestId('step')).toBeTruthy();
    // The summary stays under the step.
    expect(screen.getByTestId('summary')).toBeTruthy();
    expect(footerButtons()).toEqual(['Back', 'Send']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('form')).toBeTruthy();
    expect(footerButtons()).toEqual(['Review']);
  });

  it('review: a refused Review keeps the form; a disabled one cannot be pressed', () => {
    const { rerender } = renderDialog({
      review: {
        label: 'Review',
        testId: 'review',
        onReview: () => false,
        renderStep: () => <p data-testid="step">the step</p>,
      },
    });
    fireEvent.click(screen.getByTestId('review'));
    expect(screen.queryByTestId('step')).toBeNull();
    expect(footerButtons()).toEqual(['Review']);
    rerender({
      review: { label: 'Review', testId: 'review', disabled: true, renderStep: () => null },
    });
    expect((screen.getByTestId('review') as HTMLButtonElement).disabled).toBe(true);
  });

  it('review: a step that cannot be shown leaves the form under the step buttons', () => {
    renderDialog({
      review: { label: 'Review', testId: 'review', renderStep: () => null },
    });
    fireEvent.click(screen.getByTestId('review'));
    expect(screen.getByTestId('form')).toBeTruthy();
    expect(footerButtons()).toEqual(['Back', 'Send']);
  });

  it('while the flow is busy: the status, the working label, nothing to press, no closing', () => {
    const { onClose } = renderDialog({
      flow: flowAt('pending'),
      back: true,
      submit: { label: 'Send', testId: 'send', onSubmit: vi.fn(), variant: 'danger' },
    });
    expect(screen.getByTestId('tx-status').getAttribute('data-phase')).toBe('pending');
    const send = screen.getByTestId('send') as HTMLButtonElement;
    expect(send.textContent).toBe('Processing…');
    expect(send.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    const corner = screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement;
    expect(corner.disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('trade'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('back: Back beside the submit closes the dialog', () => {
    const { onClose } = renderDialog({ back: true });
    expect(footerButtons()).toEqual(['Back', 'Send']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('done: the success view replaces the fields and the summary, and Close closes', () => {
    const { onClose, rerender } = renderDialog({
      success: <TradeSuccess testId="sent">Sent</TradeSuccess>,
      summary: <p data-testid="summary">fee</p>,
    });
    expect(screen.queryByTestId('sent')).toBeNull();
    rerender({ flow: flowAt('done') });
    expect(screen.getByTestId('sent').textContent).toBe('Sent');
    expect(screen.queryByTestId('form')).toBeNull();
    expect(screen.queryByTestId('summary')).toBeNull();
    expect(screen.getByTestId('tx-status').getAttribute('data-phase')).toBe('done');
    expect(screen.queryByTestId('send')).toBeNull();
    expect(footerButtons()).toEqual(['Close']);
    const close = screen
      .getAllByRole('button', { name: 'Close' })
      .find((b) => b.textContent === 'Close')!;
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('done without a success view: the form stays (such a dialog closes itself)', () => {
    renderDialog({ flow: flowAt('done') });
    expect(screen.getByTestId('form')).toBeTruthy();
    expect(footerButtons()).toEqual(['Send']);
  });
});
