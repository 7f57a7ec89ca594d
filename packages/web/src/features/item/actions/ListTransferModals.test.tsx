import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_TYPE, type ContractType } from '@aiamarket/shared';
import type * as Flow from '../../../lib/tx-flow';
import { mockApi } from '../../../test/api';
import { CONTRACT, order } from '../../../test/market-fixtures';
import { saveSession } from '../../../lib/session';
import { ListModal, type ListableItem } from './ListModal';
import { listingTestCache } from './listingTestCache';
import { TransferModal } from './TransferModal';

// The success view needs a finished transaction: the flow's phase can be set from here.
const tx = vi.hoisted(() => ({ phase: null as 'done' | 'pending' | null }));
vi.mock('../../../lib/tx-flow', async (importOriginal) => {
  const real = await importOriginal<typeof Flow>();
  return {
    ...real,
    useTxFlow: () => {
      const flow = real.useTxFlow();
      if (!tx.phase) return flow;
      const state = { phase: tx.phase, step: null, hash: null, steps: [], error: null };
      return { ...flow, state, busy: tx.phase === 'pending' };
    },
  };
});
afterEach(() => {
  tx.phase = null;
});

const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const RECIPIENT = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

const itemOf = (contractType: ContractType): ListableItem => ({
  contractAddr: CONTRACT,
  tokenId: '7',
  contractType,
  name: 'Potion 7',
});

/** The listing modal's chain and API answers are put in the cache; the API answers nothing else. */
function renderWithCache(ui: React.ReactNode) {
  mockApi({});
  const client = listingTestCache(CONTRACT, '7');
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const noop = () => undefined;

/** The footer's Close, not the dialog's corner icon (also named Close). */
const closeButton = () =>
  screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!;

describe('the ERC1155 amount box of the listing modal', () => {
  it('is labelled with what is held and marks an amount above it at once', () => {
    renderWithCache(
      <ListModal item={itemOf(CONTRACT_TYPE.erc1155)} held={5} royalty={null} onClose={noop} />,
    );
    const amount = screen.getByLabelText('Amount (5 available)');
    expect(amount).toBe(screen.getByTestId('amount-input'));
    expect((amount as HTMLInputElement).value).toBe('1');
    expect(amount.getAttribute('inputmode')).toBe('numeric');
    expect(amount.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(amount, { target: { value: ' 9 ' } });
    expect((amount as HTMLInputElement).value).toBe('9');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('greater than available');
    // The message stands in the box's own block, right under the input.
    expect(alert.parentElement).toBe(amount.parentElement);
    expect(alert.previousElementSibling).toBe(amount);

    fireEvent.change(amount, { target: { value: '3' } });
    expect(amount.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is not shown for an ERC721 item', () => {
    renderWithCache(
      <ListModal item={itemOf(CONTRACT_TYPE.erc721)} held={1} royalty={null} onClose={noop} />,
    );
    expect(screen.getByTestId('list-modal')).toBeTruthy();
    expect(screen.queryByTestId('amount-input')).toBeNull();
  });
});

describe('the recipient and amount boxes of the transfer modal', () => {
  it('shows the rule messages only after Continue, each box marked invalid', () => {
    saveSession({ token: 'tok', address: SENDER, wallet: 'io.metamask', walletName: 'MetaMask' });
    renderWithCache(<TransferModal item={itemOf(CONTRACT_TYPE.erc1155)} held={5} onClose={noop} />);
    const to = screen.getByLabelText('Recipient address');
    const amount = screen.getByLabelText('Amount (you hold 5)');
    expect(to).toBe(screen.getByTestId('transfer-to'));
    expect(amount).toBe(screen.getByTestId('transfer-amount'));

    fireEvent.change(to, { target: { value: SENDER } });
    fireEvent.change(amount, { target: { value: '9 ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(amount.hasAttribute('aria-invalid')).toBe(false);

    fireEvent.click(screen.getByTestId('transfer-review'));
    expect(screen.getByTestId('transfer-to-error').textContent).toBe(
      'The transfer address is the same as the current address and cannot be transferred',
    );
    expect(screen.getByTestId('transfer-to-error').getAttribute('role')).toBe('alert');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const amountError = screen.getByTestId('transfer-amount-error');
    expect(amountError.textContent).toBe('Insufficient NFT assets to transfer');
    expect(amountError.getAttribute('role')).toBe('alert');
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(to, { target: { value: RECIPIENT } });
    fireEvent.change(amount, { target: { value: '2' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('transfer-review'));
    expect(screen.getByTestId('transfer-confirm-step').textContent).toContain(
      `Send 2 to ${RECIPIENT}?`,
    );
  });

  it('still says an ERC721 is no longer held, with no amount box', () => {
    saveSession({ token: 'tok', address: SENDER, wallet: 'io.metamask', walletName: 'MetaMask' });
    renderWithCache(<TransferModal item={itemOf(CONTRACT_TYPE.erc721)} held={0} onClose={noop} />);
    expect(screen.queryByTestId('transfer-amount')).toBeNull();
    fireEvent.change(screen.getByTestId('transfer-to'), { target: { value: RECIPIENT } });
    fireEvent.click(screen.getByTestId('transfer-review'));
    expect(screen.getByTestId('transfer-amount-error').textContent).toBe(
      'Insufficient NFT assets to transfer',
    );
    expect(screen.queryByTestId('transfer-confirm-step')).toBeNull();
  });
});

describe('the end of a listing or a transfer', () => {
  it('replaces the form with the success message and a Close button', () => {
    tx.phase = 'done';
    saveSession({ token: 'tok', address: SENDER, wallet: 'io.metamask', walletName: 'MetaMask' });
    const onClose = vi.fn();
    const list = renderWithCache(
      <ListModal item={itemOf(CONTRACT_TYPE.erc1155)} held={5} royalty={null} onClose={onClose} />,
    );
    expect(screen.getByTestId('list-success').textContent).toBe('Your item is listed');
    expect(screen.queryByTestId('amount-input')).toBeNull();
    expect(screen.queryByTestId('list-confirm')).toBeNull();
    expect(screen.getByTestId('tx-status').getAttribute('data-phase')).toBe('done');
    fireEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    list.unmount();

    renderWithCache(
      <TransferModal item={itemOf(CONTRACT_TYPE.erc1155)} held={5} onClose={onClose} />,
    );
    expect(screen.getByTestId('transfer-success').textContent).toBe('Transfer successful');
    expect(screen.queryByTestId('transfer-to')).toBeNull();
    expect(screen.queryByTestId('transfer-review')).toBeNull();
    fireEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps the confirm step, with its button busy, while the transaction runs', () => {
    tx.phase = 'pending';
    renderWithCache(
      <ListModal item={itemOf(CONTRACT_TYPE.erc1155)} held={5} royalty={null} onClose={noop} />,
    );
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('list-review'));
    expect(screen.getByTestId('list-confirm-step')).toBeTruthy();
    const confirm = screen.getByTestId('list-confirm');
    expect(confirm.textContent).toBe('Processing…');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('list-success')).toBeNull();
  });
});

describe('transferring an item', () => {
  it("warns that the sender's listing goes stale, and refuses a wrong checksum", () => {
    saveSession({ token: 'tok', address: SENDER, wallet: 'io.metamask', walletName: 'MetaMask' });
    const listing = order(7, { ownerAddr: SENDER, price: '2.5', coin: 'AIA' });
    renderWithCache(
      <TransferModal
        item={itemOf(CONTRACT_TYPE.erc721)}
        held={1}
        listing={listing}
        onClose={noop}
      />,
    );
    expect(screen.getByTestId('transfer-listed-warning').textContent).toContain('2.5 AIA');
    // The recipient's checksummed address with one letter's case flipped.
    fireEvent.change(screen.getByTestId('transfer-to'), {
      target: { value: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293bc' },
    });
    fireEvent.click(screen.getByTestId('transfer-review'));
    expect(screen.getByRole('alert').textContent).toBe(
      'The address has a wrong checksum (its upper and lower case letters): check it',
    );
    expect(screen.queryByTestId('transfer-confirm-step')).toBeNull();
  });

  it('gives no listing warning for an item that is not listed', () => {
    saveSession({ token: 'tok', address: SENDER, wallet: 'io.metamask', walletName: 'MetaMask' });
    renderWithCache(<TransferModal item={itemOf(CONTRACT_TYPE.erc721)} held={1} onClose={noop} />);
    expect(screen.queryByTestId('transfer-listed-warning')).toBeNull();
  });
});
