import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { writeFileSync } from 'node:fs';
import { it, vi } from 'vitest';
const tx = vi.hoisted(() => ({ phase: 'idle' as string }));
vi.mock('../../../components/trade', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../components/trade')>();
  return {
    ...real,
    useTxFlow: () => {
      const flow = real.useTxFlow();
      return tx.phase === 'idle' ? flow : { ...flow, busy: tx.phase === 'pending', state: { phase: tx.phase, step: null, hash: null, error: null } };
    },
  };
});
import { CONTRACT_TYPE, NATIVE_COIN_ADDRESS, type ContractType } from '@aiamarket/shared';
import { createQueryClient } from '../../../app/Providers';
import { CONTRACT } from '../../../test/market-fixtures';
import { saveSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { ListModal } from './ListModal';
import { TransferModal } from './TransferModal';

const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const itemOf = (contractType: ContractType) => ({ contractAddr: CONTRACT, tokenId: '7', contractType, name: 'P' });
function r(ui: React.ReactNode) {
  mockApi({});
  const client = createQueryClient();
  client.setQueryData(['listing-coins'], [{ address: NATIVE_COIN_ADDRESS, symbol: 'AIA', decimals: 18 }]);
  client.setQueryData(['transaction-fee'], 2);
  client.setQueryData(['royalty-of', CONTRACT.toLowerCase(), '7'], 5);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
const out: string[] = [];
const snap = (label: string) => out.push(`== ${label}\n` + document.body.innerHTML.replace(/«r[0-9a-z]+»|:r[0-9a-z]+:/g, 'ID').replace(/></g, '>\n<'));
it('captures', () => {
  saveSession({ token: 'tok', address: SENDER, wallet: 'io.metamask', walletName: 'MetaMask' });
  for (const ct of [CONTRACT_TYPE.erc1155, CONTRACT_TYPE.erc721]) {
    const a = r(<ListModal item={itemOf(ct)} held={5} royalty={null} onClose={() => undefined} />);
    snap(`list ${ct} initial`);
    const amt = screen.queryByTestId('amount-input');
    if (amt) { fireEvent.change(amt, { target: { value: '9' } }); snap(`list ${ct} 9`); }
    a.unmount();
    for (const held of [0, 5]) {
      const b = r(<TransferModal item={itemOf(ct)} held={held} onClose={() => undefined} />);
      snap(`transfer ${ct} ${held} initial`);
      const tamt = screen.queryByTestId('transfer-amount');
      if (tamt) fireEvent.change(tamt, { target: { value: '9' } });
      fireEvent.change(screen.getByTestId('transfer-to'), { target: { value: 'x' } });
      fireEvent.click(screen.getByTestId('transfer-review'));
      snap(`transfer ${ct} ${held} errors`);
      b.unmount();
    }
  }
  for (const phase of ['done', 'pending', 'error']) {
    tx.phase = phase;
    const a = r(<ListModal item={itemOf(CONTRACT_TYPE.erc1155)} held={5} royalty={null} onClose={() => undefined} />);
    snap(`list ${phase}`);
    a.unmount();
    const b = r(<TransferModal item={itemOf(CONTRACT_TYPE.erc1155)} held={5} onClose={() => undefined} />);
    snap(`transfer ${phase}`);
    b.unmount();
  }
  tx.phase = 'idle';
  writeFileSync(process.env.DOM_OUT ?? '/tmp/dom.txt', out.join('\n'));
});
