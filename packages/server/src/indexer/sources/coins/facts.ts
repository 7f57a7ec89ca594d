// Moves and approvals of the coins offers pay with: the offerers whose funds to read again.
import { lower, type FactHandler } from '../../sync/fact-rows.js';

export const coinFacts: FactHandler<'coin'> = (facts, e) => {
  const ev = e.event;
  const touch = (owner: string) => facts.funds.push(`${e.address}|${lower(owner)}`);
  if (ev.eventName === 'Transfer') {
    touch(ev.args.from);
    touch(ev.args.to);
  } else if (ev.eventName === 'Approval') touch(ev.args.owner);
  else if (ev.eventName === 'Deposit') touch(ev.args.to);
  else touch(ev.args.from);
};
